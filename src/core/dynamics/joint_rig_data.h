#pragma once
// What the joint level needs of a character beyond its skeleton, computed once and shared
// by every instance of it (the Deformer's own, or a crowd's thousands): the character size
// L and the ground, each joint's teleport step, the squash centroids, and how far along the skeleton a
// dLBS delay can reach.

#include <vector>

#include "dynskin/character.h"
#include "dynskin/hierarchical_weights.h"

#include <glm/gtc/quaternion.hpp>

namespace dynskin {

struct JointRigData {
    // A copy of what the joint level reads of the character, which need not outlive it.
    JointRigData(const Character& character, const HierarchicalWeights& betas);

    Skeleton skeleton;
    std::vector<glm::mat4> inverse_binds;  // B_j^-1, per joint
    float size;                            // L
    float ground;                          // the contact fade's ground height along up_axis (ground_of)
    int up_axis;                           // Character::up_axis
    std::vector<float> teleport_steps;     // per joint (joint_motion_history.h)
    std::vector<float> morph_defaults;     // the mesh's default morph weights, flattened
    std::vector<glm::vec3> rest_centroids; // per joint (squash_centroids.h)
    std::vector<glm::vec3> joint_centroids;  // the same in their joints' frames
    // Per joint: whether its inverse bind's linear part is a rotation times a positive
    // scale per axis (orthogonal columns, no mirror), and that rotation. Then the skinning
    // matrix G_j B_j^-1 of a pose without scale has the rotation q_G q_B, which is cheaper
    // than reading it back from the matrix (JointLevelState::rigid_part).
    std::vector<char> rigid_inverse_binds;
    std::vector<glm::quat> inverse_bind_rotations;
    // An upper bound of every vertex's distance along the skeleton to a joint that moves it
    // (skeleton_distances), in sizes: the longest dLBS delay is this over c.
    float longest_delay_distance;
};

}  // namespace dynskin
