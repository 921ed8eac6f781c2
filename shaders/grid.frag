// The ground grid's lines (gl/ground_grid.h, grid.vert): coverage falling from 1 on the line
// to 0 a pixel away, times the line's strength there.

in float across;
in float strength;

out vec4 frag_color;

void main() {
    frag_color = vec4(vec3(0.75), strength * (1.0 - min(abs(across), 1.0)));
}
