// Velocity Skinning's effects: squash & stretch, the floppy layer and limiter, per-joint
// switches and the steady-motion visualiser.

#include <gtest/gtest.h>

#include <cmath>

#include "core/formulas/bend.h"
#include "core/formulas/squash.h"
#include "dynskin/deformer.h"
#include "test_support.h"

namespace dynskin {
namespace {

// A closed UV sphere of radius 1 about the origin, skinned to one joint there.
Character make_ball(int rings = 24, int sides = 32) {
    Character c;
    c.name = "ball";
    c.skeleton.add_joint("root", -1, Trs{});
    SkinnedMesh& m = c.mesh;
    auto add = [&](glm::vec3 p) {
        m.rest_positions.push_back(p);
        m.rest_normals.push_back(glm::normalize(p));
        m.weights.add_vertex({{0u, 1.0f}});
    };
    add({0, 1, 0});
    for (int r = 1; r < rings; ++r) {
        const float polar = float(M_PI) * float(r) / float(rings);
        for (int s = 0; s < sides; ++s) {
            const float a = 2.0f * float(M_PI) * float(s) / float(sides);
            add({std::sin(polar) * std::cos(a), std::cos(polar), std::sin(polar) * std::sin(a)});
        }
    }
    add({0, -1, 0});
    const std::uint32_t south = std::uint32_t(m.vertex_count() - 1);
    auto ring = [&](int r, int s) { return std::uint32_t(1 + (r - 1) * sides + (s % sides)); };
    for (int s = 0; s < sides; ++s) {
        m.triangles.insert(m.triangles.end(), {0u, ring(1, s + 1), ring(1, s)});
        m.triangles.insert(m.triangles.end(), {south, ring(rings - 1, s), ring(rings - 1, s + 1)});
        for (int r = 1; r + 1 < rings; ++r)
            m.triangles.insert(m.triangles.end(), {ring(r, s), ring(r, s + 1), ring(r + 1, s), ring(r, s + 1),
                                                   ring(r + 1, s + 1), ring(r + 1, s)});
    }
    m.bend_weights.assign(m.vertex_count(), 1.0f);
    m.inverse_binds.push_back(glm::mat4(1.0f));
    return c;
}

double volume(const std::vector<glm::vec3>& p, const std::vector<std::uint32_t>& triangles) {
    double v = 0.0;
    for (std::size_t t = 0; t < triangles.size(); t += 3)
        v += glm::dot(glm::dvec3(p[triangles[t]]),
                      glm::cross(glm::dvec3(p[triangles[t + 1]]), glm::dvec3(p[triangles[t + 2]]))) / 6.0;
    return v;
}

glm::vec3 extent(const std::vector<glm::vec3>& p) {
    glm::vec3 lo(INFINITY), hi(-INFINITY);
    for (const glm::vec3& q : p) lo = glm::min(lo, q), hi = glm::max(hi, q);
    return hi - lo;
}

// The root slides along +X at `speed` forever (the history starts as if it always had).
PoseSampler slide(const Skeleton& skeleton, glm::vec3 velocity) {
    return [&skeleton, velocity](double t, Pose& pose) {
        pose.local = skeleton.rest;
        pose.local[0].translation = velocity * float(t);
    };
}

// The squash alone, measured exactly: the offset limit (a safety net) off.
DynamicSettings squash_only(float strength) {
    DynamicSettings s;
    s.parameters.squash = strength;
    s.parameters.max_offset = 0.0f;
    return s;
}

TEST(Squash, TranslationKeepsTheVolumeAndStretchesAlongTheVelocity) {
    Character ball = make_ball();
    ball.mesh.bend_weights.assign(ball.mesh.vertex_count(), 0.0f);  // the squash alone
    const double rest_volume = volume(ball.mesh.rest_positions, ball.mesh.triangles);
    Deformer deformer(ball);
    const glm::vec3 velocity(3.0f, 0.0f, 0.0f);
    deformer.update(1.0, slide(ball.skeleton, velocity), squash_only(0.4f));

    const double ratio = volume(deformer.positions(), ball.mesh.triangles) / rest_volume;
    EXPECT_NEAR(ratio, 1.0, 0.02);
    const float e = stretch(0.4f * 3.0f / deformer.size()).factor;
    ASSERT_GT(e, 1.1f);
    const glm::vec3 size = extent(deformer.positions());
    EXPECT_NEAR(size.x, 2.0f * e, 1e-4f);
    EXPECT_NEAR(size.y, 2.0f / std::sqrt(e), 1e-3f);
    EXPECT_NEAR(size.z, 2.0f / std::sqrt(e), 1e-3f);
    // About the centroid, which moves with the ball.
    glm::vec3 mean(0.0f);
    for (const glm::vec3& p : deformer.positions()) mean += p;
    EXPECT_LT(glm::length(mean / float(ball.mesh.vertex_count()) - velocity * 1.0f), 1e-4f);
}

TEST(Squash, NegativeWeightsSquashAlongTheMotionAndStayBounded) {
    Character ball = make_ball();
    ball.mesh.bend_weights.assign(ball.mesh.vertex_count(), 0.0f);
    ball.mesh.squash_weights.assign(ball.mesh.vertex_count(), -1.0f);
    Deformer deformer(ball);
    deformer.update(1.0, slide(ball.skeleton, glm::vec3(3.0f, 0.0f, 0.0f)), squash_only(4e5f));  // absurd strength
    ASSERT_TRUE(test::all_finite(deformer.positions()));
    const glm::vec3 size = extent(deformer.positions());
    EXPECT_NEAR(size.x, 2.0f / kMaxStretch, 1e-3f);  // the bound, not a collapse
    EXPECT_NEAR(size.y, 2.0f * std::sqrt(kMaxStretch), 1e-3f);
    EXPECT_NEAR(volume(deformer.positions(), ball.mesh.triangles) / volume(ball.mesh.rest_positions, ball.mesh.triangles),
                1.0, 0.02);
}

TEST(Squash, StretchIsSmoothAndBounded) {
    float previous = stretch(-50.0f).factor;
    for (float x = -50.0f; x <= 50.0f; x += 0.01f) {
        const Stretch s = stretch(x);
        ASSERT_GE(s.factor, 1.0f / kMaxStretch - 1e-6f);
        ASSERT_LE(s.factor, kMaxStretch + 1e-6f);
        ASSERT_LT(std::abs(s.factor - previous), 0.01f * kMaxStretch) << x;  // no jump
        ASSERT_NEAR(s.factor - previous, 0.01f * s.slope, 1e-4f) << x;      // and the slope is its derivative
        previous = s.factor;
    }
    EXPECT_NEAR(stretch(1e-3f).factor, 1.001f, 1e-6f);
}

TEST(Squash, TurningLimbStretchesAlongItsTravelAboutTheMedialAxis) {
    Character bar = test::make_bar(3, 2.0f, 0.2f, 24, 12);
    bar.mesh.bend_weights.assign(bar.mesh.vertex_count(), 0.0f);
    const PoseSampler turn = test::turn_and_stop(bar.skeleton, 0, glm::vec3(0, 0, 1), 2.0f, 100.0);
    Deformer deformer(bar);
    deformer.update(0.5, turn, squash_only(0.3f));
    // Undo the turn to read the offsets in the bar's own frame: travel is along X there.
    const glm::quat back = glm::inverse(glm::angleAxis(1.0f, glm::vec3(0, 0, 1)));
    float widest_x = 0.0f, widest_z = 0.0f, rest_x = 0.0f, rest_z = 0.0f;
    for (std::size_t i = 0; i < bar.mesh.vertex_count(); ++i) {
        const glm::vec3 p = back * deformer.positions()[i], r = bar.mesh.rest_positions[i];
        ASSERT_NEAR(p.y, r.y, 1e-5f) << "the medial direction keeps its length, vertex " << i;
        if (r.y > 1.8f) {
            widest_x = std::max(widest_x, std::abs(p.x)), widest_z = std::max(widest_z, std::abs(p.z));
            rest_x = std::max(rest_x, std::abs(r.x)), rest_z = std::max(rest_z, std::abs(r.z));
        }
    }
    EXPECT_GT(widest_x, rest_x * 1.05f);
    EXPECT_LT(widest_z, rest_z * 0.97f);
}

// The squash centroids are kept in the drives only while the squash is on; a joint row has
// them either way, and the same ones (the viewer's centroid handles read them with it off).
TEST(Squash, JointRowsHaveTheSameCentroidsWithTheSquashOff) {
    Character bar = test::make_bar(3, 2.0f, 0.2f, 24, 12);
    const PoseSampler turn = test::turn_and_stop(bar.skeleton, 0, glm::vec3(0, 0, 1), 2.0f, 100.0);
    DynamicSettings on = squash_only(0.3f), off = squash_only(0.0f);
    on.joints.resize(3);
    on.joints[1].centroid_offset = glm::vec3(0.1f, -0.2f, 0.05f);
    off.joints = on.joints;
    Deformer squashing(bar), still(bar);
    squashing.update(0.5, turn, on);
    still.update(0.5, turn, off);
    for (int j = 0; j < 3; ++j) {
        const JointRow a = squashing.joint_row(j), b = still.joint_row(j);
        EXPECT_EQ(a.centroid, b.centroid) << "joint " << j;
        EXPECT_EQ(a.medial, b.medial) << "joint " << j;
        EXPECT_NE(glm::vec3(b.medial), glm::vec3(0.0f)) << "joint " << j;
    }
}

TEST(Limiter, TheBendAngleNeverExceedsItsMaximumAndIsContinuous) {
    const float max_angle = 0.3f;
    float previous = soft_limit(-20.0f, max_angle).angle;
    for (float theta = -20.0f; theta <= 20.0f; theta += 1e-3f) {
        const LimitedAngle a = soft_limit(theta, max_angle);
        ASSERT_LE(std::abs(a.angle), max_angle);
        ASSERT_LE(std::abs(a.angle - previous), 1.001e-3f) << theta;
        previous = a.angle;
    }
    // On a mesh: the root of a bar spun very fast, its drag alone, turns no vertex by more.
    Character bar = test::make_bar(2, 2.0f, 0.2f, 16, 8);
    DynamicSettings s;
    s.parameters.mode = DeformerMode::DragOnly;
    s.parameters.max_angle = max_angle;
    s.parameters.max_offset = 0.0f;
    s.parameters.oscillation.drag = 0.5f;
    // (90 rad/s is near the fastest turn the 60 Hz clock measures: past 94, a tick is a cut.)
    for (float speed : {0.5f, 5.0f, 50.0f, 90.0f}) {
        Deformer deformer(bar);
        deformer.update(0.5, test::turn_and_stop(bar.skeleton, 0, glm::vec3(0, 0, 1), speed, 100.0), s);
        float largest = 0.0f;
        for (std::size_t i = 0; i < bar.mesh.vertex_count(); ++i) {
            const glm::vec3 a = deformer.base_positions()[i], b = deformer.positions()[i];
            const glm::vec2 u(a.x, a.y), v(b.x, b.y);  // about the root, across the Z axis
            if (glm::length(u) < 1e-3f) continue;
            largest = std::max(largest, std::abs(std::atan2(u.x * v.y - u.y * v.x, glm::dot(u, v))));
        }
        EXPECT_LE(largest, max_angle + 1e-5f) << speed;
        if (speed >= 50.0f) {
            EXPECT_GT(largest, 0.9f * max_angle) << speed;
        }
    }
}

// Joint 2 of a 4-joint bar turns; joints 2 and 3 are the branch.
struct BranchCase {
    Character bar = test::make_bar(4, 2.0f, 0.2f, 24, 8);
    PoseSampler turn = test::turn_and_stop(bar.skeleton, 2, glm::vec3(1, 0, 0), 3.0f, 100.0);
    float offset(const DynamicSettings& s) {
        Deformer deformer(bar);
        for (int k = -6; k <= 24; ++k) deformer.update(k / 60.0, turn, s);  // from rest, turning from t = 0
        return test::max_distance(deformer.positions(), deformer.base_positions());
    }
};

TEST(PerJointSwitches, ABranchSwitchedOffReceivesNoOffset) {
    BranchCase c;
    DynamicSettings s;
    s.parameters.squash = 0.5f;
    s.joints.resize(4);
    EXPECT_GT(c.offset(s), 1e-3f);
    for (int j : {2, 3}) s.joints[j].bend = s.joints[j].squash = MotionSwitches{false, false};
    EXPECT_EQ(c.offset(s), 0.0f);
    // The squash of the turn alone, then the bend alone.
    s.joints[2].squash.rotation = true;
    const float squash_only = c.offset(s);
    EXPECT_GT(squash_only, 1e-3f);
    s.joints[2].squash.rotation = false;
    s.joints[2].bend.rotation = true;
    EXPECT_GT(c.offset(s), 1e-3f);
    // Switching off the translation of a joint that only turns changes nothing.
    DynamicSettings translation_off;
    translation_off.parameters.squash = 0.5f;
    translation_off.joints.resize(4);
    DynamicSettings all_on = translation_off;
    translation_off.joints[2].bend.translation = translation_off.joints[2].squash.translation = false;
    EXPECT_EQ(c.offset(translation_off), c.offset(all_on));
}

TEST(PaintedLayers, ZeroWeightsGiveNoOffset) {
    BranchCase c;
    DynamicSettings s;
    s.parameters.squash = 0.5f;
    const std::size_t n = c.bar.mesh.vertex_count();
    c.bar.mesh.bend_weights.assign(n, 0.0f);
    EXPECT_GT(c.offset(s), 1e-3f);  // the squash is still there
    c.bar.mesh.squash_weights.assign(n, 0.0f);
    EXPECT_EQ(c.offset(s), 0.0f);
    // The floppy layer takes the drag away and leaves the wobble.
    c.bar.mesh.bend_weights.assign(n, 1.0f);
    c.bar.mesh.floppy_weights.assign(n, 0.0f);
    s.parameters.mode = DeformerMode::DragOnly;
    EXPECT_EQ(c.offset(s), 0.0f);
    s.parameters.mode = DeformerMode::DynamicSkinning;
    EXPECT_GT(c.offset(s), 1e-3f);
}

TEST(PaintedLayers, FloppyScalesTheDrag) {
    BranchCase c;
    DynamicSettings s;
    s.parameters.mode = DeformerMode::DragOnly;
    s.parameters.oscillation.drag = 0.1f;
    DynamicSettings doubled = s;
    doubled.parameters.oscillation.drag = 0.2f;
    const Character plain = c.bar;  // the deformers read the layers on every frame
    Deformer reference(plain);
    c.bar.mesh.floppy_weights.assign(c.bar.mesh.vertex_count(), 2.0f);
    Deformer floppy(c.bar);
    for (int k = -6; k <= 24; ++k) {
        reference.update(k / 60.0, c.turn, doubled);
        floppy.update(k / 60.0, c.turn, s);
    }
    EXPECT_LT(test::max_distance(floppy.positions(), reference.positions()), 1e-6f * floppy.size());
    EXPECT_GT(test::max_distance(floppy.positions(), floppy.base_positions()), 1e-3f);
}

TEST(Visualiser, SteadyMotionEqualsAConstantSpeedKeptForever) {
    Character bar = test::make_bar(4, 2.0f, 0.2f, 24, 8);
    const float speed = 1.5f;
    const PoseSampler turn = test::turn_and_stop(bar.skeleton, 1, glm::vec3(0, 0, 1), speed, 100.0);
    for (SquashCenter center : {SquashCenter::Axis, SquashCenter::Centroid}) {
        DynamicSettings s;
        s.parameters.squash = 0.3f;
        s.parameters.squash_center = center;
        s.parameters.max_angle = 0.5f;
        Deformer moving(bar);
        moving.update(0.8, turn, s);  // turning since forever: no wobble, only drag and squash

        Pose pose{bar.skeleton.rest};
        turn(0.8, pose);
        std::vector<Deformer::SteadyMotion> motion(4);
        motion[1].angular = glm::vec3(0, 0, speed);  // its parent is at rest: world = local
        Deformer steady(bar);
        steady.update_steady(pose, motion, s);
        EXPECT_LT(test::max_distance(steady.positions(), moving.positions()), 1e-5f * steady.size());
        EXPECT_GT(test::max_distance(steady.positions(), steady.base_positions()), 1e-2f);
        EXPECT_LT(test::max_distance(steady.normals(), moving.normals()), 1e-4f);
    }
}

}  // namespace
}  // namespace dynskin
