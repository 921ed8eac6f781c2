// DynamicParameters::object_motion: how much the motion of the character's whole object (its
// parent, a platform, a controller: Pose::object, which the roots' transforms include) drives
// the drag and the wobble. The deformer against the plain reference is in reference_test.cpp.

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include <glm/gtc/quaternion.hpp>

#include "dynskin/deformer.h"
#include "dynskin/pose_frames.h"
#include "test_support.h"

namespace dynskin {
namespace {

// parent then child, for uniform scales: what a host's scene graph does to a root.
Trs compose(const Trs& parent, const Trs& child) {
    Trs r;
    r.rotation = parent.rotation * child.rotation;
    r.scale = parent.scale * child.scale;
    r.translation = parent.translation + parent.rotation * (parent.scale * child.translation);
    return r;
}

// A platform that slides back and forth and rises ever faster (no turn: the case where taking
// its motion out is exact, see docs/method.md "What drives the motion").
Trs sliding_platform(double t) {
    Trs object;
    object.translation = glm::vec3(0.6f * float(std::sin(2.0 * M_PI * 0.8 * t)), 0.4f * float(t * t), -0.3f * float(t));
    return object;
}

// The bar's own motion (its second joint swinging), carried by an object: pose.object is the
// object, the root's transform includes it.
PoseSampler carried(const Skeleton& skeleton, const std::function<Trs(double)>& object) {
    const PoseSampler own = test::turn_and_stop(skeleton, 1, glm::vec3(0, 0, 1), 2.5f, 0.6);
    return [own, object](double t, Pose& pose) {
        own(t, pose);
        pose.object = object(t);
        pose.local[0] = compose(pose.object, pose.local[0]);
    };
}

std::vector<glm::vec3> moved_back(std::vector<glm::vec3> positions, const Trs& object) {
    for (glm::vec3& p : positions) p -= object.translation;
    return positions;
}

TEST(ObjectMotion, AtZeroACarriedCharacterMovesAsIfItsObjectStoodStill) {
    const Character bar = test::make_bar(4);
    const PoseSampler still = carried(bar.skeleton, [](double) { return Trs{}; });
    const PoseSampler riding = carried(bar.skeleton, sliding_platform);
    DynamicSettings ignored, driving;
    ignored.parameters.object_motion = 0.0f;
    Deformer alone(bar), carried_ignoring(bar), carried_driving(bar);
    float largest_difference = 0.0f;
    for (int frame = 0; frame <= 90; ++frame) {
        const double t = frame / 60.0;
        alone.update(t, still, ignored);
        carried_ignoring.update(t, riding, ignored);
        carried_driving.update(t, riding, driving);
        const float size = alone.size();
        const Trs object = sliding_platform(t);
        EXPECT_LT(test::max_distance(moved_back(carried_ignoring.positions(), object), alone.positions()), 1e-5f * size)
            << "t=" << t;
        largest_difference = std::max(
            largest_difference, test::max_distance(moved_back(carried_driving.positions(), object), alone.positions()) / size);
    }
    EXPECT_GT(largest_difference, 0.02f) << "at 1 (the default) the platform's motion drives the drag";
}

// Frames handed over with their object (Deformer::update(t, locals, settings, object)), at
// 30 and 144 frames a second, give the skin they give at 60. (Motions that the frames'
// interpolation follows exactly: turns and slides at constant speeds, the bar's own stop on a
// frame.)
TEST(ObjectMotion, FramesGivenWithTheirObjectAreTheSameAtAnyFrameRate) {
    const Character bar = test::make_bar(4);
    const PoseSampler own = test::turn_and_stop(bar.skeleton, 1, glm::vec3(0, 0, 1), 2.5f, 0.5);
    const PoseSampler riding = [own](double t, Pose& pose) {
        own(t, pose);
        pose.object.translation = glm::vec3(0.8f, 0.3f, -0.3f) * float(t);
        pose.object.rotation = glm::angleAxis(0.8f * float(t), glm::vec3(0, 1, 0));
        pose.local[0] = compose(pose.object, pose.local[0]);
    };
    for (const float share : {0.0f, 0.5f, 1.0f}) {
        DynamicSettings settings;
        settings.parameters.object_motion = share;
        const auto played_at = [&](int fps) {
            Deformer given(bar);
            Pose pose = Pose::rest_of(bar.skeleton);
            for (int frame = 0; frame <= fps; ++frame) {
                riding(double(frame) / fps, pose);
                given.update(double(frame) / fps, pose.local, settings, pose.object);
            }
            return given.positions();
        };
        const std::vector<glm::vec3> at_60 = played_at(60);
        for (const int fps : {30, 144})
            EXPECT_LT(test::max_distance(played_at(fps), at_60), 1e-5f * size_of(bar)) << "share " << share << ", " << fps << " fps";
    }
}

TEST(ObjectMotion, PoseFramesInterpolateTheObjectAndRefuseABrokenOne) {
    PoseFrames frames(1);
    Trs a, b;
    b.translation = glm::vec3(2, 0, 0);
    b.rotation = glm::angleAxis(1.0f, glm::vec3(0, 0, 1));
    frames.add(0.0, {Trs{}}, a);
    frames.add(1.0, {Trs{}}, b);
    Pose pose;
    frames.sample(0.5, pose);
    EXPECT_NEAR(pose.object.translation.x, 1.0f, 1e-6f);
    EXPECT_NEAR(glm::angle(pose.object.rotation), 0.5f, 1e-5f);
    Trs flat;
    flat.scale = glm::vec3(1, 0, 1);
    EXPECT_THROW(frames.add(2.0, {Trs{}}, flat), std::invalid_argument);
    frames.sample(1.0, pose);
    EXPECT_NEAR(pose.object.translation.x, 2.0f, 1e-6f) << "a refused frame changes nothing";
}

}  // namespace
}  // namespace dynskin
