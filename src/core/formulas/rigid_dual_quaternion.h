#pragma once
// The rigid part of a skinning matrix as a unit dual quaternion, as DQS blends it. Apart
// from the public dynskin/linear_blend_skinning.h: GLM's dual quaternions are one of its
// experimental extensions, which the public headers do not ask their users to enable.

#include <glm/gtx/dual_quaternion.hpp>

#include "dynskin/linear_blend_skinning.h"

namespace dynskin {

inline glm::dualquat rigid_dual_quaternion(const glm::mat4& m) { return glm::dualquat(rigid_rotation(m), glm::vec3(m[3])); }

}  // namespace dynskin
