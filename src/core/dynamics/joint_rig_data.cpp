#include "core/dynamics/joint_rig_data.h"

#include "core/dynamics/joint_motion_history.h"
#include "core/formulas/delayed_lbs.h"
#include "core/formulas/squash_centroids.h"

namespace dynskin {

JointRigData::JointRigData(const Character& c, const HierarchicalWeights& betas)
    : character(c),
      size(character_size(c.skeleton, c.mesh)),
      teleport_steps(dynskin::teleport_steps(c.skeleton, size)),
      rest_centroids(dynskin::rest_centroids(c.mesh, betas)),
      joint_centroids(dynskin::joint_centroids(rest_centroids, c.mesh.inverse_binds)),
      longest_delay_distance(longest_skeleton_distance(c.skeleton) / size) {}

}  // namespace dynskin
