#include "core/dynamics/joint_drive.h"

#include <cmath>

#include "core/support/soft_limit.h"

namespace dynskin {

void limit_linear_drive(JointDrive& drive, float size, float max_angle) {
    if (!(max_angle > 0.0f) || !std::isfinite(max_angle)) return;
    const float lag_rate = std::abs(drive.gain) * glm::length(drive.linear) / size;
    if (!(lag_rate > 0.0f) || !std::isfinite(lag_rate)) return;
    const float scale = soft_limit(lag_rate, max_angle).angle / lag_rate;
    drive.linear *= scale;
    drive.linear_drag *= scale;
}

JointDrive resting_drive(const JointSettings& joint, const glm::mat4& global) {
    JointDrive d;
    d.gain = std::isfinite(joint.gain) ? joint.gain : 0.0f;
    // Without an offset the origin is the joint (the product would give it, at a cost).
    d.origin = joint.origin_offset == glm::vec3(0.0f) ? glm::vec3(global[3])
                                                       : glm::vec3(global * glm::vec4(joint.origin_offset, 1.0f));
    d.position = glm::vec3(global[3]);
    return d;
}

}  // namespace dynskin
