// The ground at the character's feet: a disc (a fan of corners on the unit circle, the
// centre first) as wide as the grid's fade, so that no pixel past the fade is shaded; the
// grid itself is drawn per pixel.

layout(location = 0) in vec2 corner;  // on the unit disc

uniform mat4 view_projection;
uniform vec3 center;
uniform float extent;

out vec3 world_position;

void main() {
    world_position = center + vec3(corner.x, 0.0, corner.y) * extent;
    gl_Position = view_projection * vec4(world_position, 1.0);
}
