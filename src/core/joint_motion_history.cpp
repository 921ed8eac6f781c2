#include "core/joint_motion_history.h"

namespace dynskin {

JointMotionHistory::JointMotionHistory(int joint_count, int capacity)
    : joint_count_(joint_count), capacity_(capacity), omega_row_(joint_count), velocity_row_(joint_count),
      rotation_row_(joint_count) {
    angular_velocity_.resize(joint_count, capacity);
    linear_velocity_.resize(joint_count, capacity);
    rotations_.resize(joint_count, capacity);
}

void JointMotionHistory::measure(const Pose& previous, const Pose& current) {
    for (int j = 0; j < joint_count_; ++j) {
        const Trs& a = previous.local[j];
        const Trs& b = current.local[j];
        // A joint that did not move measures exactly zero (the quaternion product would
        // leave rounding noise, and a still joint must cost nothing and bend nothing).
        omega_row_[j] = b.rotation == a.rotation ? glm::vec3(0.0f)
                                                 : rotation_log(b.rotation * glm::conjugate(a.rotation)) *
                                                       static_cast<float>(kTicksPerSecond);
        velocity_row_[j] = (b.translation - a.translation) * static_cast<float>(kTicksPerSecond);
        rotation_row_[j] = b.rotation;
    }
}

void JointMotionHistory::restart(Tick tick, const Skeleton& skeleton, const PoseSampler& sampler) {
    previous_.local = skeleton.rest;
    current_.local = skeleton.rest;
    sampler(tick_time(tick - 1), previous_);
    sampler(tick_time(tick), current_);
    measure(previous_, current_);
    // The velocities of the first tick stand for the whole past: no spurious change of
    // speed at the start. Rotations before it read as the previous tick's pose.
    angular_velocity_.fill(tick, omega_row_.data());
    linear_velocity_.fill(tick, velocity_row_.data());
    for (int j = 0; j < joint_count_; ++j) rotation_row_[j] = previous_.local[j].rotation;
    rotations_.fill(tick - 1, rotation_row_.data());
    for (int j = 0; j < joint_count_; ++j) rotation_row_[j] = current_.local[j].rotation;
    rotations_.push(rotation_row_.data());
    started_ = true;
    ++restarts_;
}

void JointMotionHistory::advance(double t, const Skeleton& skeleton, const PoseSampler& sampler) {
    const Tick target = first_tick_at_or_after(t);
    if (!started_ || target < newest_tick() - 1) {
        restart(target, skeleton, sampler);
        return;
    }
    // A jump longer than the buffer: only the last `capacity_` ticks can matter.
    if (target > newest_tick() + capacity_) restart(target - capacity_ + 1, skeleton, sampler);
    for (Tick n = newest_tick() + 1; n <= target; ++n) {
        std::swap(previous_, current_);
        current_.local = skeleton.rest;
        sampler(tick_time(n), current_);
        measure(previous_, current_);
        angular_velocity_.push(omega_row_.data());
        linear_velocity_.push(velocity_row_.data());
        rotations_.push(rotation_row_.data());
    }
}

}  // namespace dynskin
