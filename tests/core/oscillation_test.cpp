// The filter's promises: frequency f, decay tau, drag that stops with the joint, results
// that do not depend on the render rate, parameters that change without a reset.

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/deformer_engine.h"
#include "test_support.h"

namespace dynskin {
namespace {

DynamicSettings settings_with(float f, float tau, float amplitude, float drag) {
    DynamicSettings s;
    s.parameters.oscillation = {f, tau, amplitude, drag};
    return s;
}

// Signed bend offset of the bar's tip, along the direction the bend rotates it.
struct TipProbe {
    std::size_t vertex;
    double operator()(const Deformer& d) const {
        const glm::vec3 offset = d.positions()[vertex] - d.base_positions()[vertex];
        const glm::vec3 u = d.base_positions()[vertex] - glm::vec3(d.globals()[0][3]);
        const glm::vec3 along = glm::normalize(glm::cross(glm::vec3(0, 0, 1), u));
        return glm::dot(offset, along);
    }
};

struct Curve {
    std::vector<double> t, s;
};

Curve wobble_after_stop(float f, float tau, double* stop_out = nullptr) {
    static const Character bar = test::make_bar();
    const double stop = std::ceil((7.0 * tau + 0.5) * 60.0) / 60.0;  // the start wobble is over
    const PoseSampler motion = test::turn_and_stop(bar.skeleton, 0, {0, 0, 1}, 1.0f, stop);
    const DynamicSettings s = settings_with(f, tau, 0.01f, 0.0f);
    Deformer deformer(bar);
    const TipProbe tip{bar.mesh.vertex_count() - 1};
    Curve c;
    for (int n = 0; n <= int(stop * 60.0) + int(8.0 * tau * 60.0); ++n) {
        const double t = n / 60.0;
        deformer.update(t, motion, s);
        if (t >= stop) {
            c.t.push_back(t - stop);
            c.s.push_back(tip(deformer));
        }
    }
    if (stop_out) *stop_out = stop;
    return c;
}

class WobbleTest : public ::testing::TestWithParam<std::pair<float, float>> {};

TEST_P(WobbleTest, OscillatesAtFAndDecaysWithTau) {
    const auto [f, tau] = GetParam();
    const Curve c = wobble_after_stop(f, tau);
    double peak_max = 0.0;
    for (double v : c.s) peak_max = std::max(peak_max, std::abs(v));
    ASSERT_GT(peak_max, 1e-4);

    // Frequency: zero crossings (linearly interpolated) are half a period apart.
    std::vector<double> crossings;
    // Only while the envelope is above 2 % (beyond, the truncated kernel ends the signal).
    const std::size_t end = std::min(c.s.size(), static_cast<std::size_t>(4.0 * tau * 60.0));
    // The stop reaches the filter one tick later (the stop tick still measures the turn):
    // the wobble starts at t = h, so look from t = 3h on.
    for (std::size_t k = 3; k < end; ++k) {
        if ((c.s[k - 1] < 0.0) != (c.s[k] < 0.0))
            crossings.push_back(c.t[k - 1] + (c.t[k] - c.t[k - 1]) * c.s[k - 1] / (c.s[k - 1] - c.s[k]));
    }
    ASSERT_GE(crossings.size(), 3u);
    const double half_period = (crossings.back() - crossings.front()) / double(crossings.size() - 1);
    EXPECT_NEAR(1.0 / (2.0 * half_period), f, 0.02 * f);

    // Decay: log of the peaks (refined by a parabola through three samples) against time.
    std::vector<double> pt, pl;
    for (std::size_t k = 1; k + 1 < end; ++k) {
        const double a = std::abs(c.s[k - 1]), b = std::abs(c.s[k]), d = std::abs(c.s[k + 1]);
        if (b < a || b < d) continue;
        const double denom = a - 2 * b + d;
        const double shift = denom != 0.0 ? 0.5 * (a - d) / denom : 0.0;
        pt.push_back(c.t[k] + shift / 60.0);
        pl.push_back(std::log(b - 0.25 * (a - d) * shift));
    }
    ASSERT_GE(pt.size(), 3u);
    double mt = 0, ml = 0;
    for (std::size_t k = 0; k < pt.size(); ++k) mt += pt[k], ml += pl[k];
    mt /= pt.size();
    ml /= pt.size();
    double num = 0, den = 0;
    for (std::size_t k = 0; k < pt.size(); ++k) num += (pt[k] - mt) * (pl[k] - ml), den += (pt[k] - mt) * (pt[k] - mt);
    const double measured_tau = -den / num;
    EXPECT_NEAR(measured_tau, tau, 0.05 * tau);
}

INSTANTIATE_TEST_SUITE_P(SeveralFAndTau, WobbleTest,
                         ::testing::Values(std::make_pair(1.0f, 1.0f), std::make_pair(2.0f, 0.5f),
                                           std::make_pair(3.0f, 0.8f), std::make_pair(4.0f, 0.3f)));

TEST(Oscillation, ZeroMotionGivesZeroOffsetExactly) {
    const Character bar = test::make_bar();
    Deformer deformer(bar);
    const PoseSampler still = [&](double, Pose& pose) { pose.local = bar.skeleton.rest; };
    const DynamicSettings s = settings_with(3.0f, 0.5f, 5.0f, 5.0f);
    for (double t = 0.0; t < 2.0; t += 1.0 / 37.0) {
        deformer.update(t, still, s);
        ASSERT_EQ(deformer.positions(), deformer.base_positions());
        ASSERT_EQ(deformer.normals(), deformer.base_normals());
    }
}

TEST(Oscillation, DragAloneVanishesWithinOneTickOfTheStop) {
    const Character bar = test::make_bar();
    const double stop = 1.0;
    const PoseSampler motion = test::turn_and_stop(bar.skeleton, 1, {0, 0, 1}, 2.0f, stop);
    const DynamicSettings s = settings_with(3.0f, 0.5f, 0.0f, 0.3f);
    Deformer deformer(bar);
    for (int n = 0; n <= 120; ++n) {
        const double t = n / 60.0;
        deformer.update(t, motion, s);
        const float offset = test::max_distance(deformer.positions(), deformer.base_positions());
        if (t > 0.1 && t <= stop - 1e-9) {
            EXPECT_GT(offset, 1e-3f) << "t = " << t;
        }
        if (t >= stop + 1.0 / 60.0 - 1e-9) {
            EXPECT_EQ(offset, 0.0f) << "t = " << t;
        }
    }
}

// The same motion rendered at different frame rates: identical offsets at tick times.
TEST(Oscillation, ResultsDoNotDependOnTheFrameRate) {
    const Character bar = test::make_bar();
    const PoseSampler motion = test::turn_and_stop(bar.skeleton, 1, {0, 0, 1}, 2.5f, 1.2);
    const DynamicSettings s = settings_with(2.0f, 0.6f, 0.1f, 0.1f);
    const std::vector<double> marks = {0.5, 1.0, 1.5, 2.0, 2.5, 3.0};

    auto run = [&](const std::vector<double>& frames) {
        Deformer deformer(bar);
        std::vector<std::vector<glm::vec3>> at_marks;
        std::size_t next = 0;
        for (double t : frames) {
            deformer.update(t, motion, s);
            if (next < marks.size() && std::abs(t - marks[next]) < 1e-12) {
                at_marks.push_back(deformer.positions());
                ++next;
            }
        }
        EXPECT_EQ(next, marks.size());
        return at_marks;
    };
    auto regular = [&](double fps) {
        std::vector<double> frames;
        for (int k = 0; k <= int(3.0 * fps + 0.5); ++k) frames.push_back(k / fps);
        return frames;
    };
    std::vector<double> irregular;
    std::mt19937 random(7);
    std::uniform_real_distribution<double> dt(0.003, 0.045);
    for (double t = 0.0; t < 3.0;) {
        irregular.push_back(t);
        const double next_mark = std::ceil(t * 2.0 + 1e-9) / 2.0;
        t = std::min(t + dt(random), next_mark);  // land exactly on every mark
    }
    irregular.push_back(3.0);

    const auto reference = run(regular(60.0));
    const float size = Deformer(bar).size();
    for (const auto& frames : {regular(24.0), regular(30.0), regular(144.0), irregular}) {
        const auto result = run(frames);
        ASSERT_EQ(result.size(), reference.size());
        for (std::size_t m = 0; m < marks.size(); ++m)
            EXPECT_LT(test::max_distance(result[m], reference[m]), 1e-6f * size) << "at t = " << marks[m];
    }
}

TEST(Oscillation, ParametersChangeWithoutAReset) {
    const Character bar = test::make_bar();
    const PoseSampler motion = test::turn_and_stop(bar.skeleton, 1, {0, 0, 1}, 2.0f, 1.0);
    Deformer changed(bar), constant(bar);
    const DynamicSettings before = settings_with(2.0f, 0.5f, 0.05f, 0.1f);
    const DynamicSettings after = settings_with(3.0f, 0.7f, 0.12f, 0.2f);
    for (int n = 0; n <= 150; ++n) {
        const double t = n / 60.0;
        changed.update(t, motion, n < 70 ? before : after);
        constant.update(t, motion, after);
    }
    // The filter depends only on the measured history and the current parameters.
    EXPECT_EQ(changed.positions(), constant.positions());
}

TEST(Oscillation, ResetMidMotionStartsNoWobble) {
    const Character bar = test::make_bar();
    const PoseSampler spin = test::turn_and_stop(bar.skeleton, 1, {0, 0, 1}, 1.5f, 100.0);
    const DynamicSettings s = settings_with(2.0f, 0.3f, 0.2f, 0.1f);
    Deformer long_running(bar), fresh(bar);
    for (int n = 0; n <= 210; ++n) long_running.update(n / 60.0, spin, s);  // start wobble over
    fresh.update(3.0, spin, s);
    fresh.reset();
    for (int n = 180; n <= 210; ++n) fresh.update(n / 60.0, spin, s);
    EXPECT_LT(test::max_distance(fresh.positions(), long_running.positions()), 1e-6f * fresh.size());
    EXPECT_GT(test::max_distance(fresh.positions(), fresh.base_positions()), 1e-3f);  // the drag is there
}

// Joint 1 of the bar turning about Z at pi/2 rad/s for `quarters` seconds, played in a
// loop for `seconds`: the drive must stay D |omega| at every tick, through every wrap.
void expect_steady_drive_through_the_wraps(int quarters, double seconds) {
    const Character bar = test::make_bar();
    AnimationClip clip;
    clip.duration = float(quarters);
    AnimationChannel ch;
    ch.joint = 1;
    for (int k = 0; k <= quarters; ++k) {
        ch.times.push_back(float(k));
        const glm::quat q = glm::angleAxis(float(M_PI / 2) * k, glm::vec3(0, 0, 1));
        ch.values.insert(ch.values.end(), {q.x, q.y, q.z, q.w});
    }
    clip.channels.push_back(ch);
    const PoseSampler loop = clip_sampler(bar.skeleton, clip, true);
    const DynamicSettings s = settings_with(2.0f, 0.5f, 0.3f, 0.2f);
    Deformer deformer(bar);
    const float expected = 0.2f * float(M_PI / 2);  // D |omega|
    for (int n = 0; n <= 60 * seconds; ++n) {
        deformer.update(n / 60.0 + 0.25 / 60.0, loop, s);
        ASSERT_NEAR(glm::length(glm::vec3(deformer.joint_row(1).angular_gain)), expected, 1e-4f * expected) << "tick " << n;
    }
}

TEST(Oscillation, LoopingClipWrapsWithoutAJolt) {
    // A full circle, looped: the wrap is continuous time, so the angular velocity never
    // changes and no wobble ever starts.
    expect_steady_drive_through_the_wraps(4, 10.0);
}

TEST(Oscillation, ATeleportIsACutNotMotion) {
    // The root glides at 0.5 L/s; in one run it also jumps 5 L sideways at t = 0.5 s. Over the
    // jump each joint keeps the velocity it had, so the offsets from the base are the same as
    // without the jump: no lag, no wobble from a motion that did not happen.
    const Character bar = test::make_bar();
    const DynamicSettings s = settings_with(2.0f, 0.5f, 0.3f, 0.2f);
    Deformer glide(bar), jump(bar);
    const float L = glide.size();
    auto moving = [&](bool jumps) {
        return PoseSampler([&bar, L, jumps](double t, Pose& pose) {
            pose.local = bar.skeleton.rest;
            pose.local[0].translation += glm::vec3(0.5f * L * float(t), 0.0f, 0.0f);
            if (jumps && t >= 0.5) pose.local[0].translation.z += 5.0f * L;
        });
    };
    for (int n = 0; n <= 90; ++n) {
        glide.update(n / 60.0, moving(false), s);
        jump.update(n / 60.0, moving(true), s);
        std::vector<glm::vec3> a(bar.mesh.vertex_count()), b(a.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            a[i] = glide.positions()[i] - glide.base_positions()[i];
            b[i] = jump.positions()[i] - jump.base_positions()[i];
        }
        ASSERT_LT(test::max_distance(a, b), 1e-5f * L) << "tick " << n;
    }
    EXPECT_GT(test::max_distance(glide.positions(), glide.base_positions()), 1e-3f * L);  // the glide lags
}

TEST(Oscillation, ALoopsWrapIsACutWhenTheClipDoesNotCycle) {
    // A quarter turn over 1 s, looped: at each wrap the joint snaps back. The snap is not
    // motion: the drive stays D |omega| through it, as for a clip that cycles.
    expect_steady_drive_through_the_wraps(1, 4.0);
}

}  // namespace
}  // namespace dynskin
