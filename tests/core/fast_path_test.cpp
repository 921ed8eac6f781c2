// The fast path (SIMD kernels over the blocked skin, threads) against the plain
// implementations it replaces: linear_blend_skinning, apply_bend, std::sin/cos.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <random>

#include <hwy/targets.h>

#include "core/fast/blocked_deformer.h"
#include "dynskin/deformer.h"
#include "core/fast/delayed_lbs_fast.h"
#include "core/fast/fast_sincos.h"
#include "core/formulas/linear_blend_skinning.h"
#include "test_support.h"

namespace dynskin {
namespace {

TEST(FastSinCos, WithinOneMillionthOfStdOverTheWholeRange) {
    std::vector<float> angles;
    for (int k = -200000; k <= 200000; ++k) angles.push_back(float(k) * 5e-5f);  // [-10, 10], fine
    std::mt19937 random(3);
    std::uniform_real_distribution<float> wide(-1e4f, 1e4f);
    for (int k = 0; k < 100000; ++k) angles.push_back(wide(random));
    angles.insert(angles.end(), {0.0f, -0.0f, 1e-30f, float(M_PI_2), float(M_PI), -float(M_PI)});
    std::vector<float> s(angles.size()), c(angles.size());
    fast_sincos(angles.data(), s.data(), c.data(), angles.size());
    double worst = 0.0;
    for (std::size_t i = 0; i < angles.size(); ++i) {
        worst = std::max(worst, std::abs(s[i] - std::sin(double(angles[i]))));
        worst = std::max(worst, std::abs(c[i] - std::cos(double(angles[i]))));
    }
    EXPECT_LT(worst, 1e-6);
}

// The short polynomials for small angles, each over its whole range, against std::sin/cos
// (dLBS picks them when its table's angles allow; the bend's sine is the small one).
TEST(FastSinCos, ShortPolynomialsWithinTheirRanges) {
    for (const auto& [range, limit] : {std::pair{SinCosRange::kSmall, float(kSmallAngle)}, {SinCosRange::kTiny, float(kTinyAngle)}}) {
        std::vector<float> angles;
        for (int k = -100000; k <= 100000; ++k) angles.push_back(limit * float(k) * 1e-5f);
        std::vector<float> s(angles.size()), c(angles.size());
        fast_sincos(angles.data(), s.data(), c.data(), angles.size(), range);
        double worst = 0.0;
        for (std::size_t i = 0; i < angles.size(); ++i) {
            worst = std::max(worst, std::abs(s[i] - std::sin(double(angles[i]))));
            worst = std::max(worst, std::abs(c[i] - std::cos(double(angles[i]))));
        }
        EXPECT_LT(worst, 2e-7) << "up to " << limit;  // a few float roundings: the polynomials' own error is below
    }
}

TEST(WorkerPool, EveryItemExactlyOnceAtAnyThreadCount) {
    for (int threads : {1, 2, 3, 8}) {
        WorkerPool pool(threads);
        EXPECT_EQ(pool.thread_count(), threads);
        for (std::size_t count : {0u, 1u, 7u, 1000u, 12345u}) {
            for (int repeat = 0; repeat < 3; ++repeat) {
                std::vector<std::atomic<int>> seen(count);
                auto body = [&](std::size_t begin, std::size_t end) {
                    for (std::size_t i = begin; i < end; ++i) seen[i].fetch_add(1);
                };
                pool.parallel_for(count, 10, body);
                for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(seen[i].load(), 1) << threads << " " << count;
            }
        }
    }
}

// A branching skeleton and a skin in shuffled order with 1 to 5 influences per vertex
// (a joint listed twice, zero weights), so that blocks are padded and not contiguous.
Character make_tree_character(std::size_t vertex_count, bool shuffled) {
    Character c;
    c.skeleton.add_joint("root", -1, Trs{});
    for (int j = 1; j < 12; ++j) {
        Trs rest;
        rest.translation = glm::vec3(0.1f * float(j % 3) - 0.1f, 0.3f, 0.05f * float(j % 2));
        rest.rotation = glm::angleAxis(0.2f * float(j), glm::normalize(glm::vec3(1, j, 2)));
        c.skeleton.add_joint("j" + std::to_string(j), (j - 1) / 2, rest);
    }
    std::vector<glm::mat4> globals;
    forward_kinematics(c.skeleton, Pose::rest_of(c.skeleton), globals);
    std::mt19937 random(7);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f), around(-0.1f, 0.1f);
    std::vector<std::size_t> order(vertex_count);
    std::iota(order.begin(), order.end(), 0);
    if (shuffled) std::shuffle(order.begin(), order.end(), random);
    SkinnedMesh& m = c.mesh;
    m.rest_positions.resize(vertex_count);
    m.rest_normals.resize(vertex_count);
    std::vector<std::vector<std::pair<std::uint32_t, float>>> influences(vertex_count);
    for (std::size_t k = 0; k < vertex_count; ++k) {
        const std::size_t i = order[k];
        const int joint = static_cast<int>(k * 12 / vertex_count);
        m.rest_positions[i] = glm::vec3(globals[joint][3]) + glm::vec3(around(random), around(random), around(random));
        m.rest_normals[i] = glm::normalize(glm::vec3(around(random), 0.05f, around(random)));
        const int count = 1 + static_cast<int>(k % 5);
        float total = 0.0f;
        for (int e = 0; e < count; ++e) {
            const int j = e == 0 ? joint : std::min(11, std::max(0, joint + e - 2));
            const float w = e == 3 ? 0.0f : 0.2f + unit(random);
            influences[i].emplace_back(std::uint32_t(j), w);
            total += w;
        }
        for (auto& [j, w] : influences[i]) w /= total;
    }
    for (const auto& row : influences) m.weights.add_vertex(row);
    m.bend_weights.resize(vertex_count);
    for (std::size_t i = 0; i < vertex_count; ++i) m.bend_weights[i] = i % 11 == 0 ? 0.0f : 1.5f - float(i % 7) * 0.4f;
    for (const glm::mat4& g : globals) m.inverse_binds.push_back(glm::inverse(g));
    return c;
}

std::vector<JointDrive> some_drives(const Skeleton& skeleton, const std::vector<glm::mat4>& globals) {
    std::vector<JointDrive> drives(skeleton.joint_count());
    for (int j = 0; j < skeleton.joint_count(); ++j) {
        JointDrive& d = drives[j];
        d.origin = glm::vec3(globals[j][3]) + glm::vec3(0.02f * float(j % 3), 0.0f, -0.01f);
        d.gain = j == 5 ? 0.0f : 1.0f + 0.1f * float(j);
        if (j % 4 != 3) d.angular = glm::vec3(std::sin(float(j)), 1.5f, std::cos(2.0f * float(j))) * 2.0f;  // some still
        if (j == 0 || j == 6) d.linear = glm::vec3(0.5f, -0.2f, 0.1f * float(j));
    }
    return drives;
}

// Velocity Skinning's inputs on top: drag parts, measured velocities, centroids, layers.
struct VelocitySkinning {
    bool on = false;
    SquashCenter center = SquashCenter::Axis;
};

void add_velocity_skinning(std::vector<JointDrive>& drives, const std::vector<glm::mat4>& globals) {
    for (std::size_t j = 0; j < drives.size(); ++j) {
        JointDrive& d = drives[j];
        d.angular_drag = 0.4f * d.angular;
        d.linear_drag = 0.5f * d.linear;
        d.position = glm::vec3(globals[j][3]);
        d.centroid = d.position + glm::vec3(0.05f, 0.2f + 0.01f * float(j), -0.03f);
        d.medial = j % 5 == 4 ? glm::vec3(0.0f) : glm::normalize(d.centroid - d.position);  // some without
        if (j % 3 != 2) d.angular_velocity = glm::vec3(1.0f, -0.5f * float(j % 4), 2.0f);
        if (j % 3 == 0) d.linear_velocity = glm::vec3(0.3f, 0.1f * float(j), -0.4f);
    }
}

void expect_fast_matches_plain(const Character& c, float max_angle, int threads, VelocitySkinning vs = {},
                               float max_offset = 0.0f) {
    const HierarchicalWeights betas = build_hierarchical_weights(c.skeleton, c.mesh.weights);
    const float size = character_size(c.skeleton, c.mesh);
    Pose pose = Pose::rest_of(c.skeleton);
    for (int j = 0; j < c.skeleton.joint_count(); ++j)
        pose.local[j].rotation = glm::angleAxis(0.3f + 0.1f * float(j), glm::normalize(glm::vec3(1, 2, j))) *
                                 pose.local[j].rotation;
    pose.local[0].scale = glm::vec3(1.0f, 1.2f, 0.9f);  // non-uniform scale: normals by the cofactor
    std::vector<glm::mat4> globals, skinning;
    forward_kinematics(c.skeleton, pose, globals);
    skinning_matrices(globals, c.mesh.inverse_binds, skinning);
    std::vector<JointDrive> drives = some_drives(c.skeleton, globals);
    BendInputs bend{betas, c.mesh.bend_weights, drives, size, max_angle};
    bend.max_offset = max_offset;
    std::vector<float> floppy(c.mesh.vertex_count()), squash(c.mesh.vertex_count());
    if (vs.on) {
        add_velocity_skinning(drives, globals);
        for (std::size_t i = 0; i < floppy.size(); ++i) {
            floppy[i] = 2.0f - float(i % 9) * 0.4f;  // 0 and negative values among them
            squash[i] = i % 13 == 0 ? 0.0f : 1.5f - float(i % 4) * 0.6f;
        }
        bend.floppy_weights = &floppy;
        bend.squash_weights = &squash;
        bend.squash = 0.3f;
        bend.squash_center = vs.center;
    }

    std::vector<glm::vec3> plain_base, plain_base_normals;
    linear_blend_skinning(c.mesh, skinning, plain_base, plain_base_normals);
    std::vector<glm::vec3> plain = plain_base, plain_normals = plain_base_normals;
    apply_bend(bend, plain, plain_normals);
    ASSERT_GT(test::max_distance(plain, plain_base), 0.01f * size);  // the bend does something
    if (max_offset > 0.0f) {  // the limit holds, and is past its knee somewhere
        EXPECT_LE(test::max_distance(plain, plain_base), max_offset * size * 1.0001f);
        EXPECT_GT(test::max_distance(plain, plain_base), 0.6f * max_offset * size);
    }

    WorkerPool pool(threads);
    BlockedDeformer fast(c.mesh, betas);
    SkinnedFrame frame;
    fast.skin_and_bend(pool, skinning, bend, frame);  // fused LBS + bend
    EXPECT_LT(test::max_distance(frame.base_positions, plain_base), 1e-5f * size);
    EXPECT_LT(test::max_distance(frame.base_normals, plain_base_normals), 1e-5f);
    EXPECT_LT(test::max_distance(frame.positions, plain), 1e-5f * size);
    EXPECT_LT(test::max_distance(frame.normals, plain_normals), 1e-4f);

    SkinnedFrame given{plain_base, plain_base_normals, {}, {}};  // bend of a given base
    fast.bend(pool, bend, given);
    EXPECT_EQ(given.base_positions, plain_base);
    EXPECT_LT(test::max_distance(given.positions, plain), 1e-5f * size);
    EXPECT_LT(test::max_distance(given.normals, plain_normals), 1e-4f);

    SkinnedFrame untouched{{}, {}, std::vector<glm::vec3>(1), std::vector<glm::vec3>(1)};
    fast.skin(pool, skinning, untouched);  // LBS alone
    EXPECT_LT(test::max_distance(untouched.base_positions, plain_base), 1e-5f * size);
    EXPECT_EQ(untouched.positions.size(), 1u);
}

TEST(BlockedDeformer, MatchesPlainLbsAndBendInShuffledOrder) {
    expect_fast_matches_plain(make_tree_character(3001, true), 0.0f, 1);
    expect_fast_matches_plain(make_tree_character(3001, true), 0.0f, 3);
}

TEST(BlockedDeformer, MatchesPlainInMeshOrderAndWithTheSoftLimit) {
    expect_fast_matches_plain(make_tree_character(5000, false), 0.0f, 2);
    expect_fast_matches_plain(make_tree_character(5000, false), 0.25f, 2);
}

TEST(BlockedDeformer, MatchesPlainWithTheOffsetLimit) {
    expect_fast_matches_plain(make_tree_character(3001, true), 0.0f, 2, {}, 0.04f);
    expect_fast_matches_plain(make_tree_character(3001, false), 0.3f, 1, {}, 0.06f);
    expect_fast_matches_plain(make_tree_character(3001, true), 0.3f, 2, {true, SquashCenter::Axis}, 0.05f);
}

TEST(BlockedDeformer, MatchesPlainWithVelocitySkinning) {
    expect_fast_matches_plain(make_tree_character(3001, true), 0.0f, 2, {true, SquashCenter::Axis});
    expect_fast_matches_plain(make_tree_character(3001, false), 0.3f, 1, {true, SquashCenter::Centroid});
    Character bar = test::make_bar(5, 2.0f, 0.25f, 40, 12);
    expect_fast_matches_plain(bar, 0.0f, 2, {true, SquashCenter::Axis});
}

// Runs `check` once per SIMD target this build has and this CPU runs, then gives the
// CPU's own back; returns how many ran.
int on_every_simd_target(const char* kernel, const std::function<void()>& check) {
    const std::int64_t targets = HWY_TARGETS & hwy::SupportedTargets();
    int tested = 0;
    for (std::int64_t target = 1; target != 0 && target <= targets; target <<= 1) {
        if (!(targets & target)) continue;
        hwy::SetSupportedTargetsForTest(target);
        SCOPED_TRACE(hwy::TargetName(target));
        std::printf("%s kernel on %s\n", kernel, hwy::TargetName(target));
        check();
        ++tested;
    }
    hwy::SetSupportedTargetsForTest(0);
    return tested;
}

TEST(BlockedDeformer, MatchesPlainOnEverySimdTargetOfThisCpu) {
    // AVX-512 takes a block in one vector, AVX2 in two, SSE4 in four; each target has its
    // own estimate of 1/sqrt, which the kernel refines by a Newton step.
    EXPECT_GE(on_every_simd_target("bend",
                                   [] {
                                       expect_fast_matches_plain(make_tree_character(1500, true), 0.0f, 2);
                                       expect_fast_matches_plain(make_tree_character(1500, false), 0.25f, 1);
                                       expect_fast_matches_plain(make_tree_character(1500, true), 0.0f, 2,
                                                                 {true, SquashCenter::Axis});
                                       expect_fast_matches_plain(make_tree_character(1500, false), 0.3f, 2, {},
                                                                 0.04f);
                                   }),
              2);
}

TEST(BlockedDeformer, MatchesPlainOnTheBar) {
    Character bar = test::make_bar(5, 2.0f, 0.25f, 40, 12);
    expect_fast_matches_plain(bar, 0.0f, 2);
}

TEST(BlockedDeformer, StillJointsLeaveTheBaseUntouchedAndAreSkipped) {
    const Character c = make_tree_character(2000, true);
    const HierarchicalWeights betas = build_hierarchical_weights(c.skeleton, c.mesh.weights);
    std::vector<glm::mat4> globals;
    forward_kinematics(c.skeleton, Pose::rest_of(c.skeleton), globals);
    std::vector<JointDrive> drives = some_drives(c.skeleton, globals);
    for (JointDrive& d : drives) d.angular = d.linear = glm::vec3(0.0f);
    const BendInputs bend{betas, c.mesh.bend_weights, drives, 1.0f, 0.0f};
    WorkerPool pool(2);
    BlockedDeformer fast(c.mesh, betas);
    SkinnedFrame frame{c.mesh.rest_positions, c.mesh.rest_normals, {}, {}};
    fast.bend(pool, bend, frame);
    EXPECT_EQ(frame.positions, frame.base_positions);
    EXPECT_EQ(frame.normals, frame.base_normals);
}

TEST(BlockedSkin, EveryVertexOnceWithItsOwnData) {
    const Character c = make_tree_character(4099, true);
    const HierarchicalWeights betas = build_hierarchical_weights(c.skeleton, c.mesh.weights);
    const BlockedSkin s = build_blocked_skin(c.mesh, betas);
    std::vector<int> seen(c.mesh.vertex_count(), 0);
    for (std::size_t b = 0; b < s.block_count(); ++b) {
        const BlockedSkin::Group& g = s.groups[s.block_group[b]];
        for (int lane = 0; lane < BlockedSkin::kLanes; ++lane) {
            const std::uint32_t i = s.vertex[b * BlockedSkin::kLanes + lane];
            if (i == BlockedSkin::kNoVertex) continue;
            ++seen[i];
            ASSERT_EQ(g.ancestor_count, betas.offsets[i + 1] - betas.offsets[i]);
            for (std::uint32_t r = 0; r < g.ancestor_count; ++r) {
                EXPECT_EQ(s.joints[g.ancestors_begin + r], betas.joints[betas.offsets[i] + r]);
                EXPECT_EQ(s.betas[(s.block_betas[b] + r) * BlockedSkin::kLanes + lane], betas.betas[betas.offsets[i] + r]);
            }
            EXPECT_EQ(s.rest[b * 6 * BlockedSkin::kLanes + lane], c.mesh.rest_positions[i].x);
        }
    }
    for (int count : seen) ASSERT_EQ(count, 1);
}

// ---- dLBS: the SIMD kernel (DelayedLbs) against the plain per-vertex version ----

// Every joint turns about its own axis at its own rate (rad/s, scaled by `rate`), so that
// the delayed chains differ from joint to joint; `scale` (if set) scales the joints too.
PoseSampler every_joint_turning(const Skeleton& skeleton, float rate, std::function<glm::vec3(double, int)> scale = {}) {
    return [&skeleton, rate, scale](double t, Pose& pose) {
        pose.local = skeleton.rest;
        for (int j = 0; j < skeleton.joint_count(); ++j) {
            const glm::vec3 axis = glm::normalize(glm::vec3(std::sin(1.7f * j), 1.0f, std::cos(0.9f * j)));
            const float angle = rate * float(std::sin((1.1 + 0.13 * j) * t) + 0.3 * t);
            pose.local[j].rotation = glm::angleAxis(angle, axis) * skeleton.rest[j].rotation;
            if (scale) pose.local[j].scale = scale(t, j);
        }
        pose.local[0].translation = skeleton.rest[0].translation + glm::vec3(0.2f * float(std::sin(2.0 * t)), 0, 0);
    };
}

// Frame times at irregular steps: several frames within one tick, exact tick times, a
// long step, a step back (the history restarts) and a jump past the whole history.
std::vector<double> irregular_times() {
    std::vector<double> times;
    double t = 0.4;
    const double steps[] = {0.003, 1.0 / 60.0, 0.0, 0.051, 0.004, 0.004, 0.25, 1.0 / 120.0, 0.02};
    for (int k = 0; k < 60; ++k) {
        t += steps[k % 9];
        times.push_back(k % 13 == 5 ? std::round(t * 60.0) / 60.0 : t);  // now and then exactly on a tick
    }
    times.push_back(t - 0.5);   // back: a restart
    times.push_back(t + 0.1);
    times.push_back(t + 45.0);  // past the history's 34 s: a restart too
    times.push_back(t + 45.0 + 1.0 / 60.0);
    return times;
}

struct DelayedCase {
    const Character& character;
    PoseSampler motion;
    float speed;
    int threads = 2;
    float normal_tolerance = 1e-4f;
};

// Runs both dLBS versions over the irregular times; returns the largest position
// difference seen, in character sizes.
float fast_against_plain_dlbs(const DelayedCase& c) {
    const Skeleton& skeleton = c.character.skeleton;
    const SkinnedMesh& mesh = c.character.mesh;
    const HierarchicalWeights betas = build_hierarchical_weights(skeleton, mesh.weights);
    const float size = character_size(skeleton, mesh);
    const std::vector<float> distances = skeleton_distances(skeleton, mesh, betas, size);
    DelayedLbs fast(skeleton, mesh, betas, size);
    JointMotionHistory history(skeleton.joint_count());
    WorkerPool pool(c.threads);
    std::vector<glm::vec3> positions, normals, plain, plain_normals;
    float worst = 0.0f;
    for (double t : irregular_times()) {
        history.advance(t, skeleton, c.motion);
        Pose pose = Pose::rest_of(skeleton);
        c.motion(t, pose);
        fast.run(pool, skeleton, mesh, betas, history, t, pose, c.speed, positions, normals);
        delayed_linear_blend_skinning(pool, skeleton, mesh, betas, distances, history, t, pose, c.speed, plain,
                                      plain_normals);
        const float d = test::max_distance(positions, plain) / size;
        EXPECT_LT(d, 1e-5f) << "t = " << t << ", c = " << c.speed;
        EXPECT_LT(test::max_distance(normals, plain_normals), c.normal_tolerance) << "t = " << t << ", c = " << c.speed;
        worst = std::max(worst, d);
    }
    return worst;
}

TEST(DelayedLbsFast, MatchesPlainAtEverySpeedInShuffledOrder) {
    const Character c = make_tree_character(3001, true);  // padded, non-contiguous blocks
    // From nearly LBS (c large) to delays of many seconds, and past the history (c = 0.01).
    for (float speed : {1e7f, 8.0f, 1.5f, 0.3f, 0.05f, 0.01f})
        fast_against_plain_dlbs({c, every_joint_turning(c.skeleton, 1.0f), speed});
}

TEST(DelayedLbsFast, MatchesPlainInMeshOrderOnOneTwoAndThreeThreads) {
    const Character c = make_tree_character(5000, false);
    for (int threads : {1, 3}) fast_against_plain_dlbs({c, every_joint_turning(c.skeleton, 0.8f), 0.7f, threads});
}

TEST(DelayedLbsFast, MatchesPlainOnTheBar) {
    const Character bar = test::make_bar(5, 2.0f, 0.25f, 40, 12);
    for (float speed : {20.0f, 2.0f, 0.4f}) fast_against_plain_dlbs({bar, every_joint_turning(bar.skeleton, 1.0f), speed});
}

TEST(DelayedLbsFast, MatchesPlainWhenTicksTurnByMoreThanARightAngle) {
    // About 150 rad/s: some ticks turn by more than pi/2 (the sine's range reduction).
    // Blending influences turned that far apart is ill-conditioned for the normal (the
    // cofactor of a nearly singular matrix), so float rounding shows more there.
    const Character c = make_tree_character(2000, true);
    const float worst = fast_against_plain_dlbs({c, every_joint_turning(c.skeleton, 120.0f), 1.0f, 2, 1e-3f});
    std::printf("largest difference: %g sizes\n", worst);
}

// The angle range the table reports decides which sine and cosine the kernel evaluates:
// one joint turning at a steady `speed` (rad/s) about z.
SinCosRange angle_range_when_turning_at(float speed) {
    const Skeleton skeleton = test::make_bar(3).skeleton;
    const PoseSampler motion = [&skeleton, speed](double t, Pose& pose) {
        pose.local = skeleton.rest;
        pose.local[1].rotation = glm::angleAxis(speed * float(t), glm::vec3(0, 0, 1)) * skeleton.rest[1].rotation;
    };
    JointMotionHistory history(skeleton.joint_count());
    DelayedRotationTable table;
    double t = 0.0;
    for (int frame = 0; frame < 90; ++frame, t += 1.0 / 60.0) {
        history.advance(t, skeleton, motion);
        Pose pose = Pose::rest_of(skeleton);
        motion(t, pose);
        table.update(history, pose, t, 40.0);
    }
    return table.angle_range();
}

TEST(DelayedRotationTable, ReportsTheRangeOfItsSegmentsAngles) {
    // A tick's half angle is speed / 120: tiny up to 0.125 (15 rad/s), small up to pi/4.
    EXPECT_EQ(angle_range_when_turning_at(0.0f), SinCosRange::kTiny);
    EXPECT_EQ(angle_range_when_turning_at(14.0f), SinCosRange::kTiny);
    EXPECT_EQ(angle_range_when_turning_at(16.0f), SinCosRange::kSmall);
    EXPECT_EQ(angle_range_when_turning_at(90.0f), SinCosRange::kSmall);
    EXPECT_EQ(angle_range_when_turning_at(100.0f), SinCosRange::kAny);
}

TEST(DelayedLbsFast, MatchesPlainWhenTicksTurnPastTheTinyRange) {
    // Rate 12: joints turn at about 15 to 40 rad/s, past the Taylor polynomials' range
    // (kSmall), below a right angle per tick. Influences delayed that differently turn far
    // apart, so normals get the looser bound of the right-angle test above (measured
    // 1.3e-4 under clang, float rounding in the cofactor of a nearly singular blend).
    const Character c = make_tree_character(2000, true);
    fast_against_plain_dlbs({c, every_joint_turning(c.skeleton, 12.0f), 1.0f, 2, 1e-3f});
}

TEST(DelayedLbsFast, MatchesPlainWithBonesAlongEachAxisAndWithout) {
    // The kernel places a child along one axis of its parent with half the work; here bones
    // run along x, y, z, nowhere (a zero translation) and in any direction.
    Character c = make_tree_character(3000, true);
    const glm::vec3 bones[] = {{0.3f, 0, 0}, {0, 0.3f, 0}, {0, 0, -0.3f}, {0, 0, 0}, {0.1f, 0.2f, -0.1f}};
    for (int j = 1; j < c.skeleton.joint_count(); ++j) c.skeleton.rest[j].translation = bones[j % 5];
    std::vector<glm::mat4> globals;
    forward_kinematics(c.skeleton, Pose::rest_of(c.skeleton), globals);
    for (int j = 0; j < c.skeleton.joint_count(); ++j) c.mesh.inverse_binds[j] = glm::inverse(globals[j]);
    fast_against_plain_dlbs({c, every_joint_turning(c.skeleton, 1.0f), 1.0f});
}

TEST(DelayedLbsFast, UniformScalesTakeTheFastPathAndNonUniformOnesThePlain) {
    const Character c = make_tree_character(2000, false);
    auto uniform = [](double t, int j) { return glm::vec3(1.0f + 0.2f * float(std::sin(t + j))); };
    auto stretched = [](double t, int j) { return glm::vec3(1.0f, 1.0f + 0.2f * float(std::sin(t + j)), 1.0f); };
    fast_against_plain_dlbs({c, every_joint_turning(c.skeleton, 1.0f, uniform), 1.2f});
    fast_against_plain_dlbs({c, every_joint_turning(c.skeleton, 1.0f, stretched), 1.2f});
}

TEST(DelayedLbsFast, MatchesPlainOnEverySimdTargetOfThisCpu) {
    // AVX-512 takes a block in one vector, AVX2 in two, SSE4 in four: other lookups, other
    // gathers. Delays of seconds (c = 0.05) make lanes far apart, read by gathers.
    const Character c = make_tree_character(2000, true);
    EXPECT_GE(on_every_simd_target("dLBS",
                                   [&c] {
                                       for (float speed : {0.7f, 0.05f})
                                           fast_against_plain_dlbs({c, every_joint_turning(c.skeleton, 1.0f), speed});
                                   }),
              2);
}

TEST(DelayedLbsFast, SameResultsAtAnyThreadCount) {
    const Character c = make_tree_character(7000, true);
    const HierarchicalWeights betas = build_hierarchical_weights(c.skeleton, c.mesh.weights);
    const float size = character_size(c.skeleton, c.mesh);
    const PoseSampler motion = every_joint_turning(c.skeleton, 1.0f);
    std::vector<std::vector<glm::vec3>> results;
    for (int threads : {1, 2, 4}) {
        DelayedLbs fast(c.skeleton, c.mesh, betas, size);
        JointMotionHistory history(c.skeleton.joint_count());
        WorkerPool pool(threads);
        std::vector<glm::vec3> positions, normals;
        for (int k = 0; k < 30; ++k) {
            const double t = 1.0 + k * 0.021;
            history.advance(t, c.skeleton, motion);
            Pose pose = Pose::rest_of(c.skeleton);
            motion(t, pose);
            fast.run(pool, c.skeleton, c.mesh, betas, history, t, pose, 0.9f, positions, normals);
        }
        results.push_back(positions);
        results.push_back(normals);
    }
    for (std::size_t k = 2; k < results.size(); ++k) EXPECT_EQ(results[k], results[k % 2]);
}

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
