#include "core/formulas/bend.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/formulas/squash.h"
#include "dynskin/skinned_mesh.h"

namespace dynskin {

bool limit_offset(float limit, glm::vec3& offset, glm::mat3& jacobian) {
    const float length = glm::length(offset);
    if (!(length > 0.5f * limit) || !std::isfinite(length)) return false;
    const LimitedAngle limited = soft_limit(length, limit);
    const float scale = limited.angle / length, slope = limited.slope;
    const glm::vec3 direction = offset / length;
    const glm::mat3 d = jacobian - glm::mat3(1.0f);
    jacobian = glm::mat3(1.0f) + scale * d + (slope - scale) * glm::outerProduct(direction, glm::transpose(d) * direction);
    offset *= scale;
    return true;
}

bool fade_near_ground(const GroundFade& ground, const glm::vec3& p, glm::vec3& offset, glm::mat3& jacobian) {
    const float hold = 0.25f * ground.band, span = ground.band - hold;
    const float x = (glm::dot(ground.up, p) - ground.height - hold) / span;
    if (!(x < 1.0f)) return false;
    if (!(x > 0.0f)) {  // held: the base position, and its normal
        offset = glm::vec3(0.0f);
        jacobian = glm::mat3(1.0f);
        return true;
    }
    const float a = x * x * (3.0f - 2.0f * x), slope = 6.0f * x * (1.0f - x) / span;
    const glm::mat3 identity(1.0f);
    jacobian = identity + a * (jacobian - identity) + glm::outerProduct(slope * offset, ground.up);  // d grad(a)^T
    offset *= a;
    return true;
}

glm::vec3 cofactor_transform(const glm::mat3& m, const glm::vec3& n) {
    return glm::cross(m[1], m[2]) * n.x + glm::cross(m[2], m[0]) * n.y + glm::cross(m[0], m[1]) * n.z;
}

bool add_turn(const glm::vec3& w, float k, float max_angle, float beta, const glm::vec3& u, glm::vec3& offset,
              glm::mat3* jacobian) {
    const float speed = glm::length(w);
    if (!(speed > 0.0f)) return false;
    const glm::vec3 axis = w / speed;
    const glm::vec3 u_perp = u - glm::dot(u, axis) * axis;
    const float distance = glm::length(u_perp);  // |W x u| = speed * distance
    const LimitedAngle theta = soft_limit(-k * speed * distance, max_angle);
    if (!std::isfinite(theta.angle) || theta.angle == 0.0f) return false;
    const float c = std::cos(theta.angle), s = std::sin(theta.angle);
    const glm::vec3 rotated_minus_u = s * glm::cross(axis, u) - (1.0f - c) * u_perp;  // Rodrigues
    offset += beta * rotated_minus_u;
    if (!jacobian) return true;
    // d/dp [Rot(theta(p)) u - u] = (R - I) + (axis x R u) grad(theta)^T
    const glm::mat3 cross_axis(glm::vec3(0, axis.z, -axis.y), glm::vec3(-axis.z, 0, axis.x),
                               glm::vec3(axis.y, -axis.x, 0));
    glm::mat3 dj = (c - 1.0f) * (glm::mat3(1.0f) - glm::outerProduct(axis, axis)) + s * cross_axis;
    if (distance > 0.0f) {
        const glm::vec3 grad_theta = (-k * speed * theta.slope / distance) * u_perp;
        dj += glm::outerProduct(glm::cross(axis, u + rotated_minus_u), grad_theta);
    }
    *jacobian += beta * dj;
    return true;
}

bool add_lag(const glm::vec3& v, float k, float beta, const glm::vec3& u, glm::vec3& offset, glm::mat3* jacobian) {
    if (v == glm::vec3(0.0f)) return false;
    const float distance = glm::length(u);
    const glm::vec3 lag = (-beta * k * distance) * v;
    if (!std::isfinite(lag.x) || !std::isfinite(lag.y) || !std::isfinite(lag.z)) return false;
    offset += lag;
    if (jacobian && distance > 0.0f) *jacobian += glm::outerProduct((-beta * k) * v, u / distance);
    return true;
}

std::string BendInputs::problem(std::size_t vertex_count, std::size_t joint_count) const {
    auto count = [](std::size_t n) { return std::to_string(n); };
    if (betas.offsets.empty() || betas.vertex_count() != vertex_count)
        return "the hierarchical weights are for " + count(betas.offsets.empty() ? 0 : betas.vertex_count()) +
               " vertices, the skin has " + count(vertex_count);
    if (bend_weights.size() != vertex_count)
        return count(bend_weights.size()) + " bend weights for " + count(vertex_count) + " vertices";
    for (const std::vector<float>* layer : {floppy_weights, squash_weights})
        if (layer && !layer->empty() && layer->size() != vertex_count)
            return "a painted layer has " + count(layer->size()) + " values for " + count(vertex_count) + " vertices";
    if (drives.size() < joint_count)
        return count(drives.size()) + " drives for " + count(joint_count) + " joints";
    if (!(size > 0.0f) || !std::isfinite(size)) return "the character size is not a positive number";
    if (ground.on() && !(std::abs(glm::length(ground.up) - 1.0f) < 1e-3f)) return "the ground's up is not a unit vector";
    return {};
}

void apply_bend(const BendInputs& in, std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals) {
    const std::size_t joints =
        in.betas.joints.empty() ? 0 : *std::max_element(in.betas.joints.begin(), in.betas.joints.end()) + 1;
    const std::string problem = in.problem(positions.size(), joints);
    if (!problem.empty() || normals.size() != positions.size())
        throw std::invalid_argument("apply_bend: " + (problem.empty() ? "as many normals as positions needed" : problem));
    const HierarchicalWeights& betas = in.betas;
    const std::vector<float>& gamma = in.bend_weights;
    const std::vector<float> none;
    const std::vector<float>& floppy = in.floppy_weights ? *in.floppy_weights : none;
    const std::vector<float>& squash_layer = in.squash_weights ? *in.squash_weights : none;
    const std::vector<JointDrive>& drives = in.drives;
    const float inv_size = 1.0f / in.size;
    const float squash = std::isfinite(in.squash) ? in.squash : 0.0f;
    const float max_offset = in.max_offset > 0.0f && std::isfinite(in.max_offset) ? in.max_offset * in.size : 0.0f;

    for (std::size_t i = 0; i < positions.size(); ++i) {
        const glm::vec3 p = positions[i];
        const float g = gamma[i];
        const float phi = SkinnedMesh::layer_value(floppy, i) - 1.0f;  // 0: the drive as it is
        const float sigma = squash * SkinnedMesh::layer_value(squash_layer, i);
        if (g == 0.0f && sigma == 0.0f) continue;
        glm::vec3 offset(0.0f);
        glm::mat3 jacobian(1.0f);
        bool moved = false;
        for (std::uint32_t e = betas.offsets[i]; e < betas.offsets[i + 1]; ++e) {
            const JointDrive& d = drives[betas.joints[e]];
            if (d.still()) continue;
            const float beta = betas.betas[e];
            const float k = g * d.gain * inv_size;  // angle per unit of |W x u|
            const glm::vec3 u = p - d.origin;
            if (k != 0.0f) {
                moved |= add_turn(d.angular + phi * d.angular_drag, k, in.max_angle, beta, u, offset, &jacobian);
                moved |= add_lag(d.linear + phi * d.linear_drag, k, beta, u, offset, &jacobian);
            }
            if (sigma != 0.0f && d.squashes()) {
                const glm::vec3 before = offset;
                add_squash(d, in.squash_center, sigma * d.gain * inv_size, beta, p, offset, jacobian);
                moved |= offset != before;
            }
        }
        if (!moved) continue;
        if (!std::isfinite(offset.x) || !std::isfinite(offset.y) || !std::isfinite(offset.z)) continue;
        if (max_offset > 0.0f) limit_offset(max_offset, offset, jacobian);
        if (in.ground.on()) fade_near_ground(in.ground, p, offset, jacobian);
        positions[i] = p + offset;
        const glm::vec3 n = cofactor_transform(jacobian, normals[i]);
        const float len = glm::length(n);
        if (len > 1e-20f && std::isfinite(len)) normals[i] = n / len;
    }
}

}  // namespace dynskin
