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

}  // namespace dynskin
