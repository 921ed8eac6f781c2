#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "core/dynamics/turn_logs.h"
#include "dynskin/transform.h"

namespace dynskin {
namespace {

TEST(Transform, LogTakesTheShortestArc) {
    const glm::quat q = glm::angleAxis(0.3f, glm::vec3(0, 0, 1));
    const glm::vec3 a = rotation_log(q), b = rotation_log(-q);
    EXPECT_NEAR(a.z, 0.3f, 1e-6f);
    EXPECT_NEAR(b.z, 0.3f, 1e-6f);  // -q is the same rotation, not 2 pi - 0.3 the other way
}

// The measurement clock's block of logs is rotation_log itself, bit for bit: turns within
// the series, past it (up to half a turn), of either sign, still, and at a quarter turn
// where w is 0.
TEST(Transform, TurnLogsAreRotationLogsBitForBit) {
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    constexpr int kCount = 61;  // not a multiple of any vector width
    std::vector<glm::quat> turns;
    for (int i = 0; i < kCount - 4; ++i) {
        const glm::vec3 axis = glm::normalize(glm::vec3(unit(rng), unit(rng), unit(rng)) + glm::vec3(1e-3f));
        const float angle = i % 3 == 0 ? 3.1f * unit(rng) : 0.25f * unit(rng);  // some past the series' 0.2 rad
        const glm::quat q = glm::angleAxis(angle, axis);
        turns.push_back(i % 2 ? -q : q);
    }
    turns.push_back(glm::quat(1, 0, 0, 0));
    turns.push_back(glm::quat(-1, 0, 0, 0));
    turns.push_back(glm::quat(0, 0, 1, 0));
    turns.push_back(glm::quat(0, 0, -1, 0));
    TurnLogs<64> logs;
    for (int i = 0; i < kCount; ++i) logs.set(i, turns[i]);
    glm::vec3 got[kCount];
    logs.compute(kCount, got);
    for (int i = 0; i < kCount; ++i) {
        const glm::vec3 want = rotation_log(turns[i]);
        for (int c = 0; c < 3; ++c) EXPECT_EQ(std::memcmp(&got[i][c], &want[c], sizeof(float)), 0) << "turn " << i << " " << got[i][c] << " vs " << want[c];
    }
}

TEST(Transform, ExpInvertsLog) {
    const glm::vec3 v(0.4f, -1.1f, 0.7f);
    const glm::vec3 back = rotation_log(rotation_exp(v));
    EXPECT_NEAR(glm::length(back - v), 0.0f, 1e-5f);
    EXPECT_EQ(rotation_log(glm::quat(1, 0, 0, 0)), glm::vec3(0.0f));
}

TEST(Transform, LogIsTheRotationVectorToFloatPrecisionAtEveryAngle) {
    // Small turns (a tick's: the series) and large ones (atan2), against the rotation vector
    // computed in double from the quaternion as given.
    std::mt19937 random(3);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    double worst = 0.0;
    for (int k = 0; k < 20000; ++k) {
        const double angle = k < 10000 ? 0.3 * std::pow(10.0, -6.0 * (k % 100) / 100.0) * (k % 2 ? 1 : -1) : 3.1 * unit(random);
        glm::dvec3 axis(unit(random), unit(random), unit(random));
        if (glm::length(axis) < 1e-3) continue;
        axis = glm::normalize(axis);
        const glm::quat q(float(std::cos(angle / 2)), glm::vec3(axis * std::sin(angle / 2)));
        const glm::dvec3 v(q.x, q.y, q.z);
        const double w = q.w < 0.0f ? -double(q.w) : double(q.w), sign = q.w < 0.0f ? -1.0 : 1.0;
        const glm::dvec3 expected = glm::length(v) > 0.0 ? sign * v * (2.0 * std::atan2(glm::length(v), w) / glm::length(v)) : glm::dvec3(0.0);
        const glm::dvec3 got(rotation_log(q));
        worst = std::max(worst, glm::length(got - expected) / std::max(glm::length(expected), 1e-30));
    }
    EXPECT_LT(worst, 4e-7);
}

TEST(Transform, HalfTurnIsFinite) {
    const glm::vec3 v = rotation_log(glm::quat(0.0f, 1.0f, 0.0f, 0.0f));
    EXPECT_NEAR(glm::length(v), float(M_PI), 1e-5f);
}

TEST(Transform, SlerpEndsExactlyAndTakesTheShortPath) {
    const glm::quat a = glm::angleAxis(0.2f, glm::vec3(0, 1, 0));
    const glm::quat b = -glm::angleAxis(0.6f, glm::vec3(0, 1, 0));
    EXPECT_EQ(slerp_shortest(a, b, 0.0f), a);
    EXPECT_EQ(slerp_shortest(a, b, 1.0f), b);
    const glm::vec3 mid = rotation_log(slerp_shortest(a, b, 0.5f));
    EXPECT_NEAR(mid.y, 0.4f, 1e-5f);
}

// A random unit axis (double).
glm::dvec3 random_axis(std::mt19937& random) {
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    for (;;) {
        const glm::dvec3 axis(unit(random), unit(random), unit(random));
        if (glm::length(axis) > 1e-3) return glm::normalize(axis);
    }
}

glm::dquat exact_exp(const glm::dvec3& v) {
    const double angle = glm::length(v);
    return angle > 0.0 ? glm::dquat(std::cos(angle / 2), v * (std::sin(angle / 2) / angle)) : glm::dquat(1, 0, 0, 0);
}

double distance(const glm::quat& got, const glm::dquat& expected) {
    const glm::dquat g(got);
    return std::min(glm::length(g - expected), glm::length(g + expected));
}

TEST(Transform, ExpIsTheUnitQuaternionToFloatPrecisionAtEveryAngle) {
    // Small turns and large ones, against double.
    std::mt19937 random(5);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    double worst = 0.0;
    for (int k = 0; k < 20000; ++k) {
        const double angle = k < 10000 ? 0.41 * std::pow(10.0, -7.0 * unit(random)) : 3.1 * unit(random);
        const glm::dvec3 v = angle * random_axis(random);
        worst = std::max(worst, distance(rotation_exp(glm::vec3(v)), exact_exp(glm::dvec3(glm::vec3(v)))));
    }
    EXPECT_LT(worst, 2e-7);
}

TEST(Transform, SlerpAndTheGreatCircleAreItToFloatPrecision) {
    // Keys and frames close together (the series) and far apart (the sines), against
    // exp(a log(q1 q0*)) q0 in double, on the short path: a in [0, 1] for slerp_shortest, in
    // [0, 2] (carried past q1, as PoseFrames carries a pose past its newest frame) for
    // great_circle.
    std::mt19937 random(7);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    double worst_circle = 0.0, worst_slerp = 0.0;
    for (int k = 0; k < 20000; ++k) {
        const glm::dquat q0 = exact_exp(3.0 * unit(random) * random_axis(random));
        const double apart = k < 10000 ? 0.25 * std::pow(10.0, -6.0 * unit(random)) : 3.0 * unit(random);
        glm::dquat q1 = exact_exp(apart * random_axis(random)) * q0;
        if (k % 3 == 0) q1 = -q1;  // the same rotation: the short path all the same
        const double a = (k % 2 ? 2.0 : 1.0) * unit(random);
        const glm::quat f0(q0), f1(q1);
        const glm::dquat d0(f0), d1(glm::dot(f0, f1) < 0.0f ? -glm::dquat(f1) : glm::dquat(f1));
        const glm::dquat turn = d1 * glm::conjugate(d0);
        const glm::dvec3 axis(turn.x, turn.y, turn.z);
        const double half = std::atan2(glm::length(axis), turn.w);
        const glm::dvec3 log = glm::length(axis) > 0.0 ? axis * (2.0 * half / glm::length(axis)) : glm::dvec3(0.0);
        const glm::dquat expected = exact_exp(a * log) * d0;
        if (k % 2) worst_circle = std::max(worst_circle, distance(great_circle(f0, f1, float(a)), expected));
        else worst_slerp = std::max(worst_slerp, distance(slerp_shortest(f0, f1, float(a)), expected));
    }
    EXPECT_LT(worst_circle, 1e-6);  // carried past q1 (a up to 2), the rounding grows with a
    EXPECT_LT(worst_slerp, 4e-6);   // the lerp below 0.03 rad apart
}

TEST(Transform, TrsMatrixIsTranslationRotationScale) {
    Trs t;
    t.translation = glm::vec3(1, 2, 3);
    t.rotation = glm::angleAxis(float(M_PI / 2), glm::vec3(0, 0, 1));
    t.scale = glm::vec3(2, 1, 1);
    const glm::vec3 p = glm::vec3(t.to_matrix() * glm::vec4(1, 0, 0, 1));  // scaled to (2,0,0), turned to (0,2,0)
    EXPECT_NEAR(glm::length(p - glm::vec3(1, 4, 3)), 0.0f, 1e-6f);
}

}  // namespace
}  // namespace dynskin
