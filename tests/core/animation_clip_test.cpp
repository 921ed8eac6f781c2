#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

#include "dynskin/animation_clip.h"
#include "dynskin/pose_sampler.h"

namespace dynskin {
namespace {

Skeleton one_joint() {
    Skeleton s;
    s.add_joint("root", -1, Trs{});
    return s;
}

AnimationChannel translation_x(Interpolation interpolation, std::vector<float> times, std::vector<float> xs) {
    AnimationChannel ch;
    ch.path = ChannelPath::Translation;
    ch.interpolation = interpolation;
    ch.times = std::move(times);
    for (float x : xs) ch.values.insert(ch.values.end(), {x, 0.0f, 0.0f});
    return ch;
}

float sample_x(const AnimationClip& clip, double t) {
    Pose pose = Pose::rest_of(one_joint());
    clip.sample(t, pose);
    return pose.local[0].translation.x;
}

TEST(AnimationClip, LinearStepAndClamping) {
    AnimationClip clip;
    clip.channels.push_back(translation_x(Interpolation::Linear, {1.0f, 2.0f}, {10.0f, 20.0f}));
    EXPECT_FLOAT_EQ(sample_x(clip, 0.0), 10.0f);  // before the first key: clamped
    EXPECT_FLOAT_EQ(sample_x(clip, 1.25), 12.5f);
    EXPECT_FLOAT_EQ(sample_x(clip, 5.0), 20.0f);  // after the last key: clamped
    clip.channels[0].interpolation = Interpolation::Step;
    EXPECT_FLOAT_EQ(sample_x(clip, 1.9), 10.0f);
    EXPECT_FLOAT_EQ(sample_x(clip, 2.0), 20.0f);
}

TEST(AnimationClip, CubicSplineIsHermite) {
    AnimationClip clip;
    // keys at 0 and 1: values 0 and 1, out-tangent of key 0 = 0, in-tangent of key 1 = 0
    AnimationChannel ch;
    ch.path = ChannelPath::Translation;
    ch.interpolation = Interpolation::CubicSpline;
    ch.times = {0.0f, 1.0f};
    ch.values = {0, 0, 0, /*v0*/ 0, 0, 0, /*out0*/ 0, 0, 0, /*in1*/ 0, 0, 0, /*v1*/ 1, 0, 0, /*out1*/ 0, 0, 0};
    clip.channels.push_back(ch);
    EXPECT_NEAR(sample_x(clip, 0.5), 0.5f, 1e-6f);   // smoothstep at the middle
    EXPECT_NEAR(sample_x(clip, 0.25), 0.15625f, 1e-6f);  // 3 s^2 - 2 s^3
    EXPECT_EQ(clip.validate(1), "");
}

TEST(AnimationClip, RotationTakesTheShortPathAndIsUnit) {
    AnimationClip clip;
    AnimationChannel ch;
    ch.path = ChannelPath::Rotation;
    ch.times = {0.0f, 1.0f};
    const glm::quat a = glm::angleAxis(0.1f, glm::vec3(1, 0, 0));
    const glm::quat b = -glm::angleAxis(0.5f, glm::vec3(1, 0, 0));  // stored on the far hemisphere
    ch.values = {a.x, a.y, a.z, a.w, b.x, b.y, b.z, b.w};
    clip.channels.push_back(ch);
    Pose pose = Pose::rest_of(one_joint());
    clip.sample(0.5, pose);
    EXPECT_NEAR(glm::length(pose.local[0].rotation), 1.0f, 1e-6f);
    EXPECT_NEAR(rotation_log(pose.local[0].rotation).x, 0.3f, 1e-5f);
}

TEST(AnimationClip, ValidateNamesTheProblem) {
    AnimationClip clip;
    clip.name = "walk";
    clip.channels.push_back(translation_x(Interpolation::Linear, {1.0f, 1.0f}, {0.0f, 1.0f}));
    EXPECT_NE(clip.validate(1).find("do not increase"), std::string::npos);
    clip.channels[0].times = {0.0f, 1.0f};
    clip.channels[0].joint = 3;
    EXPECT_NE(clip.validate(1).find("targets joint 3"), std::string::npos);
}

TEST(ClipCursor, FindsTheSameKeysAsTheSearchWhateverTheTimes) {
    // Channels of every kind with irregular keys; times played forward at several rates,
    // jumping back, far ahead, before the first key, after the last, on keys and NaN.
    std::mt19937 random(7);
    auto irregular_times = [&](int count) {
        std::vector<float> times;
        float t = -0.3f;
        for (int k = 0; k < count; ++k) times.push_back(t += std::uniform_real_distribution<float>(0.001f, 0.2f)(random));
        return times;
    };
    AnimationClip clip;
    for (const Interpolation interpolation : {Interpolation::Linear, Interpolation::Step, Interpolation::CubicSpline}) {
        AnimationChannel ch;
        ch.path = ChannelPath::Translation;
        ch.interpolation = interpolation;
        ch.times = irregular_times(interpolation == Interpolation::Step ? 1 + 40 : 60);
        ch.values.resize(ch.times.size() * 3 * (interpolation == Interpolation::CubicSpline ? 3 : 1));
        for (float& v : ch.values) v = std::uniform_real_distribution<float>(-1.0f, 1.0f)(random);
        ch.joint = static_cast<int>(clip.channels.size());  // each channel its own joint
        clip.channels.push_back(ch);
    }
    AnimationChannel single = translation_x(Interpolation::Linear, {0.5f}, {3.0f});
    single.joint = static_cast<int>(clip.channels.size());
    clip.channels.push_back(single);
    Skeleton skeleton;
    for (std::size_t j = 0; j < clip.channels.size(); ++j) skeleton.add_joint("j" + std::to_string(j), int(j) - 1, Trs{});
    std::vector<double> times;
    for (double t = -0.5; t < 9.0; t += 1.0 / 60.0) times.push_back(t);
    for (double t = 9.0; t > -1.0; t -= 0.37) times.push_back(t);
    for (int k = 0; k < 200; ++k) times.push_back(std::uniform_real_distribution<double>(-1.0, 10.0)(random));
    for (float key : clip.channels[0].times) times.push_back(key);
    times.push_back(std::nan(""));
    ClipCursor cursor;
    for (const double t : times) {
        Pose searched = Pose::rest_of(skeleton), stepped = searched;
        clip.sample(t, searched);
        clip.sample(t, stepped, cursor);
        for (std::size_t j = 0; j < skeleton.rest.size(); ++j)
            EXPECT_EQ(std::memcmp(&searched.local[j], &stepped.local[j], sizeof(Trs)), 0) << "t = " << t << ", joint " << j;
    }
    EXPECT_EQ(cursor.keys.size(), clip.channels.size());
}

TEST(PoseSampler, LoopWrapsTimeContinuously) {
    const Skeleton s = one_joint();
    AnimationClip clip;
    clip.duration = 2.0f;
    clip.channels.push_back(translation_x(Interpolation::Linear, {0.0f, 2.0f}, {0.0f, 2.0f}));
    const PoseSampler loop = clip_sampler(s, clip, true);
    Pose pose;
    loop(2.5, pose);
    EXPECT_FLOAT_EQ(pose.local[0].translation.x, 0.5f);
    loop(-0.5, pose);
    EXPECT_FLOAT_EQ(pose.local[0].translation.x, 1.5f);
    const PoseSampler once = clip_sampler(s, clip, false);
    once(2.5, pose);
    EXPECT_FLOAT_EQ(pose.local[0].translation.x, 2.0f);
}

}  // namespace
}  // namespace dynskin
