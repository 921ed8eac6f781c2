#include "core/dynamics/joint_rig_data.h"

#include <cmath>

#include "core/dynamics/joint_motion_history.h"
#include "core/formulas/delayed_lbs.h"
#include "core/formulas/squash_centroids.h"
#include "dynskin/linear_blend_skinning.h"

namespace dynskin {

JointRigData::JointRigData(const Character& c, const HierarchicalWeights& betas)
    : skeleton(c.skeleton),
      inverse_binds(c.mesh.inverse_binds),
      size(size_of(c)),
      ground(ground_of(c)),
      up_axis(c.up_axis),
      teleport_steps(dynskin::teleport_steps(c.skeleton, size)),
      morph_defaults(c.mesh.morphs.default_weights()),
      rest_centroids(dynskin::rest_centroids(c.mesh, betas)),
      joint_centroids(dynskin::joint_centroids(rest_centroids, c.mesh.inverse_binds)),
      longest_delay_distance(longest_skeleton_distance(c.skeleton) / size) {
    const std::size_t joints = c.mesh.inverse_binds.size();
    rigid_inverse_binds.assign(joints, 0);
    inverse_bind_rotations.assign(joints, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
    for (std::size_t j = 0; j < joints; ++j) {
        const glm::mat3 m(c.mesh.inverse_binds[j]);
        const float a = glm::length(m[0]), b = glm::length(m[1]), d = glm::length(m[2]);
        const float tolerance = 1e-6f * a * b + 1e-6f * b * d + 1e-6f * a * d;
        const bool orthogonal = std::abs(glm::dot(m[0], m[1])) <= tolerance && std::abs(glm::dot(m[1], m[2])) <= tolerance &&
                                std::abs(glm::dot(m[0], m[2])) <= tolerance;
        rigid_inverse_binds[j] = orthogonal && glm::determinant(m) > 0.0f && std::isfinite(a * b * d) && a * b * d > 0.0f;
        inverse_bind_rotations[j] = rigid_rotation(c.mesh.inverse_binds[j]);
    }
}

}  // namespace dynskin
