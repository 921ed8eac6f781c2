// Skeleton bones and joints, drawn on top of the skin.

layout(location = 0) in vec3 position;
layout(location = 1) in vec4 color;

uniform mat4 view_projection;
uniform float point_size;

out vec4 line_color;

void main() {
    line_color = color;
    gl_Position = view_projection * vec4(position, 1.0);
    gl_PointSize = point_size;
}
