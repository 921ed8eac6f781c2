// The whole deformation in the vertex shader, with exactly the CPU's formulas
// (src/core/formulas/linear_blend_skinning.cpp, src/core/formulas/bend.cpp): LBS or DQS of the rest
// vertex, then the bend about each joint of the vertex's hierarchical-weight list, and the
// normal transformed by the cofactor of the deformation's Jacobian. The CPU uploads only
// per-joint data each frame.

layout(location = 0) in vec3 rest_position;
layout(location = 1) in vec3 rest_normal;
layout(location = 2) in vec2 uv;
layout(location = 3) in vec4 color;
layout(location = 4) in float scalar;
layout(location = 5) in ivec4 ranges;  // influences: offset, count; betas: offset, count
layout(location = 6) in vec3 layers;  // the painted layers: bend gamma_i, floppy phi_i, squash sigma_i
// Per instance (a crowd): where it stands. Instance k reads the k-th character's joint rows
// (gl_InstanceID); a single character has one set of rows and no offset.
layout(location = 7) in vec3 instance_offset;

// Lookup tables (include/dynskin/shader_layout.h): 2D float textures kTexelTableWidth texels wide,
// read by one index (table_coordinate). Per joint, kJointTexelCount RGBA32F texels, read by
// the names kTexel... that the program declares above this file's first line
// (include/dynskin/shader_layout.h: the layout, written once, with kStretchLimit and kTicksPerSecond
// from the core, and the tables' width).
uniform sampler2D joints;         // rows of joint_count joints
uniform int joint_count;
uniform sampler2D influences;     // (joint, weight) pairs
uniform sampler2D betas;          // (joint, beta, skeleton distance / L, 0) per pair
uniform sampler2D inverse_binds;  // 4 columns per joint

// dLBS: rotations reach a vertex from joint a after (distance / c) seconds.
uniform bool delayed;
uniform float propagation_speed;      // c, character sizes per second
uniform sampler2D rotation_ring;   // local rotations at the ticks: ring_ticks rows of joint_count
uniform int ring_ticks;
uniform int newest_row;               // ring row of the newest tick (t_newest >= t > t_newest-1)
uniform int rows_kept;                // ticks held, newest included
uniform float since_previous_tick;    // (t - t_{newest-1}) in ticks, in (0, 1]

uniform mat4 view_projection;
uniform float depth_offset;  // toward the camera, in normalised device depth: the wireframe's lines
uniform bool bend_enabled;
uniform bool dual_quaternion;
uniform float character_size;  // L
uniform float max_angle;       // soft limit; <= 0 or infinite: off
uniform float max_offset;      // soft limit of the whole offset, world units; <= 0: off
uniform float ground_band;     // ground contact: offsets fade in up to this height (units); 0: off
uniform float ground_height;   // the ground plane: ground_up . p = ground_height
uniform float ground_up_x;     // ground_up, a unit vector
uniform float ground_up_y;
uniform float ground_up_z;
uniform float squash;          // S, seconds; 0: off
uniform bool squash_about_centroid;  // else about the medial axis

out vec3 world_position;
out vec3 world_normal;
out vec2 texture_uv;
out vec4 vertex_color;
out float vertex_scalar;

// The per-vertex stage (docs/engine-api.md), from here to main(): packages/dynskin-core
// generates the web packages' GLSL stage from this part of the file
// (scripts/generate-stage.mjs), which therefore reads only the inputs and uniforms declared
// above and defines no input, output or uniform of its own.

// Texel i of a table.
vec4 table_texel(sampler2D table, int i) {
    return texelFetch(table, ivec2(i & (kTexelTableWidth - 1), i >> kTexelTableWidthLog2), 0);
}

vec4 joint_texel(int joint, int k) { return table_texel(joints, (gl_InstanceID * joint_count + joint) * kJointTexelCount + k); }

// Restates core/formulas/bend.cpp's cofactor_transform.
vec3 cofactor_transform(mat3 m, vec3 n) {
    return cross(m[1], m[2]) * n.x + cross(m[2], m[0]) * n.y + cross(m[0], m[1]) * n.z;
}

// As core/formulas/linear_blend_skinning.cpp's normalized_or.
vec3 normalized_or(vec3 v, vec3 fallback) {
    float len = length(v);
    return len > 1e-20 && !isinf(len) && !isnan(len) ? v / len : fallback;
}

vec4 quat_multiply(vec4 a, vec4 b) {  // (x, y, z, w)
    return vec4(a.w * b.xyz + b.w * a.xyz + cross(a.xyz, b.xyz), a.w * b.w - dot(a.xyz, b.xyz));
}

vec3 quat_rotate(vec4 q, vec3 v) { return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v); }

// sin and cos to float precision (about 1e-8 for |x| up to a few hundred). GLSL leaves the
// built-ins' precision to the implementation: Vulkan-class drivers, SwiftShader among them,
// may be off by 2^-11, which put the shader 1e-4 of the size away from the CPU in WebGL.
vec2 precise_sin_cos(float x) {
    float quadrant = floor(x * 0.63661977236758134 + 0.5);  // x / (pi / 2), rounded
    float r = (x - quadrant * 1.5707963705062866) + quadrant * 4.3711388286737929e-8;  // pi / 2 in two parts
    float r2 = r * r;
    float s = r + r * r2 * (-1.6666666666666667e-1 + r2 * (8.3333333333333333e-3 + r2 * (-1.9841269841269841e-4 +
                                                                                         r2 * 2.7557319223985891e-6)));
    float c = 1.0 + r2 * (-0.5 + r2 * (4.1666666666666667e-2 + r2 * (-1.3888888888888889e-3 + r2 * 2.4801587301587302e-5)));
    int q = int(quadrant - 4.0 * floor(quadrant * 0.25));  // 0..3
    if (q == 1) return vec2(c, -s);
    if (q == 2) return vec2(-s, -c);
    if (q == 3) return vec2(-c, s);
    return vec2(s, c);
}

// acos to float precision: the built-in's (see above), refined by two Newton steps on
// cos(theta) = d; for d in [0, 0.9995] (slerp_shortest), where sin(theta) >= 0.03.
float precise_acos(float d) {
    float theta = acos(d);
    for (int k = 0; k < 2; ++k) {
        vec2 sc = precise_sin_cos(theta);
        theta += (sc.y - d) / sc.x;
    }
    return theta;
}

vec4 slerp_shortest(vec4 q0, vec4 q1, float a) {  // as src/core/model/transform.cpp
    if (a <= 0.0) return q0;
    if (a >= 1.0) return q1;
    float d = dot(q0, q1);
    if (d < 0.0) {
        q1 = -q1;
        d = -d;
    }
    if (d > 0.9995) return normalize(q0 + a * (q1 - q0));
    float theta = precise_acos(d);
    float s = precise_sin_cos(theta).x;
    return (precise_sin_cos((1.0 - a) * theta).x / s) * q0 + (precise_sin_cos(a * theta).x / s) * q1;
}

// The ring row `back` ticks before the newest, held at the oldest tick kept.
vec4 ring_rotation(int back, int joint) {
    back = clamp(back, 0, rows_kept - 1);
    int row = (newest_row - back + ring_ticks) % ring_ticks;
    return table_texel(rotation_ring, row * joint_count + joint);
}

// Joint a's local rotation at t - delay, as delayed_rotation() in src/core/formulas/delayed_lbs.cpp.
vec4 delayed_rotation(int joint, float delay) {
    vec4 now = joint_texel(joint, kTexelRotation);
    if (!(delay > 0.0)) return now;
    float x = since_previous_tick - delay * kTicksPerSecond;  // ticks after t_{newest-1}
    if (x >= 0.0) return slerp_shortest(ring_rotation(1, joint), now, x / since_previous_tick);
    float m = floor(x);
    int back = 1 - int(m);  // the tick at or before the target, counted back from the newest
    return slerp_shortest(ring_rotation(back, joint), ring_rotation(back - 1, joint), x - m);
}

mat4 trs(vec3 t, vec4 q, vec3 s) {
    vec3 x = quat_rotate(q, vec3(1.0, 0.0, 0.0)), y = quat_rotate(q, vec3(0.0, 1.0, 0.0)),
         z = quat_rotate(q, vec3(0.0, 0.0, 1.0));
    return mat4(vec4(x * s.x, 0.0), vec4(y * s.y, 0.0), vec4(z * s.z, 0.0), vec4(t, 1.0));
}

// The skeleton distance of ancestor a from this vertex, from its hierarchical-weight list.
float distance_of(int a) {
    for (int e = ranges.z; e < ranges.z + ranges.w; ++e) {
        vec4 b = table_texel(betas, e);
        if (int(b.x) == a) return b.z;
    }
    return 0.0;
}

// dLBS: restates core/formulas/delayed_lbs.cpp's delayed_linear_blend_skinning per vertex.
void skin_delayed(out vec3 p, out vec3 n) {
    mat4 blended = mat4(0.0);
    for (int e = ranges.x; e < ranges.x + ranges.y; ++e) {
        vec2 iw = table_texel(influences, e).xy;
        if (!(iw.y > 0.0)) continue;
        int j = int(iw.x);
        // Delayed forward kinematics, from the influence up to the root.
        mat4 global = mat4(1.0);
        for (int a = j; a >= 0;) {
            vec4 translation_parent = joint_texel(a, kTexelTranslationParent);
            vec4 rotation = delayed_rotation(a, distance_of(a) / propagation_speed);
            global = trs(translation_parent.xyz, rotation, joint_texel(a, kTexelScale).xyz) * global;
            a = int(translation_parent.w);
        }
        mat4 inverse_bind = mat4(table_texel(inverse_binds, 4 * j), table_texel(inverse_binds, 4 * j + 1),
                                 table_texel(inverse_binds, 4 * j + 2), table_texel(inverse_binds, 4 * j + 3));
        blended += iw.y * (global * inverse_bind);
    }
    p = vec3(blended * vec4(rest_position, 1.0));
    n = normalized_or(cofactor_transform(mat3(blended), rest_normal), rest_normal);
}

// LBS: restates core/formulas/linear_blend_skinning.cpp (skin_vertex).
void skin_linear(out vec3 p, out vec3 n) {
    mat4 blended = mat4(0.0);
    for (int e = ranges.x; e < ranges.x + ranges.y; ++e) {
        vec2 iw = table_texel(influences, e).xy;
        int j = int(iw.x);
        blended += iw.y * mat4(joint_texel(j, kTexelSkinning), joint_texel(j, kTexelSkinning + 1),
                              joint_texel(j, kTexelSkinning + 2), joint_texel(j, kTexelSkinning + 3));
    }
    p = vec3(blended * vec4(rest_position, 1.0));
    n = normalized_or(cofactor_transform(mat3(blended), rest_normal), rest_normal);
}

// DQS: restates core/formulas/linear_blend_skinning.cpp's dual_quaternion_skinning.
void skin_dual_quaternion(out vec3 p, out vec3 n) {
    vec4 real = vec4(0.0), dual = vec4(0.0), pivot = vec4(0.0, 0.0, 0.0, 1.0);
    for (int e = ranges.x; e < ranges.x + ranges.y; ++e) {
        vec2 iw = table_texel(influences, e).xy;
        int j = int(iw.x);
        vec4 r = joint_texel(j, kTexelDualReal), d = joint_texel(j, kTexelDualDual);
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

// Squash & stretch: restates core/formulas/squash.cpp (stretch, add_squash).
vec2 stretch(float x) {  // e(x) = exp(m tanh(x / m)), m = ln(kMaxStretch), and de/dx
    float m = kStretchLimit;
    float th = tanh(x / m);
    float e = exp(m * th);
    return vec2(e, e * (1.0 - th * th));
}

void add_along_velocity(vec3 v, vec3 centre, float k, float beta, vec3 p, inout vec3 offset, inout mat3 jacobian) {
    float speed = length(v);
    if (!(speed > 0.0) || isinf(speed)) return;
    vec3 along = v / speed;
    float e = stretch(k * speed).x;
    float across = 1.0 / sqrt(e) - 1.0;
    mat3 m = across * mat3(1.0) + (e - 1.0 - across) * outerProduct(along, along);
    offset += beta * (m * (p - centre));
    jacobian += beta * m;
}

// The caller has read joint j's velocities (one of them non-zero); the other texels are read
// here, only for the joints that squash.
void add_squash(int j, vec3 linear_velocity, vec3 angular_velocity, float k, float beta, vec3 p, inout vec3 offset,
                inout mat3 jacobian) {
    vec3 squash_centre = joint_texel(j, kTexelCentroid).xyz;
    if (linear_velocity != vec3(0.0)) add_along_velocity(linear_velocity, squash_centre, k, beta, p, offset, jacobian);
    if (angular_velocity == vec3(0.0)) return;
    vec3 medial = joint_texel(j, kTexelMedial).xyz;
    if (medial == vec3(0.0)) return;
    vec3 position = joint_texel(j, kTexelPosition).xyz;
    vec3 w = angular_velocity - dot(angular_velocity, medial) * medial;
    float turn = length(w);
    if (!(turn > 0.0) || isinf(turn)) return;
    if (squash_about_centroid) {
        add_along_velocity(cross(w, squash_centre - position), squash_centre, k, beta, p, offset, jacobian);
        return;
    }
    vec3 w_axis = w / turn;
    vec3 e1 = cross(medial, w_axis), e2 = cross(medial, e1);
    vec3 u = p - position;
    vec3 u_perp = u - dot(u, w_axis) * w_axis;
    float radius = length(u_perp);
    vec2 s = stretch(k * turn * radius);
    mat3 e1e1 = outerProduct(e1, e1), e2e2 = outerProduct(e2, e2);
    mat3 m = (s.x - 1.0) * e1e1 + (1.0 / s.x - 1.0) * e2e2;
    vec3 from_axis = p - squash_centre;
    offset += beta * (m * from_axis);
    mat3 dj = m;
    if (radius > 0.0) {
        mat3 dm = s.y * e1e1 - (s.y / (s.x * s.x)) * e2e2;
        dj += outerProduct(dm * from_axis, (k * turn / radius) * u_perp);
    }
    jacobian += beta * dj;
}

// Restates core/support/soft_limit.cpp's soft_limit: x unchanged up to the knee (half the limit), then
// sign(x) (knee + knee tanh((|x| - knee) / knee)); slope is its derivative.
float soft_limit(float x, float limit, out float slope) {
    float knee = 0.5 * limit;
    slope = 1.0;
    if (!(abs(x) > knee)) return x;
    float th = tanh((abs(x) - knee) / knee);
    slope = 1.0 - th * th;
    return sign(x) * (knee + knee * th);
}

// Restates core/formulas/bend.cpp's limit_offset: the soft limit of the offset's length, applied to the
// offset and its Jacobian.
void limit_offset(float limit, inout vec3 offset, inout mat3 jacobian) {
    float len = length(offset);
    if (!(len > 0.5 * limit)) return;
    float slope;
    float scale = soft_limit(len, limit, slope) / len;
    vec3 direction = offset / len;
    mat3 d = jacobian - mat3(1.0);
    jacobian = mat3(1.0) + scale * d + (slope - scale) * outerProduct(direction, transpose(d) * direction);
    offset *= scale;
}

// Ground contact: restates core/formulas/bend.h's fade_near_ground. p: the base position.
void fade_near_ground(vec3 p, inout vec3 offset, inout mat3 jacobian) {
    vec3 up = vec3(ground_up_x, ground_up_y, ground_up_z);
    float hold = 0.25 * ground_band, span = ground_band - hold;
    float x = (dot(up, p) - ground_height - hold) / span;
    if (!(x < 1.0)) return;
    if (!(x > 0.0)) {
        offset = vec3(0.0);
        jacobian = mat3(1.0);
        return;
    }
    float a = x * x * (3.0 - 2.0 * x), slope = 6.0 * x * (1.0 - x) / span;
    jacobian = mat3(1.0) + a * (jacobian - mat3(1.0)) + outerProduct(slope * offset, up);
    offset *= a;
}

// The bend's turn: restates core/formulas/bend.h's add_turn (its one definition), same
// operations in the same order; tests/gl/gpu_skinning_test.cpp holds them together.
bool add_turn(vec3 w, float k, float max_angle, float beta, vec3 u, inout vec3 offset, inout mat3 jacobian) {
    float speed = length(w);
    if (!(speed > 0.0)) return false;
    vec3 axis = w / speed;
    vec3 u_perp = u - dot(u, axis) * axis;
    float distance = length(u_perp);
    float slope = 1.0;
    float theta = -k * speed * distance;
    if (max_angle > 0.0) theta = soft_limit(theta, max_angle, slope);
    if (isinf(theta) || isnan(theta) || theta == 0.0) return false;
    vec2 sc = precise_sin_cos(theta);
    float c = sc.y, s = sc.x;
    vec3 rotated_minus_u = s * cross(axis, u) - (1.0 - c) * u_perp;
    offset += beta * rotated_minus_u;
    mat3 cross_axis = mat3(vec3(0.0, axis.z, -axis.y), vec3(-axis.z, 0.0, axis.x), vec3(axis.y, -axis.x, 0.0));
    mat3 dj = (c - 1.0) * (mat3(1.0) - outerProduct(axis, axis)) + s * cross_axis;
    if (distance > 0.0) dj += outerProduct(cross(axis, u + rotated_minus_u), (-k * speed * slope / distance) * u_perp);
    jacobian += beta * dj;
    return true;
}

// The translation term: restates core/formulas/bend.h's add_lag.
bool add_lag(vec3 v, float k, float beta, vec3 u, inout vec3 offset, inout mat3 jacobian) {
    if (v == vec3(0.0)) return false;
    float distance = length(u);
    vec3 lag = (-beta * k * distance) * v;
    if (any(isinf(lag)) || any(isnan(lag))) return false;
    offset += lag;
    if (distance > 0.0) jacobian += outerProduct((-beta * k) * v, u / distance);
    return true;
}

// The whole stage for this vertex: its deformed position and unit normal, in world space.
void deform_vertex(out vec3 p, out vec3 n) {
    if (delayed) skin_delayed(p, n);
    else if (dual_quaternion) skin_dual_quaternion(p, n);
    else skin_linear(p, n);

    float g = layers.x;
    float phi = layers.y - 1.0;  // 0: the drive as it is
    float sigma = squash * layers.z;
    if (bend_enabled && (g != 0.0 || sigma != 0.0)) {
        vec3 offset = vec3(0.0);
        mat3 jacobian = mat3(1.0);
        bool moved = false;
        bool limit = max_angle > 0.0 && !isinf(max_angle);
        for (int e = ranges.z; e < ranges.z + ranges.w; ++e) {
            vec2 jb = table_texel(betas, e).xy;
            int j = int(jb.x);
            float beta = jb.y;
            // Only the texels this vertex needs: a joint without gain adds nothing, the drag
            // only moves floppy vertices (phi != 0), the squash texels only squashing ones.
            vec4 angular_gain = joint_texel(j, kTexelAngularGain);
            float gain = angular_gain.w;
            if (gain == 0.0) continue;
            float k = g * gain * (1.0 / character_size);

            if (k != 0.0) {
                vec3 angular = angular_gain.xyz, linear = joint_texel(j, kTexelLinear).xyz;
                if (phi != 0.0) {
                    angular += phi * joint_texel(j, kTexelAngularDrag).xyz;
                    linear += phi * joint_texel(j, kTexelLinearDrag).xyz;
                }
                vec3 u = p - joint_texel(j, kTexelOrigin).xyz;
                moved = add_turn(angular, k, limit ? max_angle : 0.0, beta, u, offset, jacobian) || moved;
                moved = add_lag(linear, k, beta, u, offset, jacobian) || moved;
            }
            if (sigma != 0.0) {
                vec3 angular_velocity = joint_texel(j, kTexelAngularVelocity).xyz,
                     linear_velocity = joint_texel(j, kTexelLinearVelocity).xyz;
                if (angular_velocity == vec3(0.0) && linear_velocity == vec3(0.0)) continue;
                vec3 before = offset;
                add_squash(j, linear_velocity, angular_velocity, sigma * gain * (1.0 / character_size), beta, p, offset,
                           jacobian);
                moved = moved || offset != before;
            }
        }
        if (moved && !any(isinf(offset)) && !any(isnan(offset))) {
            if (max_offset > 0.0) limit_offset(max_offset, offset, jacobian);
            if (ground_band > 0.0) fade_near_ground(p, offset, jacobian);
            p += offset;
            n = normalized_or(cofactor_transform(jacobian, n), n);
        }
    }
}

void main() {
    vec3 p, n;
    deform_vertex(p, n);
    world_position = p + instance_offset;
    world_normal = n;
    p = world_position;
    texture_uv = uv;
    vertex_color = color;
    vertex_scalar = scalar;
    gl_Position = view_projection * vec4(p, 1.0);
    gl_Position.z -= depth_offset * gl_Position.w;
}
