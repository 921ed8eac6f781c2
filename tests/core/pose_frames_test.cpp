// Poses given frame by frame (an engine's own animation, PoseFrames and
// Deformer::update(t, locals)): interpolated between frames, carried one tick past the
// newest, checked on the way in; and the deformation does not depend on the frame rate.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <stdexcept>

#include <glm/gtc/quaternion.hpp>

#include "core/model/pose_blend.h"
#include "dynskin/deformer.h"
#include "dynskin/measurement_clock.h"
#include "dynskin/pose_frames.h"
#include "test_support.h"

namespace dynskin {
namespace {

std::vector<Trs> turned(float angle) {
    Trs root, tip;
    root.rotation = glm::angleAxis(angle, glm::vec3(0, 0, 1));
    root.translation = glm::vec3(angle, 0, 0);
    tip.translation = glm::vec3(0, 1, 0);
    return {root, tip};
}

float angle_of(const Trs& t) { return 2.0f * std::atan2(t.rotation.z, t.rotation.w); }

// A whole pose blended at once is each joint's blend(), bit for bit: joints nearly alike (the
// normalised lerp), apart within the series (0.2 rad) and beyond it, on either side of the
// sphere, one with a zero turn, at the ends of the range, between and carried on past.
TEST(PoseFrames, BlendAllIsEachJointsBlendBitForBit) {
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    std::vector<Trs> from, to;
    for (int j = 0; j < 150; ++j) {  // more than a block, not a multiple of one
        Trs a, b;
        const glm::vec3 axis = glm::normalize(glm::vec3(unit(rng), unit(rng), unit(rng)) + glm::vec3(1e-3f));
        a.rotation = glm::angleAxis(3.0f * unit(rng), axis);
        const float apart = j % 4 == 0 ? 0.02f * unit(rng) : j % 4 == 1 ? 0.3f * unit(rng) : j % 4 == 2 ? 2.5f * unit(rng) : 0.0f;
        b.rotation = glm::angleAxis(apart, glm::normalize(glm::vec3(unit(rng), unit(rng), unit(rng)) + glm::vec3(1e-3f))) * a.rotation;
        if (j % 3 == 0) b.rotation = -b.rotation;
        a.translation = glm::vec3(unit(rng), unit(rng), unit(rng));
        b.translation = glm::vec3(unit(rng), unit(rng), unit(rng));
        a.scale = glm::vec3(1.0f + 0.1f * unit(rng));
        b.scale = glm::vec3(1.0f);
        from.push_back(a);
        to.push_back(b);
    }
    for (const float a : {0.0f, 1e-4f, 0.3f, 0.5f, 0.999f, 1.0f, 1.0001f, 1.4f, 2.0f}) {
        std::vector<Trs> all;
        blend_all(from, to, a, all);
        ASSERT_EQ(all.size(), from.size());
        for (std::size_t j = 0; j < from.size(); ++j) {
            const Trs one = blend(from[j], to[j], a);
            EXPECT_EQ(std::memcmp(&all[j], &one, sizeof(Trs)), 0) << "joint " << j << " at " << a;
        }
    }
}

TEST(PoseFrames, InterpolatesBetweenFramesAndCarriesOnOneTick) {
    PoseFrames frames(2);
    Pose pose;
    frames.sample(0.0, pose);
    EXPECT_TRUE(pose.local.empty());  // no frame: nothing written
    frames.add(0.0, turned(0.0f));
    frames.add(0.1, turned(0.2f));  // 2 rad/s, 2 units/s
    frames.sample(0.05, pose);
    EXPECT_NEAR(angle_of(pose.local[0]), 0.1f, 1e-6f);
    EXPECT_NEAR(pose.local[0].translation.x, 0.1f, 1e-6f);
    frames.sample(0.1 + kTickSeconds, pose);  // one tick ahead: the same motion
    EXPECT_NEAR(angle_of(pose.local[0]), 0.2f + 2.0f * float(kTickSeconds), 1e-5f);
    frames.sample(5.0, pose);  // further: held where that tick left it
    EXPECT_NEAR(angle_of(pose.local[0]), 0.2f + 2.0f * float(kTickSeconds), 1e-5f);
    frames.sample(-1.0, pose);  // before the oldest frame: held
    EXPECT_NEAR(angle_of(pose.local[0]), 0.0f, 1e-6f);
    EXPECT_EQ(pose.local[1].translation, glm::vec3(0, 1, 0));
}

// An engine's frame times are sums of its intervals, a hair off the ticks where the clock
// samples: within the clock's 1e-9 tick a frame is read as given, not blended with its
// neighbours (which cost a slerp a joint and moved the pose by rounding).
TEST(PoseFrames, ReadsAFrameAsGivenAtATickItFallsAHairOff) {
    PoseFrames frames(2);
    double t = 0.0;
    int exact = 0;
    for (int n = 1; n <= 60; ++n) {
        t += 1.0 / 60.0;
        const std::vector<Trs> given = turned(0.37f * float(n * n % 17));  // uneven turns
        frames.add(t, given);
        if (t == tick_time(n)) continue;  // on the tick: nothing to tell apart
        ++exact;
        Pose pose;
        frames.sample(tick_time(n), pose);
        for (int j = 0; j < 2; ++j) {
            EXPECT_EQ(pose.local[j].rotation, glm::normalize(given[j].rotation)) << "frame " << n;
            EXPECT_EQ(pose.local[j].translation, given[j].translation) << "frame " << n;
        }
    }
    EXPECT_GT(exact, 10);  // the sums did fall off the ticks
}

TEST(PoseFrames, KeepsItsFramesWhenGivenBadOnesAndStartsOverOnAJumpBack) {
    PoseFrames frames(2);
    frames.add(0.0, turned(0.0f));
    frames.add(0.1, turned(0.2f));
    EXPECT_THROW(frames.add(0.2, {Trs{}}), std::invalid_argument);
    std::vector<Trs> broken = turned(0.3f);
    broken[1].translation.y = std::numeric_limits<float>::quiet_NaN();
    EXPECT_THROW(frames.add(0.2, broken), std::invalid_argument);
    broken = turned(0.3f);
    broken[0].rotation = glm::quat(0, 0, 0, 0);
    EXPECT_THROW(frames.add(0.2, broken), std::invalid_argument);
    EXPECT_THROW(frames.add(std::numeric_limits<double>::infinity(), turned(0.3f)), std::invalid_argument);
    EXPECT_EQ(frames.size(), 2u);
    EXPECT_EQ(frames.newest_time(), 0.1);
    frames.add(0.05, turned(1.0f));  // back in time: only this frame remains
    EXPECT_EQ(frames.size(), 1u);
    Pose pose;
    frames.sample(0.0, pose);
    EXPECT_NEAR(angle_of(pose.local[0]), 1.0f, 1e-6f);
}

TEST(PoseFrames, ABadFrameLeavesAFullRingAsItWas) {
    // Five frames (the ring keeps four), then bad ones, each bad only at its last joint, so
    // that it is checked while it is written: every kept frame still reads as given.
    PoseFrames frames(2);
    for (int k = 0; k < 5; ++k) frames.add(0.1 * k, turned(0.1f * k));
    std::vector<Trs> nan_at_the_end = turned(0.9f);
    nan_at_the_end[1].scale.z = std::numeric_limits<float>::quiet_NaN();
    EXPECT_THROW(frames.add(0.5, nan_at_the_end), std::invalid_argument);
    // Finite components whose squared length overflows a float: normalised, they would be no
    // rotation at all.
    std::vector<Trs> huge = turned(0.9f);
    huge[1].rotation = glm::quat(1e20f, 1e20f, 0.0f, 0.0f);
    EXPECT_THROW(frames.add(0.5, huge), std::invalid_argument);
    EXPECT_NE(frames.try_add_before_newest(0.35, huge), "");
    EXPECT_EQ(frames.size(), 4u);
    EXPECT_EQ(frames.newest_time(), 0.4);
    for (int k = 1; k < 5; ++k) {
        Pose pose;
        frames.sample(0.1 * k, pose);
        EXPECT_NEAR(angle_of(pose.local[0]), 0.1f * k, 1e-6f) << "frame " << k;
        EXPECT_EQ(pose.local[1].scale, glm::vec3(1.0f)) << "frame " << k;
    }
}

TEST(PoseFrames, TakesAFrameBeforeTheNewestInItsPlaceInTime) {
    // Frames at 0, 0.1, 0.2, then 0.15 (an engine that posed the instant after its frame
    // first): the same poses everywhere as frames given in order.
    const double times[] = {0.0, 0.1, 0.2, 0.15};
    const float angles[] = {0.0f, 0.2f, 0.5f, 0.3f};
    PoseFrames inserted(2), ordered(2);
    for (int i = 0; i < 4; ++i) {
        if (i == 3) EXPECT_EQ(inserted.try_add_before_newest(times[i], turned(angles[i])), "");
        else inserted.add(times[i], turned(angles[i]));
    }
    for (const int i : {0, 1, 3, 2}) ordered.add(times[i], turned(angles[i]));
    EXPECT_EQ(inserted.size(), 4u);
    EXPECT_EQ(inserted.newest_time(), 0.2);
    for (double t = -0.05; t < 0.25; t += 0.01) {
        Pose a, b;
        inserted.sample(t, a);
        ordered.sample(t, b);
        EXPECT_EQ(angle_of(a.local[0]), angle_of(b.local[0])) << t;
        EXPECT_EQ(a.local[0].translation, b.local[0].translation) << t;
    }
    // A full ring drops its oldest (0 s): the pose before 0.1 s is then held at 0.1's.
    EXPECT_EQ(inserted.try_add_before_newest(0.18, turned(0.4f)), "");
    EXPECT_EQ(inserted.size(), 4u);
    Pose early;
    inserted.sample(0.05, early);
    EXPECT_NEAR(angle_of(early.local[0]), 0.2f, 1e-6f);
    // At the time of the one before the newest: that frame replaced.
    EXPECT_EQ(inserted.try_add_before_newest(0.18, turned(0.45f)), "");
    EXPECT_EQ(inserted.size(), 4u);
    Pose replaced;
    inserted.sample(0.18, replaced);
    EXPECT_NEAR(angle_of(replaced.local[0]), 0.45f, 1e-6f);
    // Not between the two newest: as add() (later: appended; earlier: a jump back, over).
    EXPECT_EQ(inserted.try_add_before_newest(0.3, turned(0.6f)), "");
    EXPECT_EQ(inserted.newest_time(), 0.3);
    EXPECT_EQ(inserted.try_add_before_newest(0.1, turned(0.2f)), "");
    EXPECT_EQ(inserted.size(), 1u);
    // A broken frame is refused there too, the frames kept.
    inserted.add(0.2, turned(0.5f));
    EXPECT_NE(inserted.try_add_before_newest(0.15, {}), "");
    EXPECT_EQ(inserted.size(), 2u);
    EXPECT_EQ(inserted.newest_time(), 0.2);
}

TEST(PoseFrames, LocalsFromGlobalsUndoForwardKinematics) {
    const Character c = test::make_bar(4);
    Pose pose = Pose::rest_of(c.skeleton);
    for (int j = 0; j < c.skeleton.joint_count(); ++j) {
        pose.local[j].rotation = glm::angleAxis(0.3f * float(j + 1), glm::normalize(glm::vec3(1, 2, float(j))));
        pose.local[j].scale = glm::vec3(1.0f + 0.1f * float(j));
    }
    std::vector<glm::mat4> globals;
    forward_kinematics(c.skeleton, pose, globals);
    const std::vector<Trs> locals = locals_from_globals(c.skeleton, globals);
    for (int j = 0; j < c.skeleton.joint_count(); ++j) {
        EXPECT_NEAR(glm::length(locals[j].translation - pose.local[j].translation), 0.0f, 1e-5f) << j;
        EXPECT_NEAR(std::abs(glm::dot(locals[j].rotation, pose.local[j].rotation)), 1.0f, 1e-5f) << j;
        EXPECT_NEAR(glm::length(locals[j].scale - pose.local[j].scale), 0.0f, 1e-5f) << j;
    }
    globals[2] = glm::mat4(0.0f);
    EXPECT_THROW(locals_from_globals(c.skeleton, globals), std::invalid_argument);
    globals.pop_back();
    EXPECT_THROW(locals_from_globals(c.skeleton, globals), std::invalid_argument);
}

// A turn that stops, handed over as frames at 30, 60 and 144 fps: the wobble after it is the
// one the motion's own sampler gives, whatever the rate (the motion is linear in time between
// its changes, which the frames' interpolation and one-tick extrapolation follow exactly).
TEST(PoseFrames, TheDeformationDoesNotDependOnTheFrameRateOfTheFramesGiven) {
    const Character c = test::make_bar(4);
    const PoseSampler motion = test::turn_and_stop(c.skeleton, 0, glm::vec3(0, 0, 1), 3.0f, 0.5);
    DynamicSettings settings;
    Deformer reference(c);
    for (int frame = 0; frame <= 60; ++frame) reference.update(frame / 60.0, motion, settings);  // to t = 1 s

    for (double fps : {30.0, 60.0, 144.0}) {
        Deformer deformer(c);
        Pose pose = Pose::rest_of(c.skeleton);
        for (int frame = 0; frame <= static_cast<int>(std::lround(fps)); ++frame) {
            const double t = frame / fps;
            motion(t, pose);
            deformer.update(t, pose.local, settings);
        }
        const float size = deformer.size();
        EXPECT_LT(test::max_distance(deformer.positions(), reference.positions()), 1e-5f * size) << fps << " fps";
        EXPECT_GT(test::max_distance(deformer.positions(), deformer.base_positions()), 1e-2f * size);  // it wobbles
    }

    Deformer deformer(c);
    EXPECT_THROW(deformer.update(0.0, std::vector<Trs>(1), settings), std::invalid_argument);
}

// Frames several ticks apart: the clock measures the ticks that lie on one uniform span of the
// frames (Pose::uniform) with one logarithm a joint for them all, where the reference samples
// and measures every tick (the same frames, their spans hidden). The same skin, the dLBS ring
// included, at frame rates whose frames land on ticks, between them and jittered.
TEST(PoseFrames, TicksOnAUniformSpanMeasureAsEveryTickSampledWould) {
    const Character c = test::make_bar(5);
    const int joints = c.skeleton.joint_count();
    // A smooth motion of every joint, up to 9 rad/s, the root also walking.
    const auto motion = [&c, joints](double t) {
        std::vector<Trs> locals = c.skeleton.rest;
        for (int j = 0; j < joints; ++j) {
            const float angle = 1.1f * std::sin(float(t) * (6.0f + j) + j) + 0.4f * std::sin(float(t) * 2.3f);
            locals[j].rotation = glm::angleAxis(angle, glm::normalize(glm::vec3(1.0f, 0.3f * j, 0.5f))) * locals[j].rotation;
        }
        locals[0].translation += glm::vec3(1.5f * float(t), 0.2f * std::sin(9.0f * float(t)), 0.0f);
        return locals;
    };
    for (const bool dlbs : {false, true}) {
        DynamicSettings settings;
        if (dlbs) settings.parameters.propagation_speed = 1.5f;
        for (const double step : {1.0 / 30, 1.0 / 24, 1.0 / 15, -1.0}) {  // -1: jittered, half a tick to 3.5
            PoseFrames frames(joints);
            const PoseSampler spans = frames.sampler();
            int uniform_samples = 0, tick_samples = 0;
            const PoseSampler counted = [&](double t, Pose& pose) {
                ++uniform_samples;
                spans(t, pose);
            };
            const PoseSampler every_tick = [&](double t, Pose& pose) {
                ++tick_samples;
                spans(t, pose);
                pose.uniform = Pose::Span{};
            };
            Deformer fast(c), reference(c);
            std::mt19937 random(11);
            std::uniform_real_distribution<double> jitter(0.5, 3.5);
            double t = 0.0, worst = 0.0;
            for (int frame = 0; frame < 120; ++frame) {
                frames.add(t, motion(t));
                fast.update(t, counted, settings);
                reference.update(t, every_tick, settings);
                worst = std::max(worst, double(test::max_distance(fast.positions(), reference.positions())));
                t += step > 0.0 ? step : jitter(random) / kTicksPerSecond;
            }
            EXPECT_LT(worst, 2e-6 * reference.size()) << "dLBS " << dlbs << ", step " << step;
            EXPECT_GT(test::max_distance(reference.positions(), reference.base_positions()), 1e-2f * reference.size());
            // Regular frames: only the tick at or after each frame is sampled (a quarter of the
            // samples at 1/15 s); jittered ones share a span less often (fewer all the same).
            EXPECT_LT(uniform_samples, (step > 0.0 ? 0.75 : 0.95) * tick_samples) << "the uniform ticks were sampled one by one";
        }
    }
}

}  // namespace
}  // namespace dynskin
