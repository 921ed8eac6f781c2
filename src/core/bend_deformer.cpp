#include "core/bend_deformer.h"

#include <cmath>

namespace dynskin {

LimitedAngle soft_limit(float angle, float max_angle) {
    if (!(max_angle > 0.0f) || !std::isfinite(max_angle)) return {angle, 1.0f};
    const float th = std::tanh(angle / max_angle);
    return {max_angle * th, 1.0f - th * th};
}

glm::vec3 cofactor_transform(const glm::mat3& m, const glm::vec3& n) {
    return glm::cross(m[1], m[2]) * n.x + glm::cross(m[2], m[0]) * n.y + glm::cross(m[0], m[1]) * n.z;
}

void apply_bend(const BendInputs& in, std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals) {
    const HierarchicalWeights& betas = *in.betas;
    const std::vector<float>& gamma = *in.bend_weights;
    const std::vector<JointDrive>& drives = *in.drives;
    const float inv_size = 1.0f / in.size;

    for (std::size_t i = 0; i < positions.size(); ++i) {
        const glm::vec3 p = positions[i];
        const float g = gamma[i];
        if (g == 0.0f) continue;
        glm::vec3 offset(0.0f);
        glm::mat3 jacobian(1.0f);
        bool moved = false;
        for (std::uint32_t e = betas.offsets[i]; e < betas.offsets[i + 1]; ++e) {
            const JointDrive& d = drives[betas.joints[e]];
            if (d.still()) continue;
            const float beta = betas.betas[e];
            const float k = g * d.gain * inv_size;  // angle per unit of |W x u|
            const glm::vec3 u = p - d.origin;

            const float speed = glm::length(d.angular);
            if (speed > 0.0f) {
                const glm::vec3 axis = d.angular / speed;
                const glm::vec3 u_perp = u - glm::dot(u, axis) * axis;
                const float distance = glm::length(u_perp);  // |W x u| = speed * distance
                const LimitedAngle theta = soft_limit(-k * speed * distance, in.max_angle);
                if (std::isfinite(theta.angle) && theta.angle != 0.0f) {
                    const float c = std::cos(theta.angle), s = std::sin(theta.angle);
                    const glm::vec3 axis_x_u = glm::cross(axis, u);
                    const glm::vec3 rotated_minus_u = s * axis_x_u - (1.0f - c) * u_perp;
                    offset += beta * rotated_minus_u;
                    // d/dp [Rot(theta(p)) u - u] = (R - I) + (axis x R u) grad(theta)^T
                    const glm::mat3 cross_axis(glm::vec3(0, axis.z, -axis.y), glm::vec3(-axis.z, 0, axis.x),
                                               glm::vec3(axis.y, -axis.x, 0));
                    const glm::mat3 r_minus_i = (c - 1.0f) * (glm::mat3(1.0f) - glm::outerProduct(axis, axis)) +
                                                s * cross_axis;
                    glm::mat3 dj = r_minus_i;
                    if (distance > 0.0f) {
                        const glm::vec3 grad_theta = (-k * speed * theta.slope / distance) * u_perp;
                        dj += glm::outerProduct(glm::cross(axis, u + rotated_minus_u), grad_theta);
                    }
                    jacobian += beta * dj;
                    moved = true;
                }
            }
            if (d.linear != glm::vec3(0.0f)) {
                const float distance = glm::length(u);
                const glm::vec3 lag = (-beta * k * distance) * d.linear;
                if (std::isfinite(lag.x) && std::isfinite(lag.y) && std::isfinite(lag.z)) {
                    offset += lag;
                    if (distance > 0.0f)
                        jacobian += glm::outerProduct((-beta * k) * d.linear, u / distance);
                    moved = true;
                }
            }
        }
        if (!moved) continue;
        positions[i] = p + offset;
        const glm::vec3 n = cofactor_transform(jacobian, normals[i]);
        const float len = glm::length(n);
        if (len > 1e-20f && std::isfinite(len)) normals[i] = n / len;
    }
}

}  // namespace dynskin
