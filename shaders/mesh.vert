// The character's skin: positions and normals come deformed from the CPU each frame.

layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normal;
layout(location = 2) in vec2 uv;
layout(location = 3) in vec4 color;
layout(location = 4) in float scalar;  // the value shown by the colour maps

uniform mat4 view_projection;
uniform float depth_offset;  // toward the camera, in normalised device depth: the wireframe's lines

out vec3 world_position;
out vec3 world_normal;
out vec2 texture_uv;
out vec4 vertex_color;
out float vertex_scalar;

void main() {
    world_position = position;
    world_normal = normal;
    texture_uv = uv;
    vertex_color = color;
    vertex_scalar = scalar;
    gl_Position = view_projection * vec4(position, 1.0);
    gl_Position.z -= depth_offset * gl_Position.w;
}
