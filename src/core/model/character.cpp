#include "dynskin/character.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "dynskin/linear_blend_skinning.h"

namespace dynskin {

std::string Character::validate() const {
    if (std::string e = skeleton.validate(); !e.empty()) return e;
    if (std::string e = mesh.validate(skeleton.joint_count()); !e.empty()) return e;
    for (const AnimationClip& clip : clips)
        if (std::string e = clip.validate(skeleton.joint_count(), mesh.morphs.weight_count()); !e.empty()) return e;
    if (!(size >= 0.0f) || !std::isfinite(size)) return "the character size must be a finite size > 0, or 0 (measured)";
    if (up_axis < 0 || up_axis > 2) return "the up axis must be 0 (x), 1 (y) or 2 (z)";
    if (std::isinf(ground)) return "the ground must be a finite height, or NaN (measured)";
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

std::vector<glm::vec3> rest_pose_positions(const Skeleton& skeleton, const SkinnedMesh& mesh) {
    std::vector<glm::mat4> globals, skinning;
    forward_kinematics(skeleton, Pose::rest_of(skeleton), globals);
    skinning_matrices(globals, mesh.inverse_binds, skinning);
    std::vector<glm::vec3> positions, normals;
    linear_blend_skinning(mesh, skinning, positions, normals);
    return positions;
}

float character_size(const Skeleton& skeleton, const SkinnedMesh& mesh) {
    std::vector<glm::mat4> globals;
    forward_kinematics(skeleton, Pose::rest_of(skeleton), globals);
    std::vector<glm::vec3> joints;
    for (const glm::mat4& g : globals) joints.emplace_back(g[3]);
    return character_size(joints, rest_pose_positions(skeleton, mesh));
}

float character_size(const std::vector<glm::vec3>& joints, const std::vector<glm::vec3>& skin) {
    const float skeleton_extent = bbox_diagonal(joints);
    const float mesh_extent = bbox_diagonal(skin);
    const bool finite = std::isfinite(skeleton_extent) && std::isfinite(mesh_extent);
    if (finite && skeleton_extent >= 0.1f * mesh_extent && skeleton_extent <= 2.0f * mesh_extent &&
        skeleton_extent > 0.0f)
        return skeleton_extent;
    if (finite && mesh_extent > 0.0f) return mesh_extent;
    return finite && skeleton_extent > 0.0f ? skeleton_extent : 1.0f;
}

float size_of(const Character& character) {
    return character.size > 0.0f ? character.size : character_size(character.skeleton, character.mesh);
}

float ground_of(const Character& character) {
    if (std::isfinite(character.ground)) return character.ground;
    float lowest = INFINITY;
    const int axis = std::clamp(character.up_axis, 0, 2);
    for (const glm::vec3& p : rest_pose_positions(character.skeleton, character.mesh)) lowest = std::min(lowest, p[axis]);
    return std::isfinite(lowest) ? lowest : 0.0f;
}

}  // namespace dynskin
