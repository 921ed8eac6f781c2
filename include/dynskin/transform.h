#pragma once
// A joint's local transform as translation, rotation, scale (the glTF TRS order:
// M = T * R * S), and helpers shared by the whole core.

#include <cmath>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace dynskin {

struct Trs {
    glm::vec3 translation{0.0f};
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};  // unit quaternion (w, x, y, z)
    glm::vec3 scale{1.0f};

    glm::mat4 to_matrix() const;
};

// T R S read back from a matrix M = T R S, in double precision and relative to the matrix's
// own scale (so millimetre and kilometre scales decompose like 1 does); a mirror becomes one
// negative scale, any shear is dropped. False, leaving trs as it was, when the linear part
// is singular or the matrix not finite.
bool decompose(const glm::dmat4& m, Trs& trs);

// The rotations' small functions below run per joint and tick (the measurement clock, the
// frames' interpolation): defined here, so that they inline into those loops.

// Rotation vector (axis * angle, radians) of the shortest arc of q: q and -q are the
// same rotation, so the result's angle is always in [0, pi].
inline glm::vec3 rotation_log(glm::quat q) {
    if (q.w < 0.0f) q = -q;  // shortest arc
    const glm::vec3 v(q.x, q.y, q.z);
    // The turn of one tick is small (below 0.2 rad up to 12 rad/s at 60 Hz): there the angle
    // over |v|, 2 atan(x) / (x w) with x = |v| / w, is a short series in x^2 <= 0.01, exact
    // to float (the next term is x^12 / 13 < 1e-13), and needs neither atan2 nor a square
    // root. The measurement clock takes one log per joint and tick.
    const float s2 = glm::dot(v, v), w2 = q.w * q.w;
    if (s2 <= 0.01f * w2) {
        const float y = s2 / w2;
        const float series = 1.0f + y * (-1.0f / 3 + y * (1.0f / 5 + y * (-1.0f / 7 + y * (1.0f / 9 + y * (-1.0f / 11)))));
        return v * (2.0f * series / q.w);
    }
    const float s = std::sqrt(s2);
    const float angle = 2.0f * std::atan2(s, q.w);
    return v * (angle / s);
}

// Inverse of rotation_log: the unit quaternion rotating by |v| radians about v.
inline glm::quat rotation_exp(glm::vec3 v) {
    // A tick's turn (below 0.4 rad): cos(angle / 2) and sin(angle / 2) / angle as series in
    // x = angle^2 / 4 <= 0.04, exact to float (the next terms are below 1e-11), with neither a
    // square root nor a sine; the measurement clock steps a uniform turn by it each tick.
    const float x = 0.25f * glm::dot(v, v);
    if (x <= 0.04f) {
        const float c = 1.0f + x * (-1.0f / 2 + x * (1.0f / 24 + x * (-1.0f / 720 + x * (1.0f / 40320))));
        const float s = 0.5f * (1.0f + x * (-1.0f / 6 + x * (1.0f / 120 + x * (-1.0f / 5040 + x * (1.0f / 362880)))));
        return glm::quat(c, s * v.x, s * v.y, s * v.z);
    }
    const float angle = glm::length(v);
    const glm::vec3 axis = v / angle;
    const float s = std::sin(0.5f * angle);
    return glm::quat(std::cos(0.5f * angle), axis.x * s, axis.y * s, axis.z * s);
}

// The point at a of the short great circle through unit quaternions q0 (a = 0) and q1
// (a = 1): between them for a in [0, 1], carried on past q1 beyond 1, as
// rotation_exp(a rotation_log(q1 q0^-1)) q0.
inline glm::quat great_circle(glm::quat q0, glm::quat q1, float a) {
    float d = glm::dot(q0, q1);
    if (d < 0.0f) {
        q1 = -q1;
        d = -d;
    }
    // Up to 0.2 rad apart (clip keys, frames: the half angle theta <= 0.1): the weights
    // sin(k theta) / sin(theta) as a series in theta^2, itself a series in 1 - d, exact to float
    // for |k theta| <= 0.2 (the next terms are below 1e-8), with neither acos nor sin.
    if (d >= 0.995f) {
        const float e = 1.0f - d;
        const float theta2 = e * (2.0f + e * (1.0f / 3 + e * (4.0f / 45)));
        const auto weight = [theta2](float k) {
            const float k2 = k * k;
            return k * (1.0f + theta2 * ((1.0f - k2) / 6 + theta2 * (7.0f - 10.0f * k2 + 3.0f * k2 * k2) / 360));
        };
        return weight(1.0f - a) * q0 + weight(a) * q1;
    }
    const float theta = std::acos(d);
    const float s = std::sin(theta);
    return (std::sin((1.0f - a) * theta) / s) * q0 + (std::sin(a * theta) / s) * q1;
}

// Spherical interpolation on the short path; a = 0 gives q0 and a = 1 gives q1 exactly.
inline glm::quat slerp_shortest(glm::quat q0, glm::quat q1, float a) {
    if (a <= 0.0f) return q0;
    if (a >= 1.0f) return q1;
    // Nearly equal (below 0.03 rad apart): the lerp, normalised, within 3e-6 of the circle, as
    // shaders/skinning.vert and core/fast/delayed_lbs_rotation_table.h restate this function
    // (with the exact curve there instead, the GPU's normals of the dragon parted from the
    // CPU's by up to 0.5 in the drag modes of gl.gpu_skinning).
    const float d = glm::dot(q0, q1);
    if (std::abs(d) > 0.9995f) return glm::normalize(q0 + a * ((d < 0.0f ? -q1 : q1) - q0));
    return great_circle(q0, q1, a);
}

}  // namespace dynskin
