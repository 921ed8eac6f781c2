#pragma once
// Where poses come from: any function of time (a clip, a procedural motion, an interactive
// drag interpolated between input frames). The measurement clock calls it at tick times.

#include <cstdint>
#include <functional>

#include "dynskin/animation_clip.h"

namespace dynskin {

using PoseSampler = std::function<void(double time, Pose& pose)>;

// Time t of a clip played in a loop: the time within the clip, in [0, duration], and which
// repetition it falls in (negative before 0). duration must be > 0.
struct LoopTime {
    double time;
    std::int64_t cycle;
};
LoopTime loop_time(double t, double duration);

// Samples `clip` from the rest pose. A looping clip wraps time continuously (t mod duration,
// also for t < 0); otherwise times are clamped to the clip.
PoseSampler clip_sampler(const Skeleton& skeleton, const AnimationClip& clip, bool loop);

}  // namespace dynskin
