// The ground grid's lines (gl/ground_grid.h), a piece of a line per quad: two pixels wide about
// the piece on screen (half_width 1), made here from its two ends so that it keeps its width in
// pixels at any distance; or per line one pixel wide (half_width 0: two corners of one side).
// The part behind the near plane is cut off first (the direction on screen needs both ends in
// front). How strongly the piece shows is worked out at its ends: faded toward the disc's
// rim (the minor lines by half its radius), and where the next line is closer than a few
// pixels on screen (minor lines first: major ones are ten cells apart), where lines would
// only shimmer and pile up toward the horizon. A piece that does not show at either end
// collapses to nothing: no pixel of it is shaded.

layout(location = 0) in vec3 end_a;
layout(location = 1) in vec3 end_b;
layout(location = 2) in vec2 corner;  // x: 0 at end_a, 1 at end_b; y: -1 or 1 across
layout(location = 3) in float major;

uniform mat4 view_projection;
uniform vec2 viewport;  // pixels
uniform vec3 center;
uniform float extent;   // the disc's radius
uniform float cell;     // spacing of the minor lines
uniform float half_width;  // pixels aside: 1 for the quads, 0 for lines

out float across;    // pixels from the line, -1 .. 1 (0 on lines)
out float strength;  // the line's opacity here

vec2 pixels(vec4 clip) { return clip.xy / clip.w * 0.5 * viewport; }

// Pixels from the line (direction on screen `direction`) at p to the parallel line `step` away.
float pixels_to(vec3 p, vec2 here, vec3 step, vec2 direction) {
    vec4 next = view_projection * vec4(p + step, 1.0);
    if (next.w <= 0.0) return 1e6;  // behind the camera
    vec2 offset = pixels(next) - here;
    return abs(offset.x * direction.y - offset.y * direction.x);
}

float strength_at(vec3 p, vec4 clip, vec3 step, vec2 direction) {
    vec2 r = (p.xz - center.xz) / extent;
    // Major lines fade from 0.3 of the way to the rim, minor ones from 0.15 to 0.5 of it: a
    // fine grid where the character stands, a coarse one around it.
    float fade = major > 0.5 ? 1.0 - smoothstep(0.09, 1.0, dot(r, r)) : 1.0 - smoothstep(0.0225, 0.25, dot(r, r));
    vec2 here = pixels(clip);
    float apart = min(pixels_to(p, here, step, direction), pixels_to(p, here, -step, direction));
    return (major > 0.5 ? 0.4 : 0.18) * fade * smoothstep(2.0, 6.0, apart);
}

void main() {
    vec4 a = view_projection * vec4(end_a, 1.0);
    vec4 b = view_projection * vec4(end_b, 1.0);
    float in_front_a = a.z + a.w, in_front_b = b.z + b.w;  // >= 0 in front of the near plane
    float cut = in_front_a / (in_front_a - in_front_b);    // where the piece meets the near plane
    float t0 = in_front_a < 0.0 ? cut : 0.0;
    float t1 = in_front_b < 0.0 ? cut : 1.0;
    vec4 p0 = mix(a, b, t0), p1 = mix(a, b, t1);
    vec2 along = pixels(p1) - pixels(p0);
    float length_pixels = length(along);
    vec2 direction = length_pixels > 1e-6 ? along / length_pixels : vec2(1.0, 0.0);

    vec3 line = end_b - end_a;
    vec3 step = (major > 0.5 ? 10.0 : 1.0) * cell * normalize(vec3(line.z, 0.0, -line.x));
    float s0 = strength_at(mix(end_a, end_b, t0), p0, step, direction);
    float s1 = strength_at(mix(end_a, end_b, t1), p1, step, direction);
    if ((in_front_a < 0.0 && in_front_b < 0.0) || max(s0, s1) < 0.5 / 255.0) {
        gl_Position = vec4(0.0);  // wholly behind the camera, or nowhere to be seen
        return;
    }
    vec4 position = corner.x < 0.5 ? p0 : p1;
    across = corner.y * half_width;
    position.xy += vec2(-direction.y, direction.x) * across * 2.0 / viewport * position.w;  // a pixel aside
    gl_Position = position;
    strength = corner.x < 0.5 ? s0 : s1;
}
