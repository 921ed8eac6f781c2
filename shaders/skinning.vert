#version 330 core
// The whole deformation in the vertex shader, with exactly the CPU's formulas
// (src/core/linear_blend_skinning.cpp, src/core/bend_deformer.cpp): LBS or DQS of the rest
// vertex, then the bend about each joint of the vertex's hierarchical-weight list, and the
// normal transformed by the cofactor of the deformation's Jacobian. The CPU uploads only
// per-joint data each frame.

layout(location = 0) in vec3 rest_position;
layout(location = 1) in vec3 rest_normal;
layout(location = 2) in vec2 uv;
layout(location = 3) in vec4 color;
layout(location = 4) in float scalar;
layout(location = 5) in ivec4 ranges;  // influences: offset, count; betas: offset, count
layout(location = 6) in float bend_weight;  // gamma_i, the painted layer
// Per instance (a herd): where it stands (xyz) and its turn about +Y (w), and which row of
// joint data it shows. A single character has one row and no offset.
layout(location = 7) in vec4 instance_placement;
layout(location = 8) in int instance_row;

// Per joint, kJointTexels RGBA32F texels: the skinning matrix's 4 columns, the angular
// drive W (xyz) and gain (w), the linear drive (xyz), the bend origin (xyz), and the rigid
// part of the skinning transform as a unit dual quaternion (real, dual).
const int kJointTexels = 9;
uniform samplerBuffer joints;     // rows of joint_count joints
uniform int joint_count;
uniform samplerBuffer influences;  // (joint, weight) pairs
uniform samplerBuffer betas;       // (joint, beta) pairs

uniform mat4 view_projection;
uniform bool bend_enabled;
uniform bool dual_quaternion;
uniform float character_size;  // L
uniform float max_angle;       // soft limit; <= 0 or infinite: off

out vec3 world_position;
out vec3 world_normal;
out vec2 texture_uv;
out vec4 vertex_color;
out float vertex_scalar;

vec4 joint_texel(int joint, int k) { return texelFetch(joints, (instance_row * joint_count + joint) * kJointTexels + k); }

vec3 cofactor_transform(mat3 m, vec3 n) {
    return cross(m[1], m[2]) * n.x + cross(m[2], m[0]) * n.y + cross(m[0], m[1]) * n.z;
}

vec3 normalized_or(vec3 v, vec3 fallback) {
    float len = length(v);
    return len > 1e-20 && !isinf(len) && !isnan(len) ? v / len : fallback;
}

vec4 quat_multiply(vec4 a, vec4 b) {  // (x, y, z, w)
    return vec4(a.w * b.xyz + b.w * a.xyz + cross(a.xyz, b.xyz), a.w * b.w - dot(a.xyz, b.xyz));
}

vec3 quat_rotate(vec4 q, vec3 v) { return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v); }

void skin_linear(out vec3 p, out vec3 n) {
    mat4 blended = mat4(0.0);
    for (int e = ranges.x; e < ranges.x + ranges.y; ++e) {
        vec2 iw = texelFetch(influences, e).xy;
        int j = int(iw.x);
        blended += iw.y * mat4(joint_texel(j, 0), joint_texel(j, 1), joint_texel(j, 2), joint_texel(j, 3));
    }
    p = vec3(blended * vec4(rest_position, 1.0));
    n = normalized_or(cofactor_transform(mat3(blended), rest_normal), rest_normal);
}

void skin_dual_quaternion(out vec3 p, out vec3 n) {
    vec4 real = vec4(0.0), dual = vec4(0.0), pivot = vec4(0.0, 0.0, 0.0, 1.0);
    for (int e = ranges.x; e < ranges.x + ranges.y; ++e) {
        vec2 iw = texelFetch(influences, e).xy;
        int j = int(iw.x);
        vec4 r = joint_texel(j, 7), d = joint_texel(j, 8);
        if (e == ranges.x) pivot = r;
        float sign = dot(r, pivot) < 0.0 ? -1.0 : 1.0;
        real += sign * iw.y * r;
        dual += sign * iw.y * d;
    }
    float len = length(real);
    if (!(len > 1e-12)) {
        p = rest_position;
        n = rest_normal;
        return;
    }
    real /= len;
    dual /= len;
    vec4 t = 2.0 * quat_multiply(dual, vec4(-real.xyz, real.w));
    p = quat_rotate(real, rest_position) + t.xyz;
    n = quat_rotate(real, rest_normal);
}

void main() {
    vec3 p, n;
    if (dual_quaternion) skin_dual_quaternion(p, n);
    else skin_linear(p, n);

    float g = bend_weight;
    if (bend_enabled && g != 0.0) {
        vec3 offset = vec3(0.0);
        mat3 jacobian = mat3(1.0);
        bool moved = false;
        bool limit = max_angle > 0.0 && !isinf(max_angle);
        for (int e = ranges.z; e < ranges.z + ranges.w; ++e) {
            vec2 jb = texelFetch(betas, e).xy;
            int j = int(jb.x);
            float beta = jb.y;
            vec4 angular_gain = joint_texel(j, 4);
            vec3 angular = angular_gain.xyz, linear = joint_texel(j, 5).xyz;
            float gain = angular_gain.w;
            if (gain == 0.0 || (angular == vec3(0.0) && linear == vec3(0.0))) continue;
            float k = g * gain * (1.0 / character_size);
            vec3 u = p - joint_texel(j, 6).xyz;

            float speed = length(angular);
            if (speed > 0.0) {
                vec3 axis = angular / speed;
                vec3 u_perp = u - dot(u, axis) * axis;
                float distance = length(u_perp);
                float theta = -k * speed * distance, slope = 1.0;
                if (limit) {
                    float th = tanh(theta / max_angle);
                    theta = max_angle * th;
                    slope = 1.0 - th * th;
                }
                if (!isinf(theta) && !isnan(theta) && theta != 0.0) {
                    float c = cos(theta), s = sin(theta);
                    vec3 rotated_minus_u = s * cross(axis, u) - (1.0 - c) * u_perp;
                    offset += beta * rotated_minus_u;
                    mat3 cross_axis = mat3(vec3(0.0, axis.z, -axis.y), vec3(-axis.z, 0.0, axis.x),
                                           vec3(axis.y, -axis.x, 0.0));
                    mat3 dj = (c - 1.0) * (mat3(1.0) - outerProduct(axis, axis)) + s * cross_axis;
                    if (distance > 0.0)
                        dj += outerProduct(cross(axis, u + rotated_minus_u), (-k * speed * slope / distance) * u_perp);
                    jacobian += beta * dj;
                    moved = true;
                }
            }
            if (linear != vec3(0.0)) {
                float distance = length(u);
                vec3 lag = (-beta * k * distance) * linear;
                if (!any(isinf(lag)) && !any(isnan(lag))) {
                    offset += lag;
                    if (distance > 0.0) jacobian += outerProduct((-beta * k) * linear, u / distance);
                    moved = true;
                }
            }
        }
        if (moved) {
            p += offset;
            n = normalized_or(cofactor_transform(jacobian, n), n);
        }
    }

    float c = cos(instance_placement.w), s = sin(instance_placement.w);
    mat3 turn = mat3(vec3(c, 0.0, -s), vec3(0.0, 1.0, 0.0), vec3(s, 0.0, c));
    world_position = turn * p + instance_placement.xyz;
    world_normal = turn * n;
    p = world_position;
    texture_uv = uv;
    vertex_color = color;
    vertex_scalar = scalar;
    gl_Position = view_projection * vec4(p, 1.0);
}
