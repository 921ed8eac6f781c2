// Skeleton bones in their colour, and joints as round dots with a little relief.
in vec4 line_color;
uniform bool round_points;
out vec4 frag_color;

void main() {
    if (round_points) {
        vec2 d = gl_PointCoord * 2.0 - 1.0;
        float r = dot(d, d);
        if (r > 1.0) discard;
        frag_color = vec4(line_color.rgb * (1.0 - 0.35 * r), line_color.a);  // a little relief
        return;
    }
    frag_color = line_color;
}
