#include "core/fast/delayed_lbs_rotation_table.h"

#include <algorithm>
#include <cmath>

namespace dynskin {

void DelayedRotationTable::resize(int joint_count, int capacity) {
    joint_count_ = joint_count;
    capacity_ = capacity;
    data_.assign(static_cast<std::size_t>(joint_count) * kFieldCount * stride(), 0.0f);
    segments_.assign(static_cast<std::size_t>(joint_count) * capacity * kFieldCount, 0.0f);
    range_.assign(static_cast<std::size_t>(joint_count) * capacity, SinCosRange::kTiny);
    above_tiny_segments_ = 0;
    large_segments_ = 0;
    holds_segments_ = false;
}

void DelayedRotationTable::write(int joint, int pos, const glm::quat& a, const glm::quat& b, double ticks) {
    // In double: the angle of a nearly still segment comes from the sine (the length of
    // the orthogonal part), which stays accurate where acos of the dot product would not.
    double q0[4] = {a.w, a.x, a.y, a.z}, q1[4] = {b.w, b.x, b.y, b.z};
    double dot = q0[0] * q1[0] + q0[1] * q1[1] + q0[2] * q1[2] + q0[3] * q1[3];
    if (dot < 0.0) {  // the shortest arc, as slerp_shortest
        for (double& c : q1) c = -c;
        dot = -dot;
    }
    double u[4], sine2 = 0.0;
    for (int c = 0; c < 4; ++c) {
        u[c] = q1[c] - dot * q0[c];
        sine2 += u[c] * u[c];
    }
    const double sine = std::sqrt(sine2);
    const double angle = std::atan2(sine, dot);
    for (double& c : u) c = sine > 0.0 ? c / sine : 0.0;  // a still segment: phi is then 0 anyway
    const double rate = angle > 0.0 ? angle / ticks : 0.0;
    const float values[kFieldCount] = {
        std::isfinite(rate) ? float(rate) : 0.0f,
        float(q0[0]), float(q0[1]), float(q0[2]), float(q0[3]),
        float(u[0]), float(u[1]), float(u[2]), float(u[3])};
    std::copy(values, values + kFieldCount, segments_.data() + (std::size_t(joint) * capacity_ + pos) * kFieldCount);
    for (int f = 0; f < kFieldCount; ++f) {
        float* r = data_.data() + (static_cast<std::size_t>(joint) * kFieldCount + f) * stride();
        r[pos] = values[f];
        if (pos < kPad) r[capacity_ + pos] = values[f];  // the mirrored start
    }
    SinCosRange& range = range_[static_cast<std::size_t>(joint) * capacity_ + pos];
    const SinCosRange now = sincos_range_of(angle);
    above_tiny_segments_ += int(now != SinCosRange::kTiny) - int(range != SinCosRange::kTiny);
    large_segments_ += int(now == SinCosRange::kAny) - int(range == SinCosRange::kAny);
    range = now;
}

void DelayedRotationTable::update(const JointMotionHistory& history, const Pose& pose, double t,
                                  double longest_delay_ticks) {
    const int joints = static_cast<int>(pose.local.size());
    // Segments older than the history's are constant (its rows clamp), so the table never
    // needs more than the history's length.
    const double reach = std::min(std::max(longest_delay_ticks, 0.0), double(kHistoryTicks)) + 2.0;
    int capacity = std::max(capacity_, kPad);
    while (capacity < reach) capacity *= 2;
    if (capacity != capacity_ || joints != joint_count_) resize(joints, capacity);
    if (history.restarts() != restarts_seen_) {  // another past: nothing held is valid
        restarts_seen_ = history.restarts();
        holds_segments_ = false;
    }

    const TickHistory<glm::quat>& rotations = history.rotations();
    const Tick n = history.newest_tick();
    newest_segment_ = n - 1;
    fraction_ = (t - tick_time(n - 1)) * kTicksPerSecond;
    const Tick oldest_needed = n - capacity_;  // the ring holds segments n - capacity .. n - 1
    const Tick newest_full = n - 2;
    // Full segments are added as ticks come (the newest, redone below, becomes one then);
    // those that left the ring are forgotten.
    if (!holds_segments_ || valid_to_ < oldest_needed - 1 || valid_to_ > newest_full) valid_to_ = oldest_needed - 1;
    const int mask = capacity_ - 1;
    for (Tick k = valid_to_ + 1; k <= newest_full; ++k) {
        const glm::quat* a = rotations.row(k);
        const glm::quat* b = rotations.row(k + 1);
        for (int j = 0; j < joints; ++j) write(j, static_cast<int>(k & mask), a[j], b[j], 1.0);
    }
    holds_segments_ = true;
    valid_to_ = newest_full;

    // Before the history's oldest tick every rotation reads as that tick's (its rows clamp),
    // and that tick moves on with the history: lanes stop at the segment just before it,
    // rewritten here as standing still at the oldest rotation.
    const Tick oldest_history = rotations.oldest();
    lowest_segment_ = -(capacity_ - 1);
    if (oldest_history - 1 >= oldest_needed) {
        lowest_segment_ = (oldest_history - 1) - (n - 1);
        const glm::quat* still = rotations.row(oldest_history);
        for (int j = 0; j < joints; ++j) write(j, static_cast<int>((oldest_history - 1) & mask), still[j], still[j], 1.0);
    }

    // The newest segment ends at the pose at t, after `fraction_` ticks.
    const glm::quat* a = rotations.row(n - 1);
    for (int j = 0; j < joints; ++j)
        write(j, static_cast<int>((n - 1) & mask), a[j], pose.local[j].rotation, fraction_);
}

}  // namespace dynskin
