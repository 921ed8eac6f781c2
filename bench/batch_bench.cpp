// dynskin-batch-bench: many characters a frame, updated one by one (each deformer's vertex
// windows split over the shared pool, the joints on the calling thread) against one
// update_all call (every character's update an item of one loop, its vertex windows a loop
// inside it). Crowds of the synthetic character of dynskin-bench (all 64 joints moving, each
// character at its own phase), sharing one Character. Prints ms per frame, the fastest of a
// few interleaved runs, and the threads the process has; threads: the hardware's.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <utility>
#include <vector>

#include "dynskin/deformer.h"
#include "dynskin/deformer_batch.h"
#include "synthetic_character.h"

namespace dynskin::bench {
namespace {

struct Crowd {
    Character character;
    PoseSampler motion;
    std::vector<PoseSampler> phased;  // one per character
    DynamicSettings settings;
    std::vector<Deformer> deformers;
    std::vector<DeformerUpdate> batch;
    double t = 1.0;

    Crowd(int characters, std::size_t vertices) : character(make_synthetic_character(vertices)) {
        motion = all_joints_moving(character.skeleton);
        for (int k = 0; k < characters; ++k) {
            phased.push_back([this, phase = 0.37 * k](double time, Pose& pose) { motion(time + phase, pose); });
            deformers.emplace_back(character);
        }
        for (int k = 0; k < characters; ++k) batch.push_back({&deformers[std::size_t(k)], t, &phased[std::size_t(k)], &settings});
    }

    // ms per frame of each way, the fastest of `runs` runs of `frames` frames, the two ways
    // taking turns so that a busy spell of the machine slows both.
    std::pair<double, double> frame_ms(int frames, int runs) {
        one_by_one(t += 1.0 / 60.0);  // the first frame allocates
        double best[2] = {1e30, 1e30};
        for (int r = 0; r < 2 * runs; ++r) {
            const auto start = std::chrono::steady_clock::now();
            for (int f = 0; f < frames; ++f) r % 2 ? in_one_call(t += 1.0 / 60.0) : one_by_one(t += 1.0 / 60.0);
            const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
            best[r % 2] = std::min(best[r % 2], ms / frames);
        }
        return {best[0], best[1]};
    }

    void one_by_one(double time) {
        for (std::size_t k = 0; k < deformers.size(); ++k) deformers[k].update(time, phased[k], settings);
    }
    void in_one_call(double time) {
        for (DeformerUpdate& u : batch) u.t = time;
        update_all(batch);
    }
};

int process_threads() {
    std::error_code error;
    int count = 0;
    for (std::filesystem::directory_iterator it("/proc/self/task", error), end; !error && it != end; it.increment(error))
        ++count;
    return error ? -1 : count;
}

}  // namespace
}  // namespace dynskin::bench

int main() {
    using namespace dynskin::bench;
    std::printf("| characters x vertices | one by one (ms/frame) | update_all (ms/frame) | speed-up | threads |\n"
                "|---|---|---|---|---|\n");
    struct Case {
        int characters;
        std::size_t vertices;
    };
    for (const Case c : {Case{200, 500}, Case{50, 5000}, Case{10, 50000}, Case{2, 500000}}) {
        Crowd crowd(c.characters, c.vertices);
        const int frames = std::max(4, int(2'000'000 / (std::size_t(c.characters) * c.vertices))), runs = 7;
        const auto [single, batched] = crowd.frame_ms(frames, runs);
        std::printf("| %d x %zu | %.2f | %.2f | %.2fx | %d |\n", c.characters, c.vertices, single, batched,
                    single / batched, process_threads());
        std::fflush(stdout);
    }
    return 0;
}
