#include "core/dynamics/joint_drive.h"

#include <algorithm>
#include <cmath>

#include "core/support/soft_limit.h"

namespace dynskin {

glm::vec3 filtered_velocity(const TickHistory<glm::vec3>& history, int joint, Tick n,
                            const OscillationKernel& kernel, float drag, bool oscillations) {
    glm::vec3 f = drag * history.row(n)[joint];
    if (!oscillations) return f;
    // kappa(0) = 0, so the sum starts at k = 1.
    for (int k = 1; k < kernel.length(); ++k)
        f += kernel.at(k) * (history.row(n - k)[joint] - history.row(n - k - 1)[joint]);
    return f;
}

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
    d.origin = glm::vec3(global * glm::vec4(joint.origin_offset, 1.0f));
    d.position = glm::vec3(global[3]);
    return d;
}

void JointDriveFilter::compute(const Skeleton& skeleton, const DynamicSettings& settings,
                               const JointMotionHistory& history, double t, const Pose& pose,
                               const std::vector<glm::mat4>& globals, float size, std::vector<JointDrive>& drives) {
    const int joint_count = skeleton.joint_count();
    const DynamicParameters& p = settings.parameters;
    drives.assign(joint_count, JointDrive{});
    if (p.mode == DeformerMode::LbsOnly || !history.started()) return;

    kernels_.resize(joint_count);
    global_rotations_.resize(joint_count);
    const bool oscillations = p.mode == DeformerMode::DynamicSkinning;
    const float translation_gain = std::isfinite(p.translation_gain) ? p.translation_gain : 0.0f;

    // t lies in (t_{n-1}, t_n]; at a tick time alpha is exactly 1.
    const Tick n = first_tick_at_or_after(t);
    float alpha = static_cast<float>((t - tick_time(n - 1)) * kTicksPerSecond);
    alpha = std::abs(alpha - 1.0f) < 1e-6f ? 1.0f : std::clamp(alpha, 0.0f, 1.0f);

    const bool squash = std::isfinite(p.squash) && p.squash != 0.0f;
    for (int j = 0; j < joint_count; ++j) {
        const int parent = skeleton.parents[j];
        global_rotations_[j] = parent < 0 ? pose.local[j].rotation : global_rotations_[parent] * pose.local[j].rotation;

        const JointSettings joint = j < static_cast<int>(settings.joints.size()) ? settings.joints[j] : JointSettings{};
        JointDrive& d = drives[j];
        d = resting_drive(joint, globals[j]);
        if (d.gain == 0.0f) continue;

        OscillationKernel& kernel = kernels_[j];
        kernel.configure(settings.oscillation_of(j));
        const float drag = kernel.parameters().drag;
        auto at_t = [&](const TickHistory<glm::vec3>& h, float scale, bool with_oscillations) {
            const glm::vec3 f1 = filtered_velocity(h, j, n, kernel, scale, with_oscillations);
            if (alpha == 1.0f) return f1;
            const glm::vec3 f0 = filtered_velocity(h, j, n - 1, kernel, scale, with_oscillations);
            return f0 + alpha * (f1 - f0);
        };
        const glm::quat parent_rotation = parent < 0 ? glm::quat(1, 0, 0, 0) : global_rotations_[parent];
        const glm::mat3 parent_linear = parent < 0 ? glm::mat3(1.0f) : glm::mat3(globals[parent]);
        if (joint.bend.rotation) {
            d.angular = parent_rotation * at_t(history.angular_velocity(), drag, oscillations);
            d.angular_drag = parent_rotation * at_t(history.angular_velocity(), drag, false);
        }
        if (joint.bend.translation && translation_gain != 0.0f) {
            d.linear = translation_gain * (parent_linear * at_t(history.linear_velocity(), drag, oscillations));
            d.linear_drag = translation_gain * (parent_linear * at_t(history.linear_velocity(), drag, false));
            limit_linear_drive(d, size, p.max_angle);
        }
        if (squash && joint.squash.rotation)
            d.angular_velocity = parent_rotation * at_t(history.angular_velocity(), 1.0f, false);
        if (squash && joint.squash.translation)
            d.linear_velocity = parent_linear * at_t(history.linear_velocity(), 1.0f, false);
    }
}

}  // namespace dynskin
