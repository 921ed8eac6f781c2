// The ground grid's lines (gl/ground_grid.h, grid.vert): coverage falling from 1 on the line
// to 0 a pixel away, times the line's strength there; blended, or, opaque, mixed here with the
// background it is drawn over (what blending would give).

in float across;
in float strength;

uniform bool opaque;
uniform vec3 background;

out vec4 frag_color;

void main() {
    const vec3 line = vec3(0.75);
    float alpha = strength * (1.0 - min(abs(across), 1.0));
    frag_color = opaque ? vec4(mix(background, line, alpha), 1.0) : vec4(line, alpha);
}
