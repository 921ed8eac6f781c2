#include "dynskin/transform.h"

#include <algorithm>
#include <cmath>

namespace dynskin {

glm::mat4 Trs::to_matrix() const {
    const glm::mat3 r = glm::mat3_cast(rotation);
    glm::mat4 m(1.0f);
    m[0] = glm::vec4(r[0] * scale.x, 0.0f);
    m[1] = glm::vec4(r[1] * scale.y, 0.0f);
    m[2] = glm::vec4(r[2] * scale.z, 0.0f);
    m[3] = glm::vec4(translation, 1.0f);
    return m;
}

bool decompose(const glm::dmat4& m, Trs& trs) {
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            if (!std::isfinite(m[c][r])) return false;
    glm::dmat3 linear(m);
    glm::dvec3 scale(glm::length(linear[0]), glm::length(linear[1]), glm::length(linear[2]));
    const double largest = std::max({scale.x, scale.y, scale.z});
    if (!(largest > 0.0)) return false;
    const double det = glm::determinant(linear);
    if (!(std::abs(det) > 1e-12 * largest * largest * largest)) return false;
    if (det < 0.0) scale.x = -scale.x;  // a mirror: one negative scale keeps R a rotation
    glm::dmat3 rotation(linear[0] / scale.x, linear[1] / scale.y, linear[2] / scale.z);
    // Orthonormalise (Gram-Schmidt), dropping any shear.
    rotation[0] = glm::normalize(rotation[0]);
    rotation[1] = glm::normalize(rotation[1] - glm::dot(rotation[1], rotation[0]) * rotation[0]);
    rotation[2] = glm::cross(rotation[0], rotation[1]);
    trs.translation = glm::vec3(m[3]);
    trs.rotation = glm::normalize(glm::quat(glm::quat_cast(rotation)));
    trs.scale = glm::vec3(scale);
    return true;
}

glm::vec3 rotation_log(glm::quat q) {
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

glm::quat rotation_exp(glm::vec3 v) {
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

glm::quat great_circle(glm::quat q0, glm::quat q1, float a) {
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

glm::quat slerp_shortest(glm::quat q0, glm::quat q1, float a) {
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
