#include "dynskin/linear_blend_skinning.h"

#include <cmath>

#include "core/formulas/bend.h"
#include "core/formulas/rigid_dual_quaternion.h"

namespace dynskin {

glm::vec3 normalized_or(const glm::vec3& v, const glm::vec3& fallback) {
    const float len = glm::length(v);
    return len > 1e-20f && std::isfinite(len) ? v / len : fallback;
}

glm::quat rigid_rotation(const glm::mat4& m) {
    // Each column scaled by its reciprocal length (one division a column, not three: the
    // joint level computes this for every joint of every instance each frame).
    glm::mat3 r(m);
    for (int c = 0; c < 3; ++c) {
        const float length = std::sqrt(glm::dot(r[c], r[c]));
        if (length > 1e-20f && std::isfinite(length)) r[c] *= 1.0f / length;
        else r[c] = glm::vec3(c == 0, c == 1, c == 2);
    }
    const glm::quat q = glm::quat_cast(r);
    return q * (1.0f / std::sqrt(glm::dot(q, q)));
}

void skinning_matrices(const std::vector<glm::mat4>& globals, const std::vector<glm::mat4>& inverse_binds,
                       std::vector<glm::mat4>& skinning) {
    skinning.resize(globals.size());
    for (std::size_t j = 0; j < globals.size(); ++j) skinning[j] = globals[j] * inverse_binds[j];
}

void skin_vertex(const glm::mat4& blended, const glm::vec3& rest_position, const glm::vec3& rest_normal,
                 glm::vec3& position, glm::vec3& normal) {
    position = glm::vec3(blended * glm::vec4(rest_position, 1.0f));
    normal = normalized_or(cofactor_transform(glm::mat3(blended), rest_normal), rest_normal);
}

void linear_blend_skinning(const SkinnedMesh& mesh, const std::vector<glm::mat4>& skinning,
                           std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals, const RestShape* rest) {
    const RestShape shape = rest ? *rest : mesh.rest_shape();
    const std::size_t n = mesh.vertex_count();
    positions.resize(n);
    normals.resize(n);
    const SkinningWeights& w = mesh.weights;
    for (std::size_t i = 0; i < n; ++i) {
        glm::mat4 blended(0.0f);
        for (std::uint32_t e = w.offsets[i]; e < w.offsets[i + 1]; ++e) blended += w.weights[e] * skinning[w.joints[e]];
        skin_vertex(blended, shape.positions[i], shape.normals[i], positions[i], normals[i]);
    }
}

void dual_quaternion_skinning(const SkinnedMesh& mesh, const std::vector<glm::mat4>& skinning,
                              std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals, const RestShape* rest) {
    const RestShape shape = rest ? *rest : mesh.rest_shape();
    const std::size_t n = mesh.vertex_count();
    positions.resize(n);
    normals.resize(n);
    std::vector<glm::dualquat> joints(skinning.size());
    for (std::size_t j = 0; j < skinning.size(); ++j) joints[j] = rigid_dual_quaternion(skinning[j]);

    const SkinningWeights& w = mesh.weights;
    for (std::size_t i = 0; i < n; ++i) {
        glm::quat real(0, 0, 0, 0), dual(0, 0, 0, 0);
        glm::quat pivot(1, 0, 0, 0);
        for (std::uint32_t e = w.offsets[i]; e < w.offsets[i + 1]; ++e) {
            const glm::dualquat& q = joints[w.joints[e]];
            if (e == w.offsets[i]) pivot = q.real;
            const float sign = glm::dot(q.real, pivot) < 0.0f ? -1.0f : 1.0f;  // same hemisphere
            real += (sign * w.weights[e]) * q.real;
            dual += (sign * w.weights[e]) * q.dual;
        }
        const float len = glm::length(real);
        if (!(len > 1e-12f)) {
            positions[i] = shape.positions[i];
            normals[i] = shape.normals[i];
            continue;
        }
        real /= len;
        dual /= len;
        // translation = 2 dual conj(real); the dual part orthogonal to real does not matter here.
        const glm::quat tq = 2.0f * dual * glm::conjugate(real);
        positions[i] = real * shape.positions[i] + glm::vec3(tq.x, tq.y, tq.z);
        normals[i] = real * shape.normals[i];
    }
}

}  // namespace dynskin
