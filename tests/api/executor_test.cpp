// An engine's own executor, written against the public headers alone (dynskin/executor.h):
// deformers and update_all run their loops on it, and the results are those of the shared
// pool, bit for bit.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <string>
#include <thread>
#include <vector>

#include "dynskin/deformer.h"
#include "dynskin/deformer_batch.h"
#include "dynskin/executor.h"
#include "dynskin/gltf_loader.h"

namespace dynskin {
namespace {

// A stand-in for a job system: each loop's chunks go, last first, to three threads started
// for the loop (a real one keeps its threads; this one only shows the contract).
class ReversedJobs final : public Executor {
public:
    int thread_count() const override { return 3; }
    void run(std::size_t count, std::size_t chunk, RangeTask task) override {
        ++loops;
        std::vector<std::thread> threads;
        for (std::size_t lane = 0; lane < 3; ++lane)
            threads.emplace_back([=] {
                const std::size_t chunks = (count + chunk - 1) / chunk;
                for (std::size_t k = lane; k < chunks; k += 3) {
                    const std::size_t c = chunks - 1 - k;
                    task(c * chunk, std::min(count, (c + 1) * chunk));
                }
            });
        for (std::thread& t : threads) t.join();
    }
    std::atomic<int> loops{0};
};

TEST(Executor, DeformersAndUpdateAllRunOnTheCallersOwn) {
    const io::LoadedCharacter cow = io::load_gltf(std::string(DYNSKIN_SOURCE_DIR) + "/assets/cow.glb");
    const Character& c = cow.character;
    const PoseSampler walk = clip_sampler(c.skeleton, c.clips[0], true);
    DynamicSettings settings;
    settings.parameters.propagation_speed = 2.0f;  // dLBS too

    ReversedJobs jobs;
    Deformer shared(c), alone(c, jobs), batched(c, jobs);
    EXPECT_EQ(alone.thread_count(), 3);
    for (int frame = 0; frame < 30; ++frame) {
        const double t = frame / 60.0;
        shared.update(t, walk, settings);
        alone.update(t, walk, settings);
        update_all({{&batched, t, &walk, &settings}}, jobs);
    }
    EXPECT_GT(jobs.loops.load(), 60);
    EXPECT_EQ(alone.positions(), shared.positions());
    EXPECT_EQ(alone.normals(), shared.normals());
    EXPECT_EQ(batched.positions(), shared.positions());
    EXPECT_EQ(batched.normals(), shared.normals());
}

}  // namespace
}  // namespace dynskin
