// The panels' triangles (gl/ui_renderer.h): positions in the UI's pixels, to clip space by an
// orthographic projection; colours as normalised bytes. A triangle whose (first) corner points
// at the atlas's white texel is a plain shape: it is not sampled (ui.frag).

layout(location = 0) in vec2 position;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec4 color;

uniform mat4 projection;
uniform vec2 white_uv;  // the font atlas's white texel

out vec2 frag_uv;
out vec4 frag_color_in;
flat out int textured;

void main() {
    frag_uv = uv;
    frag_color_in = color;
    textured = uv == white_uv ? 0 : 1;
    gl_Position = projection * vec4(position, 0.0, 1.0);
}
