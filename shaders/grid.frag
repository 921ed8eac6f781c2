// Anti-aliased grid lines that fade with distance: soft, never noisy. Cheap per pixel (on a
// software renderer the ground's pixels are a good part of the frame): the faded-out rim is
// left early, and both line spacings share one derivative.

in vec3 world_position;

uniform vec3 center;
uniform float cell;      // spacing of the minor lines
uniform float extent;

out vec4 frag_color;

// Coverage of the lines of a grid whose cells are 1 unit, at g, with w its pixel footprint.
float grid_line(vec2 g, vec2 w) {
    vec2 a = abs(fract(g - 0.5) - 0.5) / w;
    return 1.0 - min(min(a.x, a.y), 1.0);
}

void main() {
    float fade = 1.0 - smoothstep(0.3, 1.0, length(world_position.xz - center.xz) / extent);
    vec2 g = world_position.xz / cell;
    vec2 w = fwidth(g);  // every pixel of the quad, before any early exit
    if (fade <= 0.0) discard;
    float minor = grid_line(g, w);
    float major = grid_line(g * 0.1, w * 0.1);
    float alpha = max(minor * 0.18, major * 0.4) * fade;
    frag_color = vec4(vec3(0.75), alpha);
}
