#include "core/formulas/squash_centroids.h"

#include <cmath>

namespace dynskin {

std::vector<glm::vec3> rest_centroids(const SkinnedMesh& mesh, const HierarchicalWeights& betas) {
    const std::size_t n = mesh.vertex_count();
    std::vector<float> area(n, 0.0f);
    for (std::size_t t = 0; t + 2 < mesh.triangles.size(); t += 3) {
        const std::uint32_t a = mesh.triangles[t], b = mesh.triangles[t + 1], c = mesh.triangles[t + 2];
        const float third = glm::length(glm::cross(mesh.rest_positions[b] - mesh.rest_positions[a],
                                                   mesh.rest_positions[c] - mesh.rest_positions[a])) / 6.0f;
        if (!std::isfinite(third)) continue;
        area[a] += third, area[b] += third, area[c] += third;
    }
    const std::size_t joint_count = mesh.inverse_binds.size();
    std::vector<glm::dvec3> sum(joint_count, glm::dvec3(0.0));
    std::vector<double> total(joint_count, 0.0);
    for (std::size_t i = 0; i < n; ++i)
        for (std::uint32_t e = betas.offsets[i]; e < betas.offsets[i + 1]; ++e) {
            const double w = double(betas.betas[e]) * area[i];
            sum[betas.joints[e]] += w * glm::dvec3(mesh.rest_positions[i]);
            total[betas.joints[e]] += w;
        }
    std::vector<glm::vec3> centroids(joint_count);
    for (std::size_t j = 0; j < joint_count; ++j)
        centroids[j] = total[j] > 0.0 ? glm::vec3(sum[j] / total[j])
                                      : glm::vec3(glm::inverse(mesh.inverse_binds[j])[3]);
    return centroids;
}

std::vector<glm::vec3> joint_centroids(const std::vector<glm::vec3>& rest, const std::vector<glm::mat4>& inverse_binds) {
    std::vector<glm::vec3> local(rest.size());
    for (std::size_t j = 0; j < rest.size(); ++j) local[j] = glm::vec3(inverse_binds[j] * glm::vec4(rest[j], 1.0f));
    return local;
}

SquashAxis squash_axis(const glm::vec3& in_joint, const glm::mat4& global, const glm::vec3& position, float size) {
    SquashAxis axis;
    axis.centroid = glm::vec3(global * glm::vec4(in_joint, 1.0f));
    glm::vec3 along = axis.centroid - position;
    if (!std::isfinite(glm::dot(along, along))) axis.centroid = position, along = glm::vec3(0.0f);
    const float length = glm::length(along);
    // Below a thousandth of the character the direction is noise: no medial axis.
    axis.medial = length > kMinMedialLength * size && std::isfinite(length) ? along / length : glm::vec3(0.0f);
    return axis;
}

void place_centroids(const std::vector<glm::vec3>& in_joints, const std::vector<glm::mat4>& globals,
                     const DynamicSettings& settings, float size, std::vector<JointDrive>& drives) {
    for (std::size_t j = 0; j < drives.size(); ++j) {
        JointDrive& d = drives[j];
        const SquashAxis axis = squash_axis(in_joints[j] + centroid_offset(settings, static_cast<int>(j)), globals[j], d.position, size);
        d.centroid = axis.centroid;
        d.medial = axis.medial;
    }
}

}  // namespace dynskin
