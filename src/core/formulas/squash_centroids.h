#pragma once
// The centre of each joint's squash & stretch: the area-weighted centroid of the skin the
// joint moves (its beta region in the rest mesh), carried by the joint like its skin is,
// plus the user's offset in the joint's frame. The medial axis runs from the joint to it.

#include <cmath>
#include <vector>

#include "core/dynamics/joint_drive.h"
#include "dynskin/hierarchical_weights.h"
#include "dynskin/settings.h"
#include "dynskin/skinned_mesh.h"

namespace dynskin {

// A turning joint squashes about its medial axis only when its centroid lies farther than
// this many character sizes from it (closer, the axis has no direction to speak of).
constexpr float kMinMedialLength = 1e-3f;

// Rest-space centroids, one per joint: sum_i beta_ij a_i r_i / sum_i beta_ij a_i with a_i a
// third of the area of the triangles around vertex i. A joint that moves no skin gets its
// bind position.
std::vector<glm::vec3> rest_centroids(const SkinnedMesh& mesh, const HierarchicalWeights& betas);

// The rest centroids in their joints' frames, B_j^-1 c_rest: what the joints carry.
std::vector<glm::vec3> joint_centroids(const std::vector<glm::vec3>& rest, const std::vector<glm::mat4>& inverse_binds);

// The user's offset of joint j's centroid, in its frame (none for a joint without settings,
// or one that is not finite).
inline glm::vec3 centroid_offset(const DynamicSettings& settings, int joint) {
    if (joint >= static_cast<int>(settings.joints.size())) return glm::vec3(0.0f);
    const glm::vec3& offset = settings.joints[joint].centroid_offset;
    return std::isfinite(offset.x + offset.y + offset.z) ? offset : glm::vec3(0.0f);
}

// A joint's centroid c_j = G_j in_joint (in_joint: the centroid in the joint's frame, offset
// included) and its medial direction from the joint's position q_j; a centroid so far that
// its distance overflows a float is the joint's position.
struct SquashAxis {
    glm::vec3 centroid;
    glm::vec3 medial;  // unit, or 0 when c_j and q_j nearly coincide
};
SquashAxis squash_axis(const glm::vec3& in_joint, const glm::mat4& global, const glm::vec3& position, float size);

// Sets each drive's centroid c_j = G_j (B_j^-1 c_rest + offset_j) and its medial direction
// from the drive's joint position (which must be set). in_joints: joint_centroids(); globals:
// the joints at t.
void place_centroids(const std::vector<glm::vec3>& in_joints, const std::vector<glm::mat4>& globals,
                     const DynamicSettings& settings, float size, std::vector<JointDrive>& drives);

}  // namespace dynskin
