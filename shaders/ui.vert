// The panels' triangles (gl/ui_renderer.h): positions in the UI's pixels, to clip space by an
// orthographic projection; colours as normalised bytes.

layout(location = 0) in vec2 position;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec4 color;

uniform mat4 projection;

out vec2 frag_uv;
out vec4 frag_color_in;

void main() {
    frag_uv = uv;
    frag_color_in = color;
    gl_Position = projection * vec4(position, 0.0, 1.0);
}
