// The panels: the vertex colour times the texture (the font atlas, whose white texel the
// untextured shapes sample).
in vec2 frag_uv;
in vec4 frag_color_in;

uniform sampler2D ui_texture;

out vec4 frag_color;

void main() {
    frag_color = frag_color_in * texture(ui_texture, frag_uv);
}
