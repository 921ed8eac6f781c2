#include "core/pose_sampler.h"

#include <cmath>

namespace dynskin {

PoseSampler clip_sampler(const Skeleton& skeleton, const AnimationClip& clip, bool loop) {
    return [&skeleton, &clip, loop](double time, Pose& pose) {
        pose.local = skeleton.rest;
        double t = time;
        if (loop && clip.duration > 0.0f) {
            t = std::fmod(time, static_cast<double>(clip.duration));
            if (t < 0.0) t += clip.duration;
        }
        clip.sample(t, pose);
    };
}

}  // namespace dynskin
