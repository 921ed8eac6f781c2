// The panels: the vertex colour, times the texture (the font atlas) for text; plain shapes
// (ui.vert) are not sampled.
in vec2 frag_uv;
in vec4 frag_color_in;
flat in int textured;

uniform sampler2D ui_texture;

out vec4 frag_color;

void main() {
    frag_color = textured != 0 ? frag_color_in * texture(ui_texture, frag_uv) : frag_color_in;
}
