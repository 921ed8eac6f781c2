#include "dynskin/pose.h"

namespace dynskin {
namespace {

// a * b for matrices whose last row is 0 0 0 1 (a pose's transforms): glm's product, in its
// order of sums, without the terms that are exactly zero, so the same floats at a little
// over half the cost (forward kinematics runs for every joint of every instance each frame).
glm::mat4 affine_product(const glm::mat4& a, const glm::mat4& b) {
    glm::mat4 r;
    for (int c = 0; c < 3; ++c) r[c] = a[0] * b[c][0] + a[1] * b[c][1] + a[2] * b[c][2];
    r[3] = a[0] * b[3][0] + a[1] * b[3][1] + a[2] * b[3][2] + a[3];
    return r;
}

}  // namespace

void forward_kinematics(const Skeleton& skeleton, const Pose& pose, std::vector<glm::mat4>& globals) {
    const int n = skeleton.joint_count();
    globals.resize(n);
    // Through plain pointers: the vectors' own would be read again after every to_matrix().
    const Trs* locals = pose.local.data();
    const int* parents = skeleton.parents.data();
    glm::mat4* out = globals.data();
    for (int j = 0; j < n; ++j) {
        const glm::mat4 local = locals[j].to_matrix();
        const int p = parents[j];
        out[j] = p < 0 ? local : affine_product(out[p], local);
    }
}

}  // namespace dynskin
