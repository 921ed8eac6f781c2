// Anti-aliased grid lines that fade with distance: soft, never noisy.

in vec3 world_position;

uniform vec3 center;
uniform float cell;      // spacing of the minor lines
uniform float extent;

out vec4 frag_color;

float grid_line(vec2 p, float spacing) {
    vec2 g = p / spacing;
    vec2 w = fwidth(g);
    vec2 a = abs(fract(g - 0.5) - 0.5) / w;
    return 1.0 - min(min(a.x, a.y), 1.0);
}

void main() {
    vec2 p = world_position.xz;
    float minor = grid_line(p, cell);
    float major = grid_line(p, cell * 10.0);
    float fade = 1.0 - smoothstep(0.3, 1.0, length(world_position.xz - center.xz) / extent);
    float alpha = max(minor * 0.18, major * 0.4) * fade;
    frag_color = vec4(vec3(0.75), alpha);
}
