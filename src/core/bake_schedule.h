#pragma once
// When the frames of a bake are taken. A bake plays a clip from dynskin time start_time and
// takes frame k at start_time + k * frame_step; in the baked file frame k is at k * frame_step.
// A one-shot clip starts at 0 and runs to its end plus a tail (wobbles after the last key).
// A looping clip is baked over exactly one period, frames 0 and frame_count - 1 one clip
// duration apart (the step is adjusted so that the period is a whole number of frames);
// start_time is a whole number of periods, once the motion has settled into its cycle.

#include <stdexcept>

namespace dynskin {

struct BakeSchedule {
    double start_time = 0.0;  // dynskin time of frame 0
    double frame_step = 0.0;  // seconds between frames, > 0
    int frame_count = 1;      // >= 1; a looping bake's last frame repeats its first
    bool loop = false;
    double period = 0.0;      // looping: the clip's duration

    // In the baked file. A loop's last frame is exactly one period after the first, so that
    // a looping clip samples it at the same phase as frame 0.
    double file_time(int k) const {
        if (!loop) return k * frame_step;
        return k == frame_count - 1 ? period : period * k / (frame_count - 1);
    }
    double frame_time(int k) const { return start_time + file_time(k); }  // in dynskin time
};

struct BakeScheduleError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

// Frames at fps over [0, duration + tail] (one-shot) or over one period of duration (loop),
// starting at start_time. Throws BakeScheduleError on a non-finite or non-positive fps, a
// negative tail, or a looping clip without duration.
BakeSchedule plan_bake_schedule(double clip_duration, double fps, bool loop, double tail, double start_time = 0.0);

}  // namespace dynskin
