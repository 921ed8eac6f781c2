#include "core/character.h"

#include <limits>

namespace dynskin {

std::string Character::validate() const {
    if (std::string e = skeleton.validate(); !e.empty()) return e;
    if (std::string e = mesh.validate(skeleton.joint_count()); !e.empty()) return e;
    for (const AnimationClip& clip : clips)
        if (std::string e = clip.validate(skeleton.joint_count(), mesh.morphs.weight_count()); !e.empty()) return e;
    return {};
}

static float bbox_diagonal(const std::vector<glm::vec3>& points) {
    if (points.empty()) return 0.0f;
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
    for (const glm::vec3& p : points) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    return glm::length(hi - lo);
}

float character_size(const Skeleton& skeleton, const SkinnedMesh& mesh) {
    std::vector<glm::mat4> globals;
    forward_kinematics(skeleton, Pose::rest_of(skeleton), globals);
    std::vector<glm::vec3> joints;
    for (const glm::mat4& g : globals) joints.emplace_back(g[3]);
    const float skeleton_extent = bbox_diagonal(joints);
    const float mesh_extent = bbox_diagonal(mesh.rest_positions);
    // A skeleton much smaller than its skin (one joint, or all joints at one spot) says
    // nothing about the character's size.
    if (skeleton_extent >= 0.1f * mesh_extent && skeleton_extent > 0.0f) return skeleton_extent;
    return mesh_extent > 0.0f ? mesh_extent : 1.0f;
}

}  // namespace dynskin
