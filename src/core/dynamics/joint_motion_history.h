#pragma once
// The measurement side of the method: at every tick of the fixed clock, sample the pose and
// record each joint's velocity relative to its parent, plus its local rotation (for dLBS).

#include <cmath>

#include "core/dynamics/tick_history.h"
#include "core/dynamics/velocity_history.h"
#include "dynskin/pose_sampler.h"

namespace dynskin {

// A joint turning more than this in one tick (94 rad/s) is a cut, not motion: at 60 Hz the
// shortest arc cannot even tell its direction near half a turn.
constexpr float kRotationJumpPerTick = 1.5707963f;

// The local translation step per tick past which a joint teleports: a quarter of the
// character size L in the world (15 L/s, faster than any run), in the parent's units at rest.
std::vector<float> teleport_steps(const Skeleton& skeleton, float size);

// Whether a joint's change from one tick's pose to the next is a cut rather than motion: a
// wrap between the poses' cycles, a turn (its rotation vector) past kRotationJumpPerTick, or
// a translation step past teleport_step (see teleport_steps(); infinity: never). NaN is a
// cut. The squared lengths: one call per joint and tick, no square root.
inline bool is_cut(bool wrap, const glm::vec3& turn, const glm::vec3& step, float teleport_step) {
    return wrap || !(glm::dot(turn, turn) <= kRotationJumpPerTick * kRotationJumpPerTick) ||
           !(glm::dot(step, step) <= teleport_step * teleport_step);
}

// How many ticks each of the history's rows keeps: the velocities as many as the longest
// kernel window needs (OscillationKernel::truncated_length + 2, to filter the two newest
// ticks), the rotations as many as the longest dLBS delay reaches back (+ 2). At least 2
// each, at most kHistoryTicks.
struct HistoryLengths {
    int velocities = 2;
    int rotations = 2;
};

// Cuts in the motion (a looping clip's wrap, a teleport, a clip that snaps a joint) are not
// measured as motion: over such a tick each joint keeps the velocity it had, so no wobble
// starts and none stops. Teleports are told by the jump per tick of a local translation.
class JointMotionHistory {
public:
    // teleport_steps: per joint (see teleport_steps()); empty: translations never cut.
    explicit JointMotionHistory(int joint_count, HistoryLengths lengths = {kHistoryTicks, kHistoryTicks},
                                std::vector<float> teleport_steps = {});

    // Forgets the past (scrub, clip or character change, reset): the next advance() starts
    // afresh as if the motion at that moment had always been going on, so no wobble starts.
    void clear() { started_ = false; }

    // DynamicParameters::object_motion for the ticks from now on (already measured ones keep
    // theirs): the share of the object's motion (Pose::object) in the roots' velocities.
    void set_object_motion(float share);

    // The rows' lengths from now on. A longer row reads its new older ticks as its oldest,
    // as it did before; a history not started only takes them for its start.
    void set_lengths(HistoryLengths lengths);

    // Runs every tick up to the first tick at or after t (so that time t can be interpolated
    // between two measured ticks). Time going back more than a tick, or jumping further
    // than the buffers hold, restarts the history at t. on_tick(restarted) follows the
    // restart (true) and each tick measured (false), for a reader that keeps up with every
    // tick (the recursive filter).
    template <class OnTick>
    void advance(double t, const Skeleton& skeleton, const PoseSampler& sampler, const OnTick& on_tick) {
        const Start start = start_for(t);
        if (start.restart) {
            restart(start.tick, skeleton, sampler);
            on_tick(true);
        }
        const Tick target = first_tick_at_or_after(t);
        if (target - newest_tick() == 1) {  // one tick a frame, the common case: sampled as it comes
            measure_next_tick(skeleton, sampler);
            on_tick(false);
        }
        if (target - newest_tick() < 2) return;
        // Several ticks: the last one first; the ticks from the newest on that lie on its
        // uniform span (Pose::uniform: frames several ticks apart) share one velocity.
        sample_tick(target, skeleton, sampler, last_);
        while (newest_tick() < target - 1 && !uniform_to_last(target)) {
            measure_next_tick(skeleton, sampler);
            on_tick(false);
        }
        if (newest_tick() < target - 1) {
            measure_uniform_ticks(static_cast<int>(target - newest_tick()));
            while (newest_tick() < target) {
                push_uniform_tick(newest_tick() + 1 == target);
                on_tick(false);
            }
            return;
        }
        std::swap(previous_, current_);  // the last tick alone, already sampled
        std::swap(current_, last_);
        push_tick(skeleton.parents, previous_, current_);
        on_tick(false);
    }
    void advance(double t, const Skeleton& skeleton, const PoseSampler& sampler) {
        advance(t, skeleton, sampler, [](bool) {});
    }

    bool started() const { return started_; }
    // Counts the restarts (clear, jumps): anything mirroring the rows must then take them all.
    int restarts() const { return restarts_; }
    Tick newest_tick() const { return angular_velocity_.newest(); }
    // The pose of the newest tick (its joints; no morph weights).
    const Pose& newest_pose() const { return current_; }

    // omega_j = log(r_j[n] r_j[n-1]^-1) / h: angular velocity in the parent's frame (rad/s).
    const VelocityHistory& angular_velocity() const { return angular_velocity_; }
    // v_j = (t_j[n] - t_j[n-1]) / h: velocity of the local translation, in the parent's frame.
    const VelocityHistory& linear_velocity() const { return linear_velocity_; }
    // r_j[n]: local rotations at the ticks.
    const TickHistory<glm::quat>& rotations() const { return rotations_; }

    std::size_t memory_bytes() const;

private:
    // Whether reaching t starts the history afresh, and at which tick.
    struct Start {
        bool restart = false;
        Tick tick = 0;
    };
    Start start_for(double t) const;
    void restart(Tick tick, const Skeleton& skeleton, const PoseSampler& sampler);
    void measure_next_tick(const Skeleton& skeleton, const PoseSampler& sampler);
    // The pose at a tick, from the rest (the sampler writes what it knows).
    static void sample_tick(Tick tick, const Skeleton& skeleton, const PoseSampler& sampler, Pose& pose);
    // Whether the ticks from the newest to `target` (whose pose is last_) move uniformly: last_'s
    // uniform span holds them all, the newest tick's pose lies on it, and nothing between cuts
    // or takes the object's motion out (which is not uniform when both the roots and it move).
    bool uniform_to_last(Tick target) const;
    // The velocities of each of the next `ticks` ticks, from the newest's pose to last_
    // (one logarithm a joint), and the turn that steps a joint's rotation from tick to tick.
    void measure_uniform_ticks(int ticks);
    // Appends one of those ticks; the last one takes last_ as the newest pose.
    void push_uniform_tick(bool last);
    // Appends the tick of current: its rotations, and the velocities from previous to it
    // (a cut keeps the joint's velocity of the tick before).
    void push_tick(const std::vector<int>& parents, const Pose& previous, const Pose& current);
    int longest() const { return std::max(lengths_.velocities, lengths_.rotations); }
    // Joint j's step past which it teleports (infinity without teleport_steps).
    float teleport_step(int j) const {
        return static_cast<std::size_t>(j) < teleport_steps_.size() ? teleport_steps_[static_cast<std::size_t>(j)] : INFINITY;
    }

    int joint_count_;
    HistoryLengths lengths_;
    std::vector<float> teleport_steps_;
    float object_motion_ = 1.0f;
    bool started_ = false;
    int restarts_ = 0;
    VelocityHistory angular_velocity_;
    VelocityHistory linear_velocity_;
    TickHistory<glm::quat> rotations_;
    Pose previous_, current_;                 // poses of the two newest ticks
    Pose last_;                               // the pose of the last tick an advance() measures
    // Per joint, while advance() pushes uniform ticks: their velocities and the turn of a tick.
    std::vector<glm::vec3> uniform_omega_, uniform_velocity_;
    std::vector<glm::quat> uniform_turn_;
};

}  // namespace dynskin
