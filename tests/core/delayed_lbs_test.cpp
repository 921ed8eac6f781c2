#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/formulas/delayed_lbs.h"
#include "dynskin/deformer.h"
#include "dynskin/linear_blend_skinning.h"
#include "test_support.h"

namespace dynskin {
namespace {

DynamicSettings lbs_with_speed(float c) {
    DynamicSettings s;
    s.parameters.mode = DeformerMode::LbsOnly;
    s.parameters.propagation_speed = c;
    return s;
}

PoseSampler waving(const Skeleton& skeleton) {
    return [&skeleton](double t, Pose& pose) {
        pose.local = skeleton.rest;
        pose.local[0].rotation = glm::angleAxis(0.7f * float(std::sin(2.0 * t)), glm::vec3(0, 0, 1));
        pose.local[2].rotation = glm::angleAxis(0.5f * float(std::sin(3.0 * t + 1.0)), glm::vec3(1, 0, 0));
    };
}

TEST(DelayedLbs, InfiniteSpeedIsLbsExactly) {
    const Character bar = test::make_bar();
    const PoseSampler motion = waving(bar.skeleton);
    Deformer lbs(bar), fast(bar), infinite(bar);
    for (int n = 0; n <= 100; ++n) {
        const double t = n / 47.0;
        lbs.update(t, motion, lbs_with_speed(std::numeric_limits<float>::infinity()));
        fast.update(t, motion, lbs_with_speed(1e9f));  // the dLBS path with tiny delays
        ASSERT_LT(test::max_distance(fast.base_positions(), lbs.base_positions()), 1e-6f * lbs.size()) << t;
    }
}

TEST(DelayedLbs, RootRotationArrivesAfterDistanceOverSpeed) {
    const Character bar = test::make_bar();  // root at the base, tip at distance L = 2
    const double start = 1.0;
    const PoseSampler motion = [&](double t, Pose& pose) {
        pose.local = bar.skeleton.rest;
        const float angle = 0.6f * float(std::clamp(t - start, 0.0, 0.25) / 0.25);
        pose.local[0].rotation = glm::angleAxis(angle, glm::vec3(0, 0, 1));
    };
    const float c = 2.0f;  // character sizes per second
    Deformer deformer(bar);
    const std::size_t tip = bar.mesh.vertex_count() - 1;
    const double delay = 1.0 / c;  // skeleton distance of the tip = 1 size
    const float still = 1e-6f * deformer.size();
    for (int n = 0; n <= 150; ++n) {
        const double t = n / 60.0;
        deformer.update(t, motion, lbs_with_speed(c));
        const float moved = glm::length(deformer.base_positions()[tip] - bar.mesh.rest_positions[tip]);
        if (t <= start + delay - 1.0 / 60.0) {
            EXPECT_LT(moved, still) << "t = " << t;
        }
        if (t >= start + delay + 1.0 / 60.0) {
            EXPECT_GT(moved, 1e-4f) << "t = " << t;
        }
    }
    // The base joint's own ring moves at once (distance 0).
    EXPECT_GT(glm::length(deformer.base_positions()[0] - bar.mesh.rest_positions[0]), 1e-3f);
}

TEST(DelayedLbs, DistancesFollowTheSkeleton) {
    const Character bar = test::make_bar(4, 2.0f);
    const HierarchicalWeights betas = build_hierarchical_weights(bar.skeleton, bar.mesh.weights);
    const std::vector<float> d = skeleton_distances(bar.skeleton, bar.mesh, betas, 2.0f);
    // Every vertex of the bar: its distance from the root is its height, in sizes.
    for (std::size_t i = 0; i < bar.mesh.vertex_count(); ++i) {
        ASSERT_EQ(betas.joints[betas.offsets[i]], 0u);
        EXPECT_NEAR(d[betas.offsets[i]], bar.mesh.rest_positions[i].y / 2.0f, 1e-5f) << "vertex " << i;
    }
}

}  // namespace
}  // namespace dynskin
