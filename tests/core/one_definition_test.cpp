// Each formula and constant of the method is defined once (docs/method.md): the bend's terms
// in core/formulas/bend.h, the clock's rate in dynskin/measurement_clock.h, the stretch limit
// in core/formulas/squash.h. These tests pin the definitions to what they mean, and fail when
// a fast path or the shader copies a constant by hand instead of reading it from its place.

#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <regex>
#include <sstream>
#include <string>

#include <glm/gtc/quaternion.hpp>

#include "core/formulas/bend.h"
#include "core/formulas/squash.h"
#include "dynskin/measurement_clock.h"

namespace dynskin {
namespace {

glm::vec3 random_vector(std::mt19937& rng, float scale) {
    std::uniform_real_distribution<float> u(-scale, scale);
    return {u(rng), u(rng), u(rng)};
}

// add_turn is the rotation of u about the drive's axis by the soft-limited -k |w x u|.
TEST(BendTurn, IsTheRotationOfUAboutTheDrivesAxis) {
    std::mt19937 rng(7);
    for (float max_angle : {0.0f, 1.0f, 0.3f}) {
        for (int trial = 0; trial < 200; ++trial) {
            const glm::vec3 w = random_vector(rng, 4.0f), u = random_vector(rng, 1.0f);
            const float k = 0.8f, beta = 0.6f;
            glm::vec3 offset(0.0f);
            ASSERT_TRUE(add_turn(w, k, max_angle, beta, u, offset, nullptr));
            const float theta = soft_limit(-k * glm::length(glm::cross(w, u)), max_angle).angle;
            const glm::vec3 expected = beta * (glm::angleAxis(theta, glm::normalize(w)) * u - u);
            EXPECT_NEAR(glm::length(offset - expected), 0.0f, 1e-5f) << "max_angle " << max_angle;
        }
    }
    glm::vec3 offset(0.0f);
    EXPECT_FALSE(add_turn(glm::vec3(0.0f), 1.0f, 0.0f, 1.0f, glm::vec3(1, 0, 0), offset, nullptr));
    EXPECT_EQ(offset, glm::vec3(0.0f));
}

// The Jacobian add_turn and add_lag give is the derivative of the offset they give.
TEST(BendTerms, JacobiansAreTheDerivativesOfTheOffsets) {
    std::mt19937 rng(11);
    for (int trial = 0; trial < 100; ++trial) {
        const glm::vec3 w = random_vector(rng, 3.0f), v = random_vector(rng, 2.0f), u = random_vector(rng, 1.0f);
        const float k = 0.5f, beta = 0.7f, max_angle = trial % 2 ? 0.0f : 0.8f;
        auto offset_at = [&](const glm::vec3& x) {
            glm::vec3 o(0.0f);
            add_turn(w, k, max_angle, beta, x, o, nullptr);
            add_lag(v, k, beta, x, o, nullptr);
            return o;
        };
        glm::vec3 offset(0.0f);
        glm::mat3 jacobian(0.0f);
        add_turn(w, k, max_angle, beta, u, offset, &jacobian);
        add_lag(v, k, beta, u, offset, &jacobian);
        EXPECT_NEAR(glm::length(offset - offset_at(u)), 0.0f, 1e-6f);
        const float h = 1e-3f;
        for (int c = 0; c < 3; ++c) {
            glm::vec3 e(0.0f);
            e[c] = h;
            const glm::vec3 numeric = (offset_at(u + e) - offset_at(u - e)) / (2.0f * h);
            EXPECT_NEAR(glm::length(jacobian[c] - numeric), 0.0f, 2e-3f) << "column " << c << " trial " << trial;
        }
    }
}

TEST(BendLag, TrailsTheTranslationInProportionToTheDistance) {
    glm::vec3 offset(0.0f);
    ASSERT_TRUE(add_lag(glm::vec3(2, 0, 0), 0.5f, 0.5f, glm::vec3(0, 3, 4), offset, nullptr));
    EXPECT_FLOAT_EQ(offset.x, -0.5f * 0.5f * 5.0f * 2.0f);
    EXPECT_EQ(offset.y, 0.0f);
}

TEST(SharedConstants, HaveTheValuesTheyName) {
    EXPECT_EQ(kTickSeconds, 1.0 / kTicksPerSecond);
    EXPECT_FLOAT_EQ(kStretchLimit, std::log(kMaxStretch));
    EXPECT_FLOAT_EQ(stretch(1e6f).factor, kMaxStretch);
}

std::string read_source(const std::string& relative) {
    std::ifstream in(std::string(DYNSKIN_SOURCE_DIR) + "/" + relative);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The shared constants live in one place; a restatement that writes a value by hand (the
// clock's 60 Hz, ln 3, the joint layout's texel indices) would stay behind when it changes.
TEST(SharedConstants, AreNotCopiedByHandIntoTheFastPathsOrTheShader) {
    const std::vector<std::string> restatements = {
        "src/core/fast/bend_simd.cpp",
        "src/core/fast/blocked_deformer.cpp",
        "src/core/fast/delayed_lbs_simd.cpp",
        "src/core/fast/delayed_lbs_fast.cpp",
        "src/core/fast/delayed_lbs_delays.cpp",
        "src/core/fast/delayed_lbs_rotation_table.cpp",
        "src/core/dynamics/joint_drive.cpp",
        "tests/reference/reference_deformer.cpp",
        "src/core/formulas/delayed_lbs.cpp",
        "src/core/formulas/squash_centroids.cpp",
        "src/core/bake/bake.cpp",
        "src/gl/gpu_skinning.cpp",
        "src/app/crowd/crowd.cpp",
        "shaders/skinning.vert",
    };
    // 60 Hz, ln 3 (the stretch limit), ln 1000 (the kernel's cut-off), texel indices.
    const std::regex copied(R"((\b60\.0*f?\b|\b1\.0986|log\(3|log\(1000|joint_texel\([^,()]+,\s*[0-9]))");
    for (const std::string& file : restatements) {
        const std::string text = read_source(file);
        ASSERT_FALSE(text.empty()) << file << " not found under " << DYNSKIN_SOURCE_DIR;
        std::smatch match;
        EXPECT_FALSE(std::regex_search(text, match, copied)) << file << " restates a constant by hand: " << match.str();
    }
}

}  // namespace
}  // namespace dynskin
