#include "dynskin/pose.h"

namespace dynskin {

void forward_kinematics(const Skeleton& skeleton, const Pose& pose, std::vector<glm::mat4>& globals) {
    const int n = skeleton.joint_count();
    globals.resize(n);
    for (int j = 0; j < n; ++j) {
        const glm::mat4 local = pose.local[j].to_matrix();
        const int p = skeleton.parents[j];
        globals[j] = p < 0 ? local : globals[p] * local;
    }
}

}  // namespace dynskin
