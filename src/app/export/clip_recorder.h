#pragma once
// Records what the user does to the pose (joint drags, on top of a clip or the rest pose) as
// a new AnimationClip. The pose is sampled at the measurement clock's ticks (60 Hz) from the
// same timeline the deformer samples, so replaying the clip gives the clock the poses it saw.

#include <string>
#include <vector>

#include "app/input/pose_input.h"
#include "dynskin/measurement_clock.h"

namespace dynskin::app {

class ClipRecorder {
public:
    // Starts recording at the first tick at or after `time` (a world time).
    void start(double time);
    // Samples the timeline at every tick up to `time` not sampled yet. Call every frame with
    // the time the deformer was updated to.
    void record(const Character& character, const PoseTimeline& timeline, double time);
    // Ends the recording: the ticks as a clip (LINEAR keys 1/60 s apart, times from 0, a
    // channel for every joint path that moved or differs from rest). Fewer than two ticks
    // make no clip: the result then has no channel.
    AnimationClip stop(const Skeleton& skeleton, std::string name);
    void cancel() { recording_ = false; poses_.clear(); }

    bool recording() const { return recording_; }
    double seconds() const { return poses_.empty() ? 0.0 : (poses_.size() - 1) * kTickSeconds; }

private:
    bool recording_ = false;
    Tick next_tick_ = 0;
    std::vector<Pose> poses_;
};

}  // namespace dynskin::app
