// dynskin-joint-ticks: one character's joint level (JointDynamics::update, then its rows) for a
// fixed number of frames and nothing else, for counting what a frame costs in instructions:
// bench/joint_instructions.sh runs it under Valgrind's callgrind for two frame counts and
// prints the difference a frame, which is the same on any machine however busy, where the
// wall clock of a shared machine moves by tens of percent from one run to the next.
//
// Usage: dynskin-joint-ticks CHARACTER|FILE FRAMES [clip|given] [60|30|jittered] [CLIP]
//   FRAMES: at most 4000;
//   clip:  the clip sampled at the clock's ticks, as a crowd and the Deformer sample it;
//   given: the clip's pose handed over at each frame's time (PoseFrames), as dynskin-three,
//          dynskin-babylon and the Python module's matrices give it (default); the poses of
//          4000 frames are sampled first whatever FRAMES is, so that two runs differ by the
//          joint level's work alone;
//   60, 30: frames 1/60 s or 1/30 s apart; jittered: half a tick to three and a half (the
//          same sequence every run);
//   CLIP: the clip's name (default: the first).
// Prints a checksum of the rows, so that no work is left out.

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include "characters/character_source.h"
#include "dynskin/joint_level.h"
#include "dynskin/pose_frames.h"
#include "dynskin/shader_layout.h"

namespace {

using namespace dynskin;

constexpr int kMostFrames = 4000;

// The frames' times: a deterministic sequence (no <random> distribution, whose values differ
// between standard libraries).
std::vector<double> frame_times(int frames, const std::string& steps) {
    std::vector<double> times;
    double t = 0.0;
    unsigned state = 60;
    for (int f = 0; f < frames; ++f) {
        state = state * 1664525u + 1013904223u;
        const double ticks = steps == "30" ? 2.0 : steps == "jittered" ? 0.5 + 3.0 * (state >> 8) / double(1u << 24) : 1.0;
        t += ticks / 60.0;
        times.push_back(t);
    }
    return times;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: dynskin-joint-ticks CHARACTER|FILE FRAMES [clip|given] [60|30|jittered] [CLIP]\n");
        return 2;
    }
    const int frames = std::atoi(argv[2]);
    const std::string way = argc > 3 ? argv[3] : "given", steps = argc > 4 ? argv[4] : "60";
    if (frames < 1 || frames > kMostFrames || (way != "clip" && way != "given") ||
        (steps != "60" && steps != "30" && steps != "jittered")) {
        std::fprintf(stderr, "dynskin-joint-ticks: FRAMES 1 to %d, then clip or given, then 60, 30 or jittered\n", kMostFrames);
        return 2;
    }
    try {
        const io::LoadedCharacter loaded = characters::load_character(argv[1]);
        const Character& c = loaded.character;
        const DynamicSettings settings = loaded.settings.value_or(DynamicSettings{});
        const JointRig rig(c);
        JointDynamics dynamics(rig);
        std::size_t chosen = 0;
        if (argc > 5) {
            while (chosen < c.clips.size() && c.clips[chosen].name != argv[5]) ++chosen;
            if (chosen == c.clips.size()) throw std::invalid_argument(std::string("no clip named ") + argv[5]);
        }
        const PoseSampler clip = c.clips.empty()
                                     ? PoseSampler([&](double, Pose& pose) { pose.local = c.skeleton.rest; })
                                     : clip_sampler(c.skeleton, c.clips[chosen], true);
        const std::vector<double> times = frame_times(kMostFrames, steps);
        std::vector<Pose> poses;
        if (way == "given") {
            poses.assign(times.size(), Pose::rest_of(c.skeleton));
            for (std::size_t f = 0; f < times.size(); ++f) clip(times[f], poses[f]);
        }
        PoseFrames given(rig.joint_count());
        const PoseSampler from_frames = given.sampler();
        std::vector<JointRow> rows(static_cast<std::size_t>(rig.joint_count()));
        double checksum = 0.0;
        for (int f = 0; f < frames; ++f) {
            const double t = times[f];
            if (way == "given") given.add(t, poses[f].local, poses[f].object);
            dynamics.update(t, way == "given" ? from_frames : clip, settings);
            dynamics.write_joint_rows(rows.data(), stage_reads(dynamics.skinning_constants(settings.parameters)));
            checksum += rows.back().angular_gain.x + rows.front().skinning[3].y;
        }
        std::printf("%s: %d frames (%s, %s), %d joints, checksum %.6g\n", argv[1], frames, way.c_str(), steps.c_str(),
                    rig.joint_count(), checksum);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "dynskin-joint-ticks: %s\n", e.what());
        return 1;
    }
    return 0;
}
