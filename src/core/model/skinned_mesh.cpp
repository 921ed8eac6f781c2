#include "dynskin/skinned_mesh.h"

#include <cmath>

namespace dynskin {

void SkinningWeights::add_vertex(const std::vector<std::pair<std::uint32_t, float>>& influences) {
    for (const auto& [joint, weight] : influences) {
        joints.push_back(joint);
        weights.push_back(weight);
    }
    offsets.push_back(static_cast<std::uint32_t>(joints.size()));
}

std::string SkinnedMesh::validate(int joint_count) const {
    const std::size_t n = vertex_count();
    if (n == 0) return "the mesh has no vertex";
    if (rest_normals.size() != n) return "the mesh has " + std::to_string(rest_normals.size()) +
                                         " normals for " + std::to_string(n) + " vertices";
    if (weights.vertex_count() != n) return "the skinning weights cover " +
                                            std::to_string(weights.vertex_count()) + " vertices, not " +
                                            std::to_string(n);
    if (bend_weights.size() != n) return "the bend weight layer does not have one value per vertex";
    if (!floppy_weights.empty() && floppy_weights.size() != n)
        return "the floppy weight layer does not have one value per vertex";
    if (!squash_weights.empty() && squash_weights.size() != n)
        return "the squash weight layer does not have one value per vertex";
    if (triangles.size() % 3 != 0) return "the triangle index count is not a multiple of 3";
    for (std::uint32_t index : triangles)
        if (index >= n) return "a triangle refers to vertex " + std::to_string(index) + " of " + std::to_string(n);
    if (inverse_binds.size() != static_cast<std::size_t>(joint_count))
        return "the mesh has " + std::to_string(inverse_binds.size()) + " inverse binds for " +
               std::to_string(joint_count) + " joints";
    if (weights.offsets.empty() || weights.offsets[0] != 0 || weights.joints.size() != weights.weights.size() ||
        weights.offsets.back() != weights.joints.size())
        return "the skinning weight rows are inconsistent";
    for (std::size_t i = 0; i < n; ++i) {
        if (weights.offsets[i] > weights.offsets[i + 1]) return "the skinning weight rows are not sorted";
        if (!std::isfinite(rest_positions[i].x) || !std::isfinite(rest_positions[i].y) ||
            !std::isfinite(rest_positions[i].z))
            return "vertex " + std::to_string(i) + " has a non-finite position";
    }
    for (std::size_t k = 0; k < weights.joints.size(); ++k) {
        if (weights.joints[k] >= static_cast<std::uint32_t>(joint_count))
            return "a skinning weight refers to joint " + std::to_string(weights.joints[k]) + " of " +
                   std::to_string(joint_count);
        if (!std::isfinite(weights.weights[k])) return "a skinning weight is not finite";
    }
    return morphs.validate(n);
}

std::vector<glm::vec3> compute_vertex_normals(const std::vector<glm::vec3>& positions,
                                              const std::vector<std::uint32_t>& triangles) {
    std::vector<glm::vec3> normals(positions.size(), glm::vec3(0.0f));
    for (std::size_t t = 0; t + 2 < triangles.size(); t += 3) {
        const glm::vec3& a = positions[triangles[t]];
        const glm::vec3& b = positions[triangles[t + 1]];
        const glm::vec3& c = positions[triangles[t + 2]];
        const glm::vec3 area_normal = glm::cross(b - a, c - a);  // length = twice the area
        for (int k = 0; k < 3; ++k) normals[triangles[t + k]] += area_normal;
    }
    for (glm::vec3& n : normals) {
        const float len = glm::length(n);
        n = len > 0.0f ? n / len : glm::vec3(0.0f, 1.0f, 0.0f);
    }
    return normals;
}

}  // namespace dynskin
