#include <gtest/gtest.h>

#include <cmath>

#include "core/formulas/bend.h"
#include "dynskin/deformer.h"
#include "test_support.h"

namespace dynskin {
namespace {

struct OneVertex {
    HierarchicalWeights betas;
    std::vector<float> gamma{0.5f};
    std::vector<JointDrive> drives{1};
    std::vector<glm::vec3> positions{{1.0f, 0.0f, 0.0f}};
    std::vector<glm::vec3> normals{{0.0f, 1.0f, 0.0f}};

    OneVertex() {
        betas.offsets = {0, 1};
        betas.joints = {0};
        betas.betas = {1.0f};
        drives[0].gain = 1.0f;
    }
    void bend(float size, float max_angle = 0.0f) {
        apply_bend(BendInputs{betas, gamma, drives, size, max_angle}, positions, normals);
    }
};

// Joint at the origin, W = (0, 0, 2) rad/s, vertex at (1, 0, 0), gamma 0.5, L = 2:
// theta = -0.5 * |W x u| / L = -0.5 rad about +Z, so the vertex goes to (cos 0.5, -sin 0.5, 0).
TEST(Bend, OneVertexAgainstARotationWrittenByHand) {
    OneVertex v;
    v.drives[0].angular = glm::vec3(0, 0, 2);
    v.bend(2.0f);
    EXPECT_NEAR(v.positions[0].x, 0.87758256f, 1e-6f);
    EXPECT_NEAR(v.positions[0].y, -0.47942554f, 1e-6f);
    EXPECT_NEAR(v.positions[0].z, 0.0f, 1e-6f);
    EXPECT_NEAR(glm::length(v.normals[0]), 1.0f, 1e-6f);
}

TEST(Bend, FlexibleOriginMovesTheCentre) {
    OneVertex v;
    v.drives[0].angular = glm::vec3(0, 0, 2);
    v.drives[0].origin = glm::vec3(0.5f, 0.0f, 0.0f);  // u = (0.5, 0, 0): theta = -0.25
    v.bend(2.0f);
    EXPECT_NEAR(v.positions[0].x, 0.5f + 0.5f * std::cos(0.25f), 1e-6f);
    EXPECT_NEAR(v.positions[0].y, -0.5f * std::sin(0.25f), 1e-6f);
}

TEST(Bend, GainZeroAndGammaZeroGiveNothing) {
    OneVertex v;
    v.drives[0].angular = glm::vec3(0, 0, 2);
    v.drives[0].gain = 0.0f;
    v.bend(2.0f);
    EXPECT_EQ(v.positions[0], glm::vec3(1, 0, 0));
    OneVertex w;
    w.drives[0].angular = glm::vec3(0, 0, 2);
    w.gamma[0] = 0.0f;
    w.bend(2.0f);
    EXPECT_EQ(w.positions[0], glm::vec3(1, 0, 0));
}

TEST(Bend, NegativeGammaAnticipates) {
    OneVertex lag, anticipation;
    lag.drives[0].angular = anticipation.drives[0].angular = glm::vec3(0, 0, 2);
    anticipation.gamma[0] = -0.5f;
    lag.bend(2.0f);
    anticipation.bend(2.0f);
    EXPECT_LT(lag.positions[0].y, 0.0f);
    EXPECT_NEAR(anticipation.positions[0].y, -lag.positions[0].y, 1e-6f);
}

TEST(Bend, SoftLimitBoundsTheAngleAndIsSmooth) {
    for (float w : {0.1f, 1.0f, 10.0f, 1000.0f, 1e7f}) {
        OneVertex v;
        v.drives[0].angular = glm::vec3(0, 0, w);
        v.bend(1.0f, 0.4f);
        const float angle = std::atan2(-v.positions[0].y, v.positions[0].x);
        EXPECT_LE(angle, 0.4f + 1e-6f) << "speed " << w;
        EXPECT_GT(angle, 0.0f);
    }
    // Continuous and monotonic through the limit, with slope 1 at 0.
    float previous = 0.0f;
    for (float theta = 0.0f; theta < 5.0f; theta += 0.01f) {
        const LimitedAngle a = soft_limit(theta, 0.4f);
        EXPECT_GE(a.angle, previous);
        EXPECT_LT(a.angle - previous, 0.011f);
        previous = a.angle;
    }
    EXPECT_FLOAT_EQ(soft_limit(0.0f, 0.4f).slope, 1.0f);
    EXPECT_EQ(soft_limit(3.0f, 0.0f).angle, 3.0f);  // off
}

TEST(Bend, TranslationLagsBehindTheVelocity) {
    OneVertex v;
    v.drives[0].linear = glm::vec3(0, 0, 1);  // moving toward +Z
    v.bend(2.0f);
    // -beta gamma s |u| / L V = -0.5 * 1 / 2 * (0,0,1)
    EXPECT_NEAR(v.positions[0].z, -0.25f, 1e-6f);
    EXPECT_NEAR(v.positions[0].x, 1.0f, 1e-6f);
}

TEST(Bend, TheOffsetLimitKeepsShortOffsetsAndBoundsLongOnes) {
    for (float w : {0.2f, 1.0f, 3.0f, 20.0f, 1e4f}) {
        OneVertex limited, free;
        limited.drives[0].linear = free.drives[0].linear = glm::vec3(0, 0, w);
        free.bend(2.0f);
        apply_bend(BendInputs{limited.betas, limited.gamma, limited.drives, 2.0f, 0.0f, nullptr, nullptr, 0.0f,
                              SquashCenter::Axis, 0.25f},
                   limited.positions, limited.normals);
        const float offset = glm::length(free.positions[0] - glm::vec3(1, 0, 0));
        const float kept = glm::length(limited.positions[0] - glm::vec3(1, 0, 0));
        // The limit is 0.25 L = 0.5: up to its knee (0.25) nothing changes, past it the offset
        // keeps its direction and stays under the limit.
        if (offset <= 0.25f) {
            EXPECT_EQ(kept, offset);
        }
        EXPECT_LE(kept, 0.5f);
        EXPECT_LE(kept, offset);
        EXPECT_NEAR(glm::dot(limited.positions[0] - glm::vec3(1, 0, 0), glm::vec3(0, 0, -1)), kept, 1e-5f);
    }
}

TEST(Bend, TheOffsetLimitsJacobianIsTheDerivative) {
    // A field d(p) and its Jacobian, limited: compare with central differences.
    const glm::mat3 a(glm::vec3(0.3f, -0.2f, 0.5f), glm::vec3(0.1f, 0.4f, -0.3f), glm::vec3(-0.6f, 0.2f, 0.2f));
    auto limited = [&](glm::vec3 p, glm::mat3& jacobian) {
        glm::vec3 d = a * p + glm::vec3(0.2f, 0.1f, -0.3f);
        jacobian = glm::mat3(1.0f) + a;
        EXPECT_TRUE(limit_offset(0.5f, d, jacobian));
        return d;
    };
    const glm::vec3 p(0.7f, -0.4f, 0.9f);
    glm::mat3 exact, unused;
    limited(p, exact);
    for (int c = 0; c < 3; ++c) {
        glm::vec3 e(0.0f);
        e[c] = 1e-3f;
        const glm::vec3 column = (limited(p + e, unused) - limited(p - e, unused)) / 2e-3f;
        EXPECT_LT(glm::length(column - (exact[c] - glm::mat3(1.0f)[c])), 1e-3f) << "column " << c;
    }
}

TEST(Bend, TheSoftLimitBoundsTheTranslationsLag) {
    JointDrive drive;
    drive.gain = 1.0f;
    drive.linear = glm::vec3(0, 0, 100.0f);
    drive.linear_drag = glm::vec3(0, 0, 50.0f);
    limit_linear_drive(drive, 2.0f, 0.5f);
    EXPECT_LE(glm::length(drive.linear) / 2.0f, 0.5f);
    EXPECT_NEAR(drive.linear_drag.z, 0.5f * drive.linear.z, 1e-5f);  // scaled alike
    JointDrive slow;
    slow.gain = 1.0f;
    slow.linear = glm::vec3(0, 0, 0.01f);
    limit_linear_drive(slow, 2.0f, 0.5f);
    EXPECT_NEAR(slow.linear.z, 0.01f, 1e-6f);  // slope 1 at 0
}

// Scale the model by 100: the offsets scale by 100, the same relative result.
TEST(Bend, PresetsAreScaleInvariant) {
    const Character small = test::make_bar(4, 2.0f, 0.2f), large = test::make_bar(4, 200.0f, 20.0f);
    DynamicSettings s;
    s.parameters.oscillation = {2.0f, 0.5f, 0.3f, 0.2f};
    Deformer a(small), b(large);
    const PoseSampler ma = test::turn_and_stop(small.skeleton, 1, {0, 0, 1}, 2.0f, 0.8);
    const PoseSampler mb = test::turn_and_stop(large.skeleton, 1, {0, 0, 1}, 2.0f, 0.8);
    EXPECT_NEAR(b.size(), 100.0f * a.size(), 1e-3f);
    for (int n = 0; n <= 90; ++n) {
        a.update(n / 60.0, ma, s);
        b.update(n / 60.0, mb, s);
    }
    float largest = 0.0f, error = 0.0f;
    for (std::size_t i = 0; i < small.mesh.vertex_count(); ++i) {
        const glm::vec3 da = a.positions()[i] - a.base_positions()[i];
        const glm::vec3 db = b.positions()[i] - b.base_positions()[i];
        largest = std::max(largest, glm::length(db));
        error = std::max(error, glm::length(db - 100.0f * da));
    }
    EXPECT_GT(largest, 0.01f * b.size());
    EXPECT_LT(error, 1e-6f * b.size());
}

}  // namespace
}  // namespace dynskin
