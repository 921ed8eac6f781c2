// The source texture, filtered as the texture says (nearest for a copy at the same size,
// linear for a stretch).
in vec2 frag_uv;

uniform sampler2D source;

out vec4 frag_color;

void main() {
    frag_color = texture(source, frag_uv);
}
