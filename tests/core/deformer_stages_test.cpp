// A deformer builds its per-vertex stages' layouts only when a frame runs them: one whose
// per-vertex work runs elsewhere (a GPU path, a crowd's instances) never holds them.

#include <gtest/gtest.h>

#include "core/deformer_engine.h"
#include "test_support.h"

namespace dynskin {
namespace {

PoseSampler swinging(const Skeleton& skeleton) {
    return [&skeleton](double t, Pose& pose) {
        pose.local = skeleton.rest;
        pose.local[1].rotation = glm::angleAxis(float(std::sin(4.0 * t)), glm::vec3(0, 0, 1));
    };
}

TEST(DeformerStages, TheJointLevelAloneBuildsNoPerVertexLayout) {
    const Character bar = test::make_bar();
    DynamicSettings delayed;
    delayed.parameters.propagation_speed = 2.0f;
    Deformer deformer(bar);
    for (int n = 0; n < 30; ++n) deformer.update_joints(n / 60.0, swinging(bar.skeleton), delayed);
    EXPECT_EQ(engine_of(deformer).delayed_lbs(), nullptr);

    deformer.update(0.5, swinging(bar.skeleton), DynamicSettings{});  // no dLBS yet
    EXPECT_EQ(engine_of(deformer).delayed_lbs(), nullptr);
    deformer.update(0.52, swinging(bar.skeleton), delayed);
    ASSERT_NE(engine_of(deformer).delayed_lbs(), nullptr);
    EXPECT_TRUE(engine_of(deformer).delayed_lbs()->last_run_was_fast());
}

TEST(DeformerStages, ALateFirstFrameDeformsAsAnyOther) {
    // The layouts made at the 60th frame instead of the first give the same skin.
    const Character bar = test::make_bar();
    Deformer early(bar), late(bar);
    for (int n = 0; n < 60; ++n) {
        early.update(n / 60.0, swinging(bar.skeleton), DynamicSettings{});
        late.update_joints(n / 60.0, swinging(bar.skeleton), DynamicSettings{});
    }
    early.update(1.0, swinging(bar.skeleton), DynamicSettings{});
    late.update(1.0, swinging(bar.skeleton), DynamicSettings{});
    EXPECT_EQ(early.positions(), late.positions());
    EXPECT_EQ(early.normals(), late.normals());
}

}  // namespace
}  // namespace dynskin
