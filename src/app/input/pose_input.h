#pragma once
// What the user does to the pose, frame by frame: a clip at some time, with joint drags on
// top. The timeline keeps the last frames so that the measurement clock can sample the pose
// at its own tick times, interpolated between input frames.

#include <vector>

#include "dynskin/character.h"
#include "dynskin/measurement_clock.h"
#include "dynskin/pose_sampler.h"

namespace dynskin::app {

struct PoseInput {
    int clip = -1;                             // -1: the rest pose
    double clip_time = 0.0;                    // unwrapped: looping is applied when sampling
    bool loop = true;
    std::vector<glm::quat> drag_rotations;     // per joint, in the parent frame, before the clip's
    std::vector<glm::vec3> drag_translations;  // per joint, added to the clip's

    void reset_drags(int joint_count);
    // The pose: the clip (or rest) with the drags applied; the clip's keys found from the
    // cursor when one is given.
    void apply(const Character& character, Pose& pose, ClipCursor* cursor = nullptr) const;
};

// The time a frame's deformers are updated to: one tick behind the input, so that every tick
// samples poses that were given (PoseTimeline holds the last pose after the last frame).
inline double measured_time(double world_time) { return world_time - kTickSeconds; }

class PoseTimeline {
public:
    // Frames older than `kept_seconds` go (two at least stay): the clock samples the last
    // frames, and a restart of its history a little further back.
    explicit PoseTimeline(double kept_seconds = 2.0) : kept_seconds_(kept_seconds) {}

    void clear() { count_ = 0; }
    // Frames must come with increasing world times.
    void record(double world_time, const PoseInput& input);
    // The pose at a world time, interpolated between the two recorded frames around it
    // (held before the first and after the last); the clip's keys found from the cursor
    // when one is given.
    void sample(const Character& character, double world_time, Pose& pose, ClipCursor* cursor = nullptr) const;
    bool empty() const { return count_ == 0; }
    std::size_t memory_bytes() const;

private:
    struct Frame {
        double time;
        PoseInput input;
    };
    // The frames, oldest first, in a ring (a power of two long) that grows to what the kept
    // seconds hold and then reuses its frames (and their drag lists) without allocating.
    const Frame& frame(std::size_t k) const { return ring_[(first_ + k) & (ring_.size() - 1)]; }
    double kept_seconds_;
    std::vector<Frame> ring_;
    std::size_t first_ = 0, count_ = 0;
    mutable PoseInput blended_;  // scratch for sample()
};

}  // namespace dynskin::app
