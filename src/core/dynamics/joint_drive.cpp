#include "core/dynamics/joint_drive.h"

#include <cmath>

#include "core/support/soft_limit.h"

namespace dynskin {

void limit_linear_drive(JointDrive& drive, float size, float max_angle) {
    if (!(max_angle > 0.0f) || !std::isfinite(max_angle)) return;
    // Below the knee (half the limit) nothing changes: known without a square root.
    const float knee = 0.5f * max_angle * size, gain2 = drive.gain * drive.gain;
    if (gain2 * glm::dot(drive.linear, drive.linear) <= knee * knee) return;
    const float lag_rate = std::abs(drive.gain) * glm::length(drive.linear) / size;
    if (!(lag_rate > 0.0f) || !std::isfinite(lag_rate)) return;
    const float scale = soft_limit(lag_rate, max_angle).angle / lag_rate;
    drive.linear *= scale;
    drive.linear_drag *= scale;
}

}  // namespace dynskin
