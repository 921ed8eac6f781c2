// The public Deformer (dynskin/deformer.h) gives the same positions and normals at any
// thread count, with and without dLBS.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "dynskin/deformer.h"
#include "dynskin/settings.h"
#include "fast_path_support.h"

namespace dynskin {
namespace {

using test::make_tree_character;

TEST(Deformer, SameResultsAtAnyThreadCount) {
    const Character c = make_tree_character(3000, false);
    const PoseSampler motion = [&c](double t, Pose& pose) {
        pose.local = c.skeleton.rest;
        for (int j = 0; j < c.skeleton.joint_count(); ++j)
            pose.local[j].rotation =
                glm::angleAxis(0.4f * float(std::sin(3.0 * t + j)), glm::vec3(0, 0, 1)) * c.skeleton.rest[j].rotation;
    };
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

}  // namespace
}  // namespace dynskin
