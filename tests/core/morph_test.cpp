// Morph targets: the data model's checks, the weights channels' interpolation, and every
// skinning path (fast LBS, plain LBS, DQS, dLBS, the bend on top) against an evaluation
// written here from the glTF specification: morph the rest, then skin.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/deformer_engine.h"
#include "core/fast/delayed_lbs_fast.h"
#include "core/formulas/morphed_rest.h"
#include "core/support/worker_pool.h"
#include "dynskin/linear_blend_skinning.h"
#include "reference_deformer.h"
#include "test_support.h"

namespace dynskin {
namespace {

// A bar with two morph groups over disjoint halves: group "front" (targets 0 and 1, sparse,
// with normal deltas) and group "back" (target 2, positions only), default weights
// 0.25, 0 and 0.5. rings x sides vertices: large bars span several blocked windows.
Character morphing_bar(int rings = 24, int sides = 8) {
    Character c = test::make_bar(4, 2.0f, 0.2f, rings, sides);
    const std::uint32_t n = static_cast<std::uint32_t>(c.mesh.vertex_count());
    MorphGroup front{"front", 0, {0.25f, 0.0f}, {}};
    MorphTarget bulge, twist;
    for (std::uint32_t i = 0; i < n / 2; i += 3) {  // every third vertex: a sparse target
        const glm::vec3 outward = c.mesh.rest_normals[i];
        bulge.vertices.push_back(i);
        bulge.position_deltas.push_back(0.15f * outward + glm::vec3(0.0f, 0.01f * float(i % 7), 0.0f));
        bulge.normal_deltas.push_back(glm::vec3(0.0f, 0.4f, 0.0f));
    }
    for (std::uint32_t i = 1; i < n / 2; i += 2) {
        twist.vertices.push_back(i);
        twist.position_deltas.push_back(glm::vec3(-0.05f, 0.02f, 0.08f));
        twist.normal_deltas.push_back(glm::vec3(0.3f, 0.0f, -0.2f));
    }
    front.targets = {bulge, twist};
    MorphGroup back{"back", 2, {0.5f}, {}};
    MorphTarget stretch;
    for (std::uint32_t i = n / 2; i < n; ++i) {
        stretch.vertices.push_back(i);
        stretch.position_deltas.push_back(glm::vec3(0.0f, 0.1f * c.mesh.rest_positions[i].y, 0.0f));
    }
    back.targets = {stretch};
    c.mesh.morphs.groups = {front, back};
    return c;
}

// Joints and morph weights moving together (a pose without morph weights gets joints only).
PoseSampler morphing_motion(const Skeleton& skeleton) {
    return [&skeleton](double t, Pose& pose) {
        pose.local = skeleton.rest;
        pose.local[1].rotation = glm::angleAxis(0.7f * float(std::sin(2.0 * M_PI * 0.8 * t)), glm::vec3(0, 0, 1));
        pose.local[2].rotation =
            glm::angleAxis(0.5f * float(std::sin(2.0 * M_PI * 1.1 * t + 1.0)), glm::normalize(glm::vec3(1, 0, 1)));
        if (pose.morph_weights.size() != 3) return;
        pose.morph_weights[0] = 0.5f + 0.5f * float(std::sin(3.0 * t));
        pose.morph_weights[1] = t > 0.6 ? 1.2f : -0.3f;
        pose.morph_weights[2] = 0.8f * float(std::cos(2.0 * t));
    };
}

// glTF 2.0, written out: morphed position = rest + sum_k w_k dp_k, morphed normal = n +
// sum_k w_k dn_k (normalised), then the skin: sum_j w_ij G_j IB_j, normals by the inverse
// transpose of its linear part. Dense per-vertex sums, nothing from the library's morphs.
struct Expected {
    std::vector<glm::vec3> positions, normals;
};
Expected spec_morph_then_skin(const Character& c, const Pose& pose) {
    const SkinnedMesh& m = c.mesh;
    const std::size_t n = m.vertex_count();
    std::vector<glm::dvec3> position(n), normal(n);
    for (std::size_t i = 0; i < n; ++i) position[i] = m.rest_positions[i], normal[i] = m.rest_normals[i];
    for (const MorphGroup& group : m.morphs.groups)
        for (std::size_t k = 0; k < group.targets.size(); ++k) {
            const double w = pose.morph_weights[group.first_weight + k];
            const MorphTarget& target = group.targets[k];
            for (std::size_t e = 0; e < target.vertices.size(); ++e) {
                position[target.vertices[e]] += w * glm::dvec3(target.position_deltas[e]);
                if (!target.normal_deltas.empty()) normal[target.vertices[e]] += w * glm::dvec3(target.normal_deltas[e]);
            }
        }
    std::vector<glm::mat4> globals;
    forward_kinematics(c.skeleton, pose, globals);
    Expected out;
    for (std::size_t i = 0; i < n; ++i) {
        glm::dmat4 blended(0.0);
        for (std::uint32_t e = m.weights.offsets[i]; e < m.weights.offsets[i + 1]; ++e)
            blended += double(m.weights.weights[e]) *
                       (glm::dmat4(globals[m.weights.joints[e]]) * glm::dmat4(m.inverse_binds[m.weights.joints[e]]));
        out.positions.push_back(glm::vec3(blended * glm::dvec4(position[i], 1.0)));
        out.normals.push_back(
            glm::vec3(glm::normalize(glm::inverse(glm::transpose(glm::dmat3(blended))) * glm::normalize(normal[i]))));
    }
    return out;
}

Pose pose_at(const Character& c, const PoseSampler& motion, double t) {
    Pose pose{c.skeleton.rest, c.mesh.morphs.default_weights()};
    motion(t, pose);
    return pose;
}

TEST(MorphTargets, ValidateNamesTheFirstProblem) {
    const Character c = morphing_bar();
    const std::size_t n = c.mesh.vertex_count();
    EXPECT_EQ(c.validate(), "");
    EXPECT_EQ(c.mesh.morphs.weight_count(), 3u);
    EXPECT_EQ(c.mesh.morphs.default_weights(), (std::vector<float>{0.25f, 0.0f, 0.5f}));
    auto problem = [&](auto edit) {
        MorphTargets m = c.mesh.morphs;
        edit(m);
        return m.validate(n);
    };
    EXPECT_NE(problem([](MorphTargets& m) { m.groups[0].default_weights.pop_back(); }).find("2 targets"), std::string::npos);
    EXPECT_NE(problem([](MorphTargets& m) { m.groups[1].first_weight = 1; }).find("weights"), std::string::npos);
    EXPECT_NE(problem([&](MorphTargets& m) { m.groups[1].targets[0].vertices.back() = std::uint32_t(n); }).find("moves vertex"),
              std::string::npos);
    EXPECT_NE(problem([](MorphTargets& m) { std::swap(m.groups[0].targets[0].vertices[0], m.groups[0].targets[0].vertices[1]); })
                  .find("out of order"),
              std::string::npos);
    EXPECT_NE(problem([](MorphTargets& m) { m.groups[0].targets[1].position_deltas[2].y = NAN; }).find("non-finite delta"),
              std::string::npos);
    EXPECT_NE(problem([](MorphTargets& m) { m.groups[0].targets[1].normal_deltas.pop_back(); }).find("one delta"),
              std::string::npos);
    EXPECT_NE(problem([](MorphTargets& m) { m.groups[0].default_weights[0] = INFINITY; }).find("non-finite default"),
              std::string::npos);
    EXPECT_NE(problem([](MorphTargets& m) { m.groups[1].targets[0].vertices[0] = 0; }).find("another group"), std::string::npos);
}

TEST(AnimationClip, SamplesMorphWeightsByTheGltfRules) {
    AnimationClip clip;
    clip.name = "faces";
    AnimationChannel linear;
    linear.path = ChannelPath::Weights;
    linear.first_weight = 0;
    linear.weight_count = 2;
    linear.times = {1.0f, 3.0f};
    linear.values = {0.0f, 1.0f, 1.0f, -1.0f};  // key 0: (0, 1), key 1: (1, -1)
    AnimationChannel step = linear;
    step.interpolation = Interpolation::Step;
    step.first_weight = 2;
    step.weight_count = 1;
    step.values = {0.25f, 0.75f};
    AnimationChannel cubic = step;
    cubic.interpolation = Interpolation::CubicSpline;
    cubic.first_weight = 3;
    cubic.values = {9.0f, 0.0f, 2.0f, /* key 1: */ -1.0f, 1.0f, 9.0f};  // in-tangent, value, out-tangent
    clip.channels = {linear, step, cubic};
    EXPECT_EQ(clip.validate(0, 4), "");
    EXPECT_NE(clip.validate(0, 3).find("morph weights 3 to 4 of 3"), std::string::npos);

    Pose pose{{}, std::vector<float>(4, 0.0f)};
    clip.sample(2.5, pose);  // s = 0.75 of the 2 s span
    EXPECT_FLOAT_EQ(pose.morph_weights[0], 0.75f);
    EXPECT_FLOAT_EQ(pose.morph_weights[1], 1.0f - 0.75f * 2.0f);
    EXPECT_FLOAT_EQ(pose.morph_weights[2], 0.25f);  // STEP holds the key before
    // Hermite: (2s3 - 3s2 + 1) v0 + dt (s3 - 2s2 + s) b0 + (-2s3 + 3s2) v1 + dt (s3 - s2) a1.
    const float s = 0.75f, dt = 2.0f, s2 = s * s, s3 = s2 * s;
    EXPECT_NEAR(pose.morph_weights[3],
                (2 * s3 - 3 * s2 + 1) * 0.0f + dt * (s3 - 2 * s2 + s) * 2.0f + (-2 * s3 + 3 * s2) * 1.0f + dt * (s3 - s2) * -1.0f,
                1e-6f);
    clip.sample(0.0, pose);  // before the first key: the first value
    EXPECT_EQ(pose.morph_weights, (std::vector<float>{0.0f, 1.0f, 0.25f, 0.0f}));
    clip.sample(5.0, pose);  // after the last: the last value
    EXPECT_EQ(pose.morph_weights, (std::vector<float>{1.0f, -1.0f, 0.75f, 1.0f}));

    Pose joints_only;  // no morph weights: the channels are skipped, nothing is written
    clip.sample(2.0, joints_only);
    EXPECT_TRUE(joints_only.morph_weights.empty());
}

TEST(MorphedRest, FollowsTheWeightsAsThePlainShapeDoes) {
    const Character c = morphing_bar();
    MorphedRest morphed(c.mesh);
    ASSERT_TRUE(morphed.active());
    std::vector<glm::vec3> positions, normals;
    const std::vector<std::vector<float>> sequence = {
        {0.25f, 0.0f, 0.5f}, {0.25f, 0.0f, 0.5f}, {1.0f, -0.5f, 0.5f}, {0.0f, 0.0f, 0.0f}, {}, {0.0f, 2.0f, 0.1f}};
    for (const std::vector<float>& w : sequence) {
        morphed.update(c.mesh, w);
        morph_rest_shape(c.mesh, w, positions, normals);
        EXPECT_EQ(morphed.shape().positions, positions);  // the same sums in the same order
        EXPECT_EQ(morphed.shape().normals, normals);
    }
    // Unchanged weights redo nothing; all zero is the rest exactly.
    const std::uint64_t front = morphed.revision(0), back = morphed.revision(1);
    morphed.update(c.mesh, {0.0f, 2.0f, 0.1f});
    EXPECT_EQ(morphed.revision(0), front);
    EXPECT_EQ(morphed.revision(1), back);
    morphed.update(c.mesh, {0.0f, 0.0f, 0.0f});
    EXPECT_GT(morphed.revision(0), front);
    EXPECT_EQ(morphed.shape().positions, c.mesh.rest_positions);
    EXPECT_EQ(morphed.shape().normals, c.mesh.rest_normals);
    // A non-finite weight counts as zero: never NaN on screen.
    morphed.update(c.mesh, {NAN, 0.0f, INFINITY});
    EXPECT_TRUE(test::all_finite(morphed.shape().positions));
    EXPECT_EQ(morphed.shape().positions, c.mesh.rest_positions);

    const Character plain = test::make_bar();
    EXPECT_FALSE(MorphedRest(plain.mesh).active());
}

// Redone in ranges of 2048 vertices on several threads: still the plain shape, bit for bit.
TEST(MorphedRest, ThreadsGiveThePlainShape) {
    const Character c = morphing_bar(600, 12);  // 3606 morphable vertices a group
    WorkerPool pool(3);
    MorphedRest morphed(c.mesh);
    std::vector<glm::vec3> positions, normals;
    for (const std::vector<float>& w : {std::vector<float>{0.7f, -0.4f, 1.5f}, std::vector<float>{0.0f, 0.3f, 0.0f}}) {
        morphed.update(c.mesh, w, &pool);
        morph_rest_shape(c.mesh, w, positions, normals);
        EXPECT_EQ(morphed.shape().positions, positions);
        EXPECT_EQ(morphed.shape().normals, normals);
    }
}

TEST(Morph, FastAndPlainLbsSkinTheMorphedRestAsTheSpecificationSays) {
    for (int rings : {24, 300}) {  // 300 rings x 12 sides: several windows of the blocked skin
        const Character c = morphing_bar(rings, 12);
        const PoseSampler motion = morphing_motion(c.skeleton);
        DynamicSettings lbs;
        lbs.parameters.mode = DeformerMode::LbsOnly;
        for (int threads : {1, 3}) {
            Deformer deformer(c);
            deformer.set_thread_count(threads);
            const float L = deformer.size();
            float moved = 0.0f;
            for (double t : {0.0, 0.31, 0.62, 0.62, 1.4, 2.0}) {
                deformer.update(t, motion, lbs);
                const Pose pose = pose_at(c, motion, t);
                EXPECT_EQ(deformer.pose().morph_weights, pose.morph_weights);
                const Expected expected = spec_morph_then_skin(c, pose);
                EXPECT_LT(test::max_distance(deformer.base_positions(), expected.positions), 1e-5f * L) << t;
                EXPECT_LT(test::max_distance(deformer.positions(), expected.positions), 1e-5f * L) << t;
                EXPECT_LT(test::max_distance(deformer.normals(), expected.normals), 1e-5f) << t;

                std::vector<glm::mat4> skinning;
                skinning_matrices(deformer.globals(), c.mesh.inverse_binds, skinning);
                std::vector<glm::vec3> plain, plain_normals, rest_positions, rest_normals;
                morph_rest_shape(c.mesh, pose.morph_weights, rest_positions, rest_normals);
                const RestShape rest{rest_positions, rest_normals};
                linear_blend_skinning(c.mesh, skinning, plain, plain_normals, &rest);
                EXPECT_LT(test::max_distance(plain, expected.positions), 1e-5f * L) << t;
                EXPECT_LT(test::max_distance(plain_normals, expected.normals), 1e-5f) << t;
                // The morph is there: unmorphed LBS is elsewhere.
                linear_blend_skinning(c.mesh, skinning, plain, plain_normals);
                moved = std::max(moved, test::max_distance(plain, expected.positions));
            }
            EXPECT_GT(moved, 0.05f * L);
        }
    }
}

// dLBS starts from the morphed rest too: at a huge speed it is the morphed LBS, and its
// fast version equals its plain one with the morph.
TEST(Morph, DelayedLbsSkinsTheMorphedRest) {
    const Character c = morphing_bar(300, 12);
    const PoseSampler motion = morphing_motion(c.skeleton);
    DynamicSettings instant;
    instant.parameters.mode = DeformerMode::LbsOnly;
    instant.parameters.propagation_speed = 1e7f;
    Deformer deformer(c);
    const float L = deformer.size();
    for (double t : {0.2, 0.9, 1.7}) {
        deformer.update(t, motion, instant);
        const Expected expected = spec_morph_then_skin(c, pose_at(c, motion, t));
        EXPECT_LT(test::max_distance(deformer.base_positions(), expected.positions), 1e-5f * L) << t;
        EXPECT_LT(test::max_distance(deformer.base_normals(), expected.normals), 1e-4f) << t;
    }
    ASSERT_TRUE(engine_of(deformer).delayed_lbs() && engine_of(deformer).delayed_lbs()->last_run_was_fast());

    const HierarchicalWeights& betas = deformer.hierarchical_weights();
    DelayedLbs fast(c.skeleton, c.mesh, betas, L);
    JointMotionHistory history(c.skeleton.joint_count());
    WorkerPool pool(2);
    MorphedRest morphed(c.mesh);
    std::vector<glm::vec3> positions, normals, plain, plain_normals;
    for (int k = 0; k < 40; ++k) {
        const double t = 0.3 + k * 0.037;
        history.advance(t, c.skeleton, motion);
        const Pose pose = pose_at(c, motion, t);
        morphed.update(c.mesh, pose.morph_weights);
        fast.run(pool, history, t, pose, 1.5f, positions, normals, &morphed);
        ASSERT_TRUE(fast.last_run_was_fast());
        const RestShape rest = morphed.shape();
        delayed_linear_blend_skinning(pool, c.skeleton, c.mesh, betas, fast.distances(), history, t, pose, 1.5f, plain,
                                      plain_normals, &rest);
        EXPECT_LT(test::max_distance(positions, plain), 1e-5f * L) << t;
        EXPECT_LT(test::max_distance(normals, plain_normals), 1e-4f) << t;
    }
}

// The dynamics on top of the morphed base, unchanged: the deformer against the plain
// reference (which morphs with morph_rest_shape) in every mode.
TEST(Morph, DynamicsOnTopAgreeWithTheReference) {
    const Character c = morphing_bar(12, 6);
    const PoseSampler motion = morphing_motion(c.skeleton);
    DynamicSettings dynamic;
    dynamic.parameters.oscillation = {2.5f, 0.4f, 0.15f, 0.08f};
    DynamicSettings dqs = dynamic, delayed = dynamic, drag = dynamic;
    dqs.parameters.base = SkinningBase::DualQuaternion;
    delayed.parameters.propagation_speed = 1.5f;
    drag.parameters.mode = DeformerMode::DragOnly;
    for (const DynamicSettings& settings : {dynamic, dqs, delayed, drag}) {
        Deformer deformer(c);
        const double start = 0.05;
        for (int k = 0; k <= 60; ++k) {
            const double t = start + k / 47.0;
            deformer.update(t, motion, settings);
            if (k % 20 != 0) continue;
            const ReferenceResult r = reference_deform(c, motion, settings, start, t);
            const float L = deformer.size();
            EXPECT_LT(test::max_distance(deformer.base_positions(), r.base_positions), 1e-5f * L) << t;
            EXPECT_LT(test::max_distance(deformer.positions(), r.positions), 1e-5f * L) << t;
            EXPECT_LT(test::max_distance(deformer.normals(), r.normals), 2e-3f) << t;
        }
    }
    // The reference's LBS base is the specification's.
    DynamicSettings lbs;
    lbs.parameters.mode = DeformerMode::LbsOnly;
    const ReferenceResult r = reference_deform(c, motion, lbs, 0.0, 0.8);
    const Expected expected = spec_morph_then_skin(c, pose_at(c, motion, 0.8));
    EXPECT_LT(test::max_distance(r.base_positions, expected.positions), 1e-5f * character_size(c.skeleton, c.mesh));
    EXPECT_LT(test::max_distance(r.normals, expected.normals), 1e-5f);
}

// Weights back at zero restore the blocked rest rows exactly: the same results, bit for
// bit, as a character without morph targets.
TEST(Morph, ZeroWeightsGiveExactlyTheUnmorphedCharacter) {
    Character with = morphing_bar(300, 12);
    for (MorphGroup& g : with.mesh.morphs.groups) std::fill(g.default_weights.begin(), g.default_weights.end(), 0.0f);
    Character without = with;
    without.mesh.morphs = {};
    const PoseSampler joints = test::turn_and_stop(with.skeleton, 1, glm::vec3(0, 0, 1), 2.0f, 0.7);
    const PoseSampler morphing = [&](double t, Pose& pose) {
        joints(t, pose);
        if (pose.morph_weights.size() == 3 && t < 0.5) pose.morph_weights = {1.0f, 0.5f, -1.0f};
    };
    DynamicSettings settings;
    Deformer a(with), b(without);
    for (int k = 0; k < 60; ++k) {
        const double t = k / 60.0;
        a.update(t, morphing, settings);
        b.update(t, joints, settings);
        if (t < 0.5) {
            EXPECT_GT(test::max_distance(a.positions(), b.positions()), 0.01f);
        }
    }
    EXPECT_EQ(a.positions(), b.positions());
    EXPECT_EQ(a.normals(), b.normals());
}

}  // namespace
}  // namespace dynskin
