// The public Deformer (dynskin/deformer.h) gives the same positions and normals at any
// thread count, with and without dLBS; many deformers share one pool of threads instead of
// starting their own; and update_all (dynskin/deformer_batch.h) gives, bit for bit, what
// updating them one by one gives.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "core/support/worker_pool.h"
#include "dynskin/deformer.h"
#include "dynskin/deformer_batch.h"
#include "dynskin/settings.h"
#include "fast_path_support.h"

namespace dynskin {
namespace {

using test::make_tree_character;

PoseSampler swinging(const Character& c, float phase = 0.0f) {
    return [&c, phase](double t, Pose& pose) {
        pose.local = c.skeleton.rest;
        for (int j = 0; j < c.skeleton.joint_count(); ++j)
            pose.local[j].rotation = glm::angleAxis(0.4f * float(std::sin(3.0 * t + j + phase)), glm::vec3(0, 0, 1)) *
                                     c.skeleton.rest[j].rotation;
    };
}

TEST(Deformer, SameResultsAtAnyThreadCount) {
    const Character c = make_tree_character(3000, false);
    const PoseSampler motion = swinging(c);
    DynamicSettings settings;
    std::vector<std::vector<glm::vec3>> results;
    for (int threads : {1, 2, 3}) {
        for (float speed : {std::numeric_limits<float>::infinity(), 2.0f}) {
            settings.parameters.propagation_speed = speed;
            Deformer d(c);
            d.set_thread_count(threads);
            EXPECT_EQ(d.thread_count(), threads);
            for (int k = 0; k < 20; ++k) d.update(0.5 + k / 60.0, motion, settings);
            results.push_back(d.positions());
            results.push_back(d.normals());
        }
    }
    for (std::size_t k = 4; k < results.size(); ++k) EXPECT_EQ(results[k], results[k % 4]);
}

// The threads of this process (Linux: /proc/self/task); -1 where that cannot be read.
int process_thread_count() {
    std::error_code error;
    int count = 0;
    for (std::filesystem::directory_iterator it("/proc/self/task", error), end; !error && it != end; it.increment(error))
        ++count;
    return error ? -1 : count;
}

TEST(Deformer, TwoHundredDeformersStartNoMoreThreadsThanOne) {
    if (process_thread_count() < 0) GTEST_SKIP() << "/proc/self/task cannot be read here";
    const Character c = make_tree_character(1000, false);
    const PoseSampler motion = swinging(c);
    const DynamicSettings settings;
    std::vector<Deformer> deformers;
    deformers.emplace_back(c);
    deformers[0].update(0.5, motion, settings);
    const int with_one = process_thread_count();
    while (deformers.size() < 200) deformers.emplace_back(c);
    for (std::size_t k = 0; k < deformers.size(); ++k) {
        deformers[k].set_thread_count(1 + int(k % 4));  // a limit, not a pool of their own
        deformers[k].update(0.5 + 1 / 60.0, motion, settings);
    }
    std::vector<DeformerUpdate> batch;
    for (Deformer& d : deformers) batch.push_back({&d, 0.5 + 2 / 60.0, &motion, &settings});
    update_all(batch);
    EXPECT_EQ(process_thread_count(), with_one);
}

// Characters of different sizes and settings (LBS, dLBS, DQS, squash), each updated with
// its own phase for 30 frames, by whatever runs them; their positions and normals after.
struct Crowd {
    Character small = make_tree_character(500, true), large = make_tree_character(6000, false);
    std::vector<const Character*> characters;
    std::vector<PoseSampler> motions;
    std::vector<DynamicSettings> settings;

    Crowd() {
        for (int k = 0; k < 8; ++k) {
            characters.push_back(k % 3 == 1 ? &large : &small);
            motions.push_back(swinging(*characters.back(), 0.7f * float(k)));
            DynamicSettings s;
            if (k % 4 == 1) s.parameters.propagation_speed = 2.0f;
            if (k % 4 == 2) s.parameters.base = SkinningBase::DualQuaternion;
            if (k % 4 == 3) s.parameters.squash = 0.3f;
            settings.push_back(s);
        }
    }

    // update(deformers, t) updates them all at time t.
    template <class Update>
    std::vector<std::vector<glm::vec3>> play(std::vector<Deformer>& deformers, Update update) const {
        for (int frame = 0; frame < 30; ++frame) update(deformers, 0.4 + frame / 60.0);
        std::vector<std::vector<glm::vec3>> results;
        for (const Deformer& d : deformers) {
            results.push_back(d.positions());
            results.push_back(d.normals());
        }
        return results;
    }
    std::vector<DeformerUpdate> batch(std::vector<Deformer>& deformers, double t) const {
        std::vector<DeformerUpdate> updates;
        for (std::size_t k = 0; k < deformers.size(); ++k) updates.push_back({&deformers[k], t, &motions[k], &settings[k]});
        return updates;
    }
};

TEST(UpdateAll, SameResultsAsOneByOneAtAnyThreadCount) {
    const Crowd crowd;
    auto made = [&crowd](Executor* executor) {
        std::vector<Deformer> deformers;
        for (const Character* c : crowd.characters) {
            if (executor) deformers.emplace_back(*c, *executor);
            else deformers.emplace_back(*c);
        }
        return deformers;
    };
    std::vector<Deformer> one_by_one = made(nullptr);
    const auto expected = crowd.play(one_by_one, [&crowd](std::vector<Deformer>& ds, double t) {
        for (std::size_t k = 0; k < ds.size(); ++k) {
            ds[k].set_thread_count(1);
            ds[k].update(t, crowd.motions[k], crowd.settings[k]);
        }
    });

    std::vector<Deformer> shared = made(nullptr);
    EXPECT_EQ(crowd.play(shared, [&crowd](std::vector<Deformer>& ds, double t) { update_all(crowd.batch(ds, t)); }),
              expected);

    // Four threads on this 2-core machine too, each deformer limited to 1 to 4 of them.
    WorkerPool pool(4);
    std::vector<Deformer> limited = made(&pool);
    for (std::size_t k = 0; k < limited.size(); ++k) limited[k].set_thread_count(1 + int(k % 4));
    EXPECT_EQ(crowd.play(limited, [&crowd, &pool](std::vector<Deformer>& ds, double t) {
                  update_all(crowd.batch(ds, t), pool);
              }),
              expected);

    // The batch on the shared pool, the deformers' vertex loops on a pool of their own.
    WorkerPool three(3);
    std::vector<Deformer> mixed = made(&three);
    EXPECT_EQ(crowd.play(mixed, [&crowd](std::vector<Deformer>& ds, double t) { update_all(crowd.batch(ds, t)); }),
              expected);
}

// Two deformers updated from two threads at once on the shared pool: as one after the other.
TEST(Deformer, TwoCallerThreadsAtOnceGiveTheSameResults) {
    const Crowd crowd;
    std::vector<Deformer> serial, concurrent;
    for (int k = 0; k < 2; ++k) {
        serial.emplace_back(*crowd.characters[std::size_t(k)]);
        concurrent.emplace_back(*crowd.characters[std::size_t(k)]);
    }
    auto play = [&crowd](Deformer& d, std::size_t k) {
        for (int frame = 0; frame < 30; ++frame) d.update(0.4 + frame / 60.0, crowd.motions[k], crowd.settings[k]);
    };
    for (std::size_t k = 0; k < 2; ++k) play(serial[k], k);
    std::thread other([&] { play(concurrent[1], 1); });
    play(concurrent[0], 0);
    other.join();
    for (std::size_t k = 0; k < 2; ++k) {
        EXPECT_EQ(concurrent[k].positions(), serial[k].positions()) << k;
        EXPECT_EQ(concurrent[k].normals(), serial[k].normals()) << k;
    }
}

TEST(UpdateAll, RefusesIncompleteEntriesAndRethrowsTheFirstFailure) {
    const Character c = make_tree_character(300, false);
    const PoseSampler motion = swinging(c);
    const DynamicSettings settings;
    std::vector<Deformer> deformers;
    for (int k = 0; k < 6; ++k) deformers.emplace_back(c);
    std::vector<DeformerUpdate> batch;
    for (Deformer& d : deformers) batch.push_back({&d, 0.5, &motion, &settings});

    std::vector<DeformerUpdate> incomplete = batch;
    incomplete[4].settings = nullptr;
    EXPECT_THROW(update_all(incomplete), std::invalid_argument);
    for (const Deformer& d : deformers) EXPECT_TRUE(d.positions().empty()) << "updated nothing";

    const PoseSampler failing = [](double, Pose&) { throw std::runtime_error("no pose"); };
    batch[3].sampler = batch[5].sampler = &failing;
    try {
        update_all(batch);
        ADD_FAILURE() << "no exception";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "no pose");
    }
    for (std::size_t k : {0u, 1u, 2u, 4u}) EXPECT_EQ(deformers[k].positions().size(), c.mesh.vertex_count()) << k;
}

}  // namespace
}  // namespace dynskin
