#pragma once
// A pose: one local transform per joint, and forward kinematics to global matrices.

#include <vector>

#include "core/skeleton.h"

namespace dynskin {

struct Pose {
    std::vector<Trs> local;  // one per skeleton joint, parent-local

    static Pose rest_of(const Skeleton& skeleton) { return Pose{skeleton.rest}; }
};

// globals[j] = globals[parent(j)] * local[j]; globals is resized to the joint count.
void forward_kinematics(const Skeleton& skeleton, const Pose& pose, std::vector<glm::mat4>& globals);

}  // namespace dynskin
