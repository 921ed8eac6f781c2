#include "core/dynamics/joint_motion_history.h"

#include <algorithm>
#include <cmath>

#include "core/dynamics/turn_logs.h"
#include "core/model/copy_locals.h"

namespace dynskin {
namespace {

int clamped_length(int ticks) { return std::clamp(ticks, 2, kHistoryTicks); }

// A root's turn and step over one tick (a to b) as its object (Pose::object) sees them, then
// placed in the world by the object at b: the root's motion without the object's own.
struct Motion {
    glm::vec3 turn, step;
};
Motion own_motion(const Trs& a, const Trs& b, const Trs& object_a, const Trs& object_b) {
    const glm::quat in_a = glm::conjugate(object_a.rotation) * a.rotation;
    const glm::quat in_b = glm::conjugate(object_b.rotation) * b.rotation;
    const glm::vec3 at_a = glm::conjugate(object_a.rotation) * (a.translation - object_a.translation) / object_a.scale;
    const glm::vec3 at_b = glm::conjugate(object_b.rotation) * (b.translation - object_b.translation) / object_b.scale;
    return {object_b.rotation * rotation_log(in_b * glm::conjugate(in_a)), object_b.rotation * (object_b.scale * (at_b - at_a))};
}

bool same(const Trs& a, const Trs& b) {
    return a.translation == b.translation && a.rotation == b.rotation && a.scale == b.scale;
}

// The joints' velocities go into their histories by blocks from the stack (a history keeps
// columns only for joints that moved, so it compacts what it is given), their turns' logs
// taken a block at once.
constexpr int kBlock = 64;

// rotation_log(b a^-1) of joints first to first + count - 1 (count <= kBlock), a from pose
// `from` and b from `to`. A joint that did not turn measures exactly zero (the quaternion
// product would leave rounding noise, and a still joint must cost nothing and bend nothing).
void log_turns(const Pose& from, const Pose& to, int first, int count, glm::vec3* turns) {
    TurnLogs<kBlock> logs;
    for (int i = 0; i < count; ++i) {
        const glm::quat& a = from.local[first + i].rotation;
        const glm::quat& b = to.local[first + i].rotation;
        logs.set(i, b == a ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f) : b * glm::conjugate(a));
    }
    logs.compute(count, turns);
}

}  // namespace

std::vector<float> teleport_steps(const Skeleton& skeleton, float size) {
    std::vector<glm::mat4> globals;
    forward_kinematics(skeleton, Pose::rest_of(skeleton), globals);
    std::vector<float> steps(globals.size());
    for (int j = 0; j < skeleton.joint_count(); ++j) {
        const int parent = skeleton.parents[j];
        float scale = 1.0f;
        if (parent >= 0) {
            const glm::mat3 m(globals[parent]);
            scale = std::max({glm::length(m[0]), glm::length(m[1]), glm::length(m[2])});
        }
        steps[j] = scale > 0.0f && std::isfinite(scale) ? 0.25f * size / scale : INFINITY;
    }
    return steps;
}

JointMotionHistory::JointMotionHistory(int joint_count, HistoryLengths lengths, std::vector<float> teleport_steps)
    : joint_count_(joint_count),
      lengths_{clamped_length(lengths.velocities), clamped_length(lengths.rotations)},
      teleport_steps_(std::move(teleport_steps)) {
    angular_velocity_.resize(joint_count, lengths_.velocities);
    linear_velocity_.resize(joint_count, lengths_.velocities);
    rotations_.resize(joint_count, lengths_.rotations);
}

void JointMotionHistory::set_lengths(HistoryLengths lengths) {
    lengths_ = {clamped_length(lengths.velocities), clamped_length(lengths.rotations)};
    angular_velocity_.set_capacity(lengths_.velocities);
    linear_velocity_.set_capacity(lengths_.velocities);
    rotations_.set_capacity(lengths_.rotations);
}

std::size_t JointMotionHistory::memory_bytes() const {
    const auto pose_bytes = [](const Pose& p) { return p.local.capacity() * sizeof(Trs); };
    return angular_velocity_.memory_bytes() + linear_velocity_.memory_bytes() + rotations_.memory_bytes() +
           pose_bytes(previous_) + pose_bytes(current_) + pose_bytes(last_) + teleport_steps_.capacity() * sizeof(float) +
           (uniform_omega_.capacity() + uniform_velocity_.capacity()) * sizeof(glm::vec3) + uniform_turn_.capacity() * sizeof(glm::quat);
}

void JointMotionHistory::set_object_motion(float share) {
    object_motion_ = std::isfinite(share) ? std::clamp(share, 0.0f, 1.0f) : 1.0f;
}

void JointMotionHistory::push_tick(const std::vector<int>& parents, const Pose& previous, const Pose& current) {
    glm::quat* rotations = rotations_.push_row();
    angular_velocity_.push_row();
    linear_velocity_.push_row();
    const Tick before = newest_tick() - 1;
    const bool wrap = previous.cycle != current.cycle;
    // A still object moves no root: its roots' motion is their own, exactly.
    const bool take_out_object = object_motion_ < 1.0f && !same(previous.object, current.object);
    glm::vec3 omega[kBlock], velocity[kBlock], turns[kBlock];
    for (int first = 0; first < joint_count_; first += kBlock) {
        const int count = std::min(kBlock, joint_count_ - first);
        log_turns(previous, current, first, count, turns);
        for (int i = 0; i < count; ++i) {
            const int j = first + i;
            const Trs& a = previous.local[j];
            const Trs& b = current.local[j];
            rotations[j] = b.rotation;
            glm::vec3 turn = turns[i];
            glm::vec3 step = b.translation - a.translation;
            if (take_out_object && parents[j] < 0) {
                const Motion own = own_motion(a, b, previous.object, current.object);
                turn = glm::mix(own.turn, turn, object_motion_);
                step = glm::mix(own.step, step, object_motion_);
            }
            if (is_cut(wrap, turn, step, teleport_step(j))) {
                // A cut keeps the velocity of the tick before (a fresh start's reads zero).
                omega[i] = angular_velocity_.at(before, j);
                velocity[i] = linear_velocity_.at(before, j);
                continue;
            }
            omega[i] = turn * static_cast<float>(kTicksPerSecond);
            velocity[i] = step * static_cast<float>(kTicksPerSecond);
        }
        angular_velocity_.write_newest(first, count, omega);
        linear_velocity_.write_newest(first, count, velocity);
    }
}

void JointMotionHistory::restart(Tick tick, const Skeleton& skeleton, const PoseSampler& sampler) {
    sample_tick(tick - 1, skeleton, sampler, previous_);
    sample_tick(tick, skeleton, sampler, current_);
    // A restart takes the lengths asked for exactly (a row that grew for a while shrinks
    // back). Rotations before the first tick read as the previous tick's pose; the
    // velocities of the first tick stand for the whole past: no spurious change of speed
    // at the start.
    angular_velocity_.resize(joint_count_, lengths_.velocities);
    linear_velocity_.resize(joint_count_, lengths_.velocities);
    rotations_.resize(joint_count_, lengths_.rotations);
    rotations_.start(tick - 1);
    glm::quat* first = rotations_.newest_row();
    for (int j = 0; j < joint_count_; ++j) first[j] = previous_.local[j].rotation;
    rotations_.hold_newest();
    angular_velocity_.start(tick - 1);
    linear_velocity_.start(tick - 1);
    push_tick(skeleton.parents, previous_, current_);
    angular_velocity_.hold_newest();
    linear_velocity_.hold_newest();
    started_ = true;
    ++restarts_;
}

JointMotionHistory::Start JointMotionHistory::start_for(double t) const {
    const Tick target = first_tick_at_or_after(t);
    if (!started_ || target < newest_tick() - 1) return {true, target};
    // A jump longer than the buffers: only their last ticks can matter.
    if (target > newest_tick() + longest()) return {true, target - longest() + 1};
    return {};
}

void JointMotionHistory::sample_tick(Tick tick, const Skeleton& skeleton, const PoseSampler& sampler, Pose& pose) {
    copy_locals(skeleton.rest, pose.local);
    pose.cycle = 0;
    pose.object = Trs{};
    pose.uniform = Pose::Span{};
    sampler(tick_time(tick), pose);
}

void JointMotionHistory::measure_next_tick(const Skeleton& skeleton, const PoseSampler& sampler) {
    std::swap(previous_, current_);
    sample_tick(newest_tick() + 1, skeleton, sampler, current_);
    push_tick(skeleton.parents, previous_, current_);
}

bool JointMotionHistory::uniform_to_last(Tick target) const {
    const Pose::Span& span = last_.uniform;
    if (!(span.begin <= span.end)) return false;  // the sampler did not say
    const double newest = tick_time(newest_tick());
    // The newest tick's pose is the span's start, or was sampled on the span itself.
    const bool on_span = std::abs(newest - span.begin) * kTicksPerSecond <= 1e-9 ||
                         (current_.uniform == span && span.begin <= newest);
    const bool object_taken_out = object_motion_ < 1.0f && !same(current_.object, last_.object);
    return on_span && tick_time(target) <= span.end && current_.cycle == last_.cycle && !object_taken_out;
}

void JointMotionHistory::measure_uniform_ticks(int ticks) {
    uniform_omega_.resize(joint_count_);
    uniform_velocity_.resize(joint_count_);
    uniform_turn_.resize(joint_count_);
    const Tick newest = newest_tick();
    const float per_tick = 1.0f / static_cast<float>(ticks);
    glm::vec3 turns[kBlock];
    for (int j = 0; j < joint_count_; ++j) {
        if (j % kBlock == 0) log_turns(current_, last_, j, std::min(kBlock, joint_count_ - j), turns);
        const Trs& a = current_.local[j];
        const Trs& b = last_.local[j];
        // Along one great circle at a steady rate every tick turns by the same share of the
        // whole turn (and a still joint by exactly zero, as push_tick measures it).
        const glm::vec3 turn = per_tick * turns[j % kBlock];
        const glm::vec3 step = per_tick * (b.translation - a.translation);
        uniform_turn_[j] = turn == glm::vec3(0.0f) ? glm::quat(1.0f, 0.0f, 0.0f, 0.0f) : rotation_exp(turn);
        if (is_cut(false, turn, step, teleport_step(j))) {  // each tick a cut: the velocity of the tick before kept
            uniform_omega_[j] = angular_velocity_.at(newest, j);
            uniform_velocity_[j] = linear_velocity_.at(newest, j);
            continue;
        }
        uniform_omega_[j] = turn * static_cast<float>(kTicksPerSecond);
        uniform_velocity_[j] = step * static_cast<float>(kTicksPerSecond);
    }
}

void JointMotionHistory::push_uniform_tick(bool last) {
    angular_velocity_.push_row();
    linear_velocity_.push_row();
    angular_velocity_.write_newest(0, joint_count_, uniform_omega_.data());
    linear_velocity_.write_newest(0, joint_count_, uniform_velocity_.data());
    glm::quat* rotations = rotations_.push_row();
    if (last) {
        for (int j = 0; j < joint_count_; ++j) rotations[j] = last_.local[j].rotation;
        std::swap(current_, last_);
        return;
    }
    const glm::quat* before = rotations_.row(newest_tick() - 1);
    for (int j = 0; j < joint_count_; ++j) rotations[j] = uniform_turn_[j] * before[j];
}

}  // namespace dynskin
