// A texture copied onto the whole viewport (gl/texture_copy.h): one triangle covering it,
// made from the vertex index (no vertex buffer).

out vec2 frag_uv;

void main() {
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));  // (0,0) (2,0) (0,2)
    frag_uv = corner;
    gl_Position = vec4(2.0 * corner - 1.0, 0.0, 1.0);
}
