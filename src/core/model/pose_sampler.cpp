#include "dynskin/pose_sampler.h"

#include <algorithm>
#include <cmath>

namespace dynskin {

LoopTime loop_time(double t, double duration) {
    const auto cycle = static_cast<std::int64_t>(std::floor(t / duration));
    return {std::clamp(t - static_cast<double>(cycle) * duration, 0.0, duration), cycle};
}

PoseSampler clip_sampler(const Skeleton& skeleton, const AnimationClip& clip, bool loop) {
    return [&skeleton, &clip, loop](double time, Pose& pose) {
        pose.local = skeleton.rest;
        double t = time;
        pose.cycle = 0;
        if (loop && clip.duration > 0.0f) {
            const LoopTime wrapped = loop_time(time, clip.duration);
            t = wrapped.time;
            pose.cycle = wrapped.cycle;
        }
        clip.sample(t, pose);
    };
}

}  // namespace dynskin
