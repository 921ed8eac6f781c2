// dynskin-crowd-bench: what characters with dynamics of their own cost the CPU when the
// vertex shader does their per-vertex work (dynskin --crowd N). Prints:
//   1. the joint level of one character per tick, on one thread (Deformer::update_joints, then
//      write_joint_rows) on every bundled character playing its first clip;
//   2. a crowd of cows as the viewer runs it (app::Crowd::simulate: each instance's clip,
//      timeline and joint level in one JointLevelJob over the shared threads), per frame
//      and per instance, its memory per instance, and how many instances the CPU's part of
//      a 60 fps frame affords; for COUNT cows, then for 10,000;
//   3. a last line, `summary: key=value ...`, for scripts: the largest cost per joint of
//      the bundled characters, the cow's and the dragon's per tick, the 10,000 cows' frame
//      and the memory of one of their instances.
// Usage: dynskin-crowd-bench [COUNT] (the first crowd's size, default 100). Each figure is
// the fastest of 5 runs of 120 frames at 60 Hz (one tick a frame), after 2 s of warm-up.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <limits>

#include "app/crowd/crowd.h"
#include "characters/bundled_characters.h"
#include "characters/character_source.h"
#include "dynskin/deformer.h"

namespace {

using namespace dynskin;
using Clock = std::chrono::steady_clock;

constexpr int kWarmUpFrames = 120, kRuns = 5, kFramesPerRun = 120;
constexpr double kFrameBudgetMs = 1000.0 / 60.0;

// Milliseconds per frame: the fastest run's mean. frame(n) simulates frame n (n >= 1).
double milliseconds_per_frame(const std::function<void(int)>& frame) {
    int n = 1;
    for (; n <= kWarmUpFrames; ++n) frame(n);
    double best = std::numeric_limits<double>::infinity();
    for (int run = 0; run < kRuns; ++run) {
        const auto start = Clock::now();
        for (int f = 0; f < kFramesPerRun; ++f, ++n) frame(n);
        best = std::min(best, std::chrono::duration<double, std::milli>(Clock::now() - start).count() / kFramesPerRun);
    }
    return best;
}

// Resident memory of this process, in bytes (Linux).
double resident_bytes() {
    std::ifstream statm("/proc/self/statm");
    double pages = 0.0, resident = 0.0;
    statm >> pages >> resident;
    return resident * 4096.0;
}

struct PerCharacter {
    double largest_us_per_joint = 0.0;
    double cow_us = 0.0, dragon_us = 0.0;
};

PerCharacter joint_level_per_character() {
    std::printf("joint level per character per tick (update_joints + write_joint_rows, 1 thread):\n");
    std::printf("| character | joints | vertices | us per tick | us per joint |\n|---|---|---|---|---|\n");
    PerCharacter result;
    for (const std::string& name : characters::bundled_character_names()) {
        const io::LoadedCharacter loaded = characters::load_character(name);
        const Character& c = loaded.character;
        const DynamicSettings settings = loaded.settings.value_or(DynamicSettings{});
        Deformer deformer(c);
        deformer.set_thread_count(1);
        const PoseSampler motion = c.clips.empty()
                                       ? PoseSampler([&](double, Pose& pose) { pose.local = c.skeleton.rest; })
                                       : clip_sampler(c.skeleton, c.clips[0], true);
        std::vector<JointRow> rows(static_cast<std::size_t>(deformer.joint_count()));
        const double ms = milliseconds_per_frame([&](int n) {
            deformer.update_joints(n * kTickSeconds, motion, settings);
            deformer.write_joint_rows(rows.data());
        });
        const double us = 1e3 * ms, per_joint = us / std::max(deformer.joint_count(), 1);
        std::printf("| %s | %d | %zu | %.2f | %.3f |\n", name.c_str(), deformer.joint_count(), c.mesh.vertex_count(), us,
                    per_joint);
        result.largest_us_per_joint = std::max(result.largest_us_per_joint, per_joint);
        if (name == "cow") result.cow_us = us;
        if (name == "dragon") result.dragon_us = us;
    }
    return result;
}

struct CrowdFigures {
    double ms_per_frame = 0.0;
    double kb_per_instance = 0.0;
};

CrowdFigures crowd_of_cows(int count) {
    const io::LoadedCharacter cow = characters::load_character("cow");
    const DynamicSettings settings = cow.settings.value_or(DynamicSettings{});
    const double before = resident_bytes();
    const auto built = Clock::now();
    app::Crowd crowd(count, cow.character);
    const double build_ms = std::chrono::duration<double, std::milli>(Clock::now() - built).count();
    const double ms = milliseconds_per_frame(
        [&](int n) { crowd.simulate(n * kTickSeconds, kTickSeconds, settings); });
    // After the frames: the histories are allocated at the first one.
    const double memory = (resident_bytes() - before) / count;
    const double per_instance = ms / count;
    const double upload_kb = 1e-3 * double(crowd.rows().size() * sizeof(JointRow));
    std::printf("\ncrowd of %d cows as the viewer runs it (clip, timeline, joint level; the shared pool's %d threads):\n",
                count, shared_executor().thread_count());
    std::printf("  %.3f ms a frame, %.2f us per instance; rows uploaded a frame: %.0f kB\n", ms, 1e3 * per_instance,
                upload_kb);
    std::printf("  built in %.0f ms (%.3f ms per instance); per instance %.1f kB resident (%.1f kB counted: joint level, "
                "input, timeline, rows)\n",
                build_ms, build_ms / count, 1e-3 * memory, 1e-3 * double(crowd.memory_bytes_per_instance()));
    std::printf("  a 60 fps frame (%.1f ms) of joint work alone affords %d cows\n", kFrameBudgetMs,
                static_cast<int>(kFrameBudgetMs / per_instance));
    return {ms, 1e-3 * std::max(memory, double(crowd.memory_bytes_per_instance()))};
}

}  // namespace

int main(int argc, char** argv) {
    const int count = argc > 1 ? std::max(1, std::atoi(argv[1])) : 100;
    const PerCharacter one = joint_level_per_character();
    const CrowdFigures first = crowd_of_cows(count);
    const CrowdFigures large = count == 10000 ? first : crowd_of_cows(10000);
    std::printf("\nsummary: us_per_joint_tick=%.3f cow_us_per_tick=%.2f dragon_us_per_tick=%.2f "
                "crowd10000_ms_per_frame=%.2f kb_per_instance=%.1f\n",
                one.largest_us_per_joint, one.cow_us, one.dragon_us, large.ms_per_frame, large.kb_per_instance);
    return 0;
}
