// Degenerate rigs and absurd parameters: never a NaN or an infinity.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "dynskin/deformer.h"
#include "test_support.h"

namespace dynskin {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

void expect_finite_run(const Character& c, const PoseSampler& motion, const DynamicSettings& s) {
    Deformer deformer(c);
    EXPECT_TRUE(std::isfinite(deformer.size()) && deformer.size() > 0.0f);
    for (int n = 0; n <= 150; ++n) {
        deformer.update(n / 45.0, motion, s);
        ASSERT_TRUE(test::all_finite(deformer.positions())) << "frame " << n;
        ASSERT_TRUE(test::all_finite(deformer.normals())) << "frame " << n;
    }
}

std::vector<DynamicSettings> all_kinds_of_settings() {
    std::vector<DynamicSettings> list;
    for (float c : {kInf, 0.5f, 1e-6f}) {
        for (OscillationParameters p : {OscillationParameters{2.0f, 0.5f, 0.2f, 0.1f},
                                        OscillationParameters{0.0f, 0.5f, 0.2f, 0.1f},    // f = 0
                                        OscillationParameters{2.0f, 0.0f, 0.2f, 0.1f},    // tau = 0
                                        OscillationParameters{2.0f, 0.5f, 1e30f, 1e30f},  // huge A and D
                                        OscillationParameters{kNaN, kInf, -kInf, kNaN},   // nonsense
                                        OscillationParameters{1e9f, 1e9f, 3.0f, 3.0f}}) {
            DynamicSettings s;
            s.parameters.oscillation = p;
            s.parameters.propagation_speed = c;
            list.push_back(s);
        }
    }
    DynamicSettings limited;
    limited.parameters.max_angle = 1e-30f;
    list.push_back(limited);
    DynamicSettings nan_everywhere;
    nan_everywhere.parameters.translation_gain = kNaN;
    nan_everywhere.parameters.max_angle = kNaN;
    nan_everywhere.parameters.propagation_speed = kNaN;
    nan_everywhere.joints.resize(2);
    nan_everywhere.joints[1].gain = kNaN;
    list.push_back(nan_everywhere);
    return list;
}

PoseSampler busy(const Skeleton& skeleton) {
    return [&skeleton](double t, Pose& pose) {
        pose.local = skeleton.rest;
        for (int j = 0; j < skeleton.joint_count(); ++j)
            pose.local[j].rotation = glm::angleAxis(float(std::sin(3.0 * t + j)), glm::normalize(glm::vec3(1, j, 2)));
        pose.local[0].translation = glm::vec3(float(std::sin(5.0 * t)), 0.0f, 0.0f);
    };
}

TEST(Robustness, AbsurdParametersOnABar) {
    const Character bar = test::make_bar();
    for (const DynamicSettings& s : all_kinds_of_settings()) expect_finite_run(bar, busy(bar.skeleton), s);
}

TEST(Robustness, CoincidentJointsAndZeroLengthBones) {
    Character c = test::make_bar(4);
    for (Trs& t : c.skeleton.rest) t.translation = glm::vec3(0.0f);  // every joint at the origin
    c.mesh.inverse_binds.assign(4, glm::mat4(1.0f));
    for (const DynamicSettings& s : all_kinds_of_settings()) expect_finite_run(c, busy(c.skeleton), s);
}

TEST(Robustness, AllZeroWeights) {
    Character c = test::make_bar(3);
    std::fill(c.mesh.weights.weights.begin(), c.mesh.weights.weights.end(), 0.0f);
    for (const DynamicSettings& s : all_kinds_of_settings()) expect_finite_run(c, busy(c.skeleton), s);
}

TEST(Robustness, HalfTurnFlipBetweenTwoTicks) {
    const Character bar = test::make_bar();
    const PoseSampler flip = [&](double t, Pose& pose) {
        pose.local = bar.skeleton.rest;
        if (t >= 1.0) pose.local[1].rotation = glm::quat(0.0f, 0.0f, 0.0f, 1.0f);  // 180 degrees about Z
        if (t >= 1.5) pose.local[1].rotation = glm::quat(0.0f, 1.0f, 0.0f, 0.0f);  // and about X
    };
    for (const DynamicSettings& s : all_kinds_of_settings()) expect_finite_run(bar, flip, s);
}

TEST(Robustness, TimeJumpsBackAndFarAhead) {
    const Character bar = test::make_bar();
    Deformer deformer(bar);
    const DynamicSettings s;
    for (double t : {0.0, 1.0, 0.2, 1e4, 1e4 + 0.01, -3.0, 1e9}) {
        deformer.update(t, busy(bar.skeleton), s);
        ASSERT_TRUE(test::all_finite(deformer.positions())) << "t = " << t;
    }
}

TEST(Robustness, ValidateCatchesBrokenData) {
    Character c = test::make_bar(2);
    EXPECT_EQ(c.validate(), "");
    c.skeleton.rest[1].translation.x = kNaN;
    EXPECT_NE(c.validate().find("non-finite"), std::string::npos);
    c = test::make_bar(2);
    c.skeleton.parents[0] = 1;
    EXPECT_NE(c.validate().find("after its parent"), std::string::npos);
    c = test::make_bar(2);
    c.mesh.weights.joints[0] = 7;
    EXPECT_NE(c.validate().find("joint 7"), std::string::npos);
    c = test::make_bar(2);
    c.mesh.triangles.push_back(100000);
    EXPECT_NE(c.validate().find("multiple of 3"), std::string::npos);
}

}  // namespace
}  // namespace dynskin
