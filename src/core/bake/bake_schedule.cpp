#include "dynskin/bake_schedule.h"

#include <algorithm>
#include <cmath>

namespace dynskin {

BakeSchedule plan_bake_schedule(double clip_duration, double fps, bool loop, double tail, double start_time) {
    if (!std::isfinite(fps) || fps <= 0.0 || fps > 1000.0)
        throw BakeScheduleError("the frame rate must be a number of frames per second in (0, 1000]");
    if (!std::isfinite(tail) || tail < 0.0 || tail > 3600.0)
        throw BakeScheduleError("the tail must be between 0 and 3600 seconds");
    if (!std::isfinite(clip_duration) || clip_duration < 0.0)
        throw BakeScheduleError("the clip has no valid duration");
    BakeSchedule schedule;
    schedule.start_time = start_time;
    schedule.loop = loop;
    if (loop) {
        if (clip_duration <= 0.0) throw BakeScheduleError("a clip without duration cannot loop");
        // A whole number of frames per period, so that the last frame lands on the first.
        const int steps = std::max(1, static_cast<int>(std::lround(clip_duration * fps)));
        schedule.period = schedule.end_time = clip_duration;
        schedule.frame_step = clip_duration / steps;
        schedule.frame_count = steps + 1;
    } else {
        const double span = clip_duration + tail;
        // A whole number of steps no longer than 1/fps, so that the last frame is the end.
        // Durations are floats: a span within 1e-4 frame of a whole number of frames is that number.
        const int steps = static_cast<int>(std::ceil(span * fps - 1e-4));
        schedule.end_time = steps > 0 ? span : 0.0;
        schedule.frame_step = steps > 0 ? span / steps : 1.0 / fps;
        schedule.frame_count = 1 + std::max(steps, 0);
    }
    return schedule;
}

}  // namespace dynskin
