#pragma once
// What the user does to the pose, frame by frame: a clip at some time, with joint drags on
// top. The timeline keeps the last frames so that the measurement clock can sample the pose
// at its own tick times, interpolated between input frames.

#include <deque>
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
    // The pose: the clip (or rest) with the drags applied.
    void apply(const Character& character, Pose& pose) const;
};

// The time a frame's deformers are updated to: one tick behind the input, so that every tick
// samples poses that were given (PoseTimeline holds the last pose after the last frame).
inline double measured_time(double world_time) { return world_time - kTickSeconds; }

class PoseTimeline {
public:
    void clear() { frames_.clear(); }
    // Frames must come with increasing world times; frames older than two seconds go.
    void record(double world_time, const PoseInput& input);
    // The pose at a world time, interpolated between the two recorded frames around it
    // (held before the first and after the last).
    void sample(const Character& character, double world_time, Pose& pose) const;
    bool empty() const { return frames_.empty(); }

private:
    struct Frame {
        double time;
        PoseInput input;
    };
    std::deque<Frame> frames_;
    mutable PoseInput blended_;  // scratch for sample()
};

}  // namespace dynskin::app
