#pragma once
// When the frames of a bake are taken. A bake plays a clip from dynskin time start_time and
// takes frame k at start_time + k * frame_step; in the baked file frame k is at k * frame_step.
// Frames are evenly spaced from 0 to end_time, the last one exactly on it: the step is the
// requested 1/fps shortened so that the span is a whole number of frames (never longer, so
// a bake has at least the frames asked for and none past the end). A one-shot clip runs
// from 0 to its end plus a tail (wobbles after the last key). A looping clip is baked over
// exactly one period, frames 0 and frame_count - 1 one clip duration apart; start_time is a
// whole number of periods, once the motion has settled into its cycle.

#include <stdexcept>

namespace dynskin {

struct BakeSchedule {
    double start_time = 0.0;  // dynskin time of frame 0
    double frame_step = 0.0;  // seconds between frames, > 0
    int frame_count = 1;      // >= 1; a looping bake's last frame repeats its first
    bool loop = false;
    double period = 0.0;      // looping: the clip's duration
    double end_time = 0.0;    // file time of the last frame: the clip's end plus the tail, or the period

    // In the baked file. The last frame is exactly end_time: a one-shot bake ends on the
    // clip's last instant, and a loop's last frame is one period after the first, so that a
    // looping clip samples it at the same phase as frame 0.
    double file_time(int k) const {
        if (frame_count <= 1) return 0.0;
        return k == frame_count - 1 ? end_time : end_time * k / (frame_count - 1);
    }
    double frame_time(int k) const { return start_time + file_time(k); }  // in dynskin time
};

struct BakeScheduleError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

// Frames at about fps (at least) over [0, duration + tail] (one-shot) or over one period of
// duration (loop),
// starting at start_time. Throws BakeScheduleError on a non-finite or non-positive fps, a
// negative tail, or a looping clip without duration.
BakeSchedule plan_bake_schedule(double clip_duration, double fps, bool loop, double tail, double start_time = 0.0);

}  // namespace dynskin
