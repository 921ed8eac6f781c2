// The deformer's fast path (SIMD, threads) against the plain reference implementation on
// the bundled characters and on the real rigs of ../shared/rigs (skipped with a message
// when that folder is absent).

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "characters/bundled_characters.h"
#include "core/deformer_engine.h"
#include "reference_deformer.h"
#include "dynskin/gltf_loader.h"

namespace dynskin {
namespace {

bool rigs_present() {
    struct stat info {};
    return ::stat(DYNSKIN_SHARED_RIGS, &info) == 0 && S_ISDIR(info.st_mode);
}

// Every joint swings about its own axis at its own rate, and the root slides: all of the
// bend's terms are exercised whatever the rig's own clip moves.
PoseSampler every_joint_swinging(const Skeleton& skeleton) {
    return [&skeleton](double t, Pose& pose) {
        pose.local = skeleton.rest;
        for (int j = 0; j < skeleton.joint_count(); ++j) {
            const glm::vec3 axis = glm::normalize(glm::vec3(std::sin(1.3f * j), 1.0f, std::cos(0.7f * j)));
            const float angle = 0.25f * float(std::sin(2.0 * M_PI * (0.6 + 0.07 * j) * t));
            pose.local[j].rotation = glm::angleAxis(angle, axis) * skeleton.rest[j].rotation;
        }
        pose.local[0].translation = skeleton.rest[0].translation + glm::vec3(0.1f * float(std::sin(3.0 * t)), 0, 0);
    };
}

float max_distance(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b) {
    float worst = a.size() == b.size() ? 0.0f : INFINITY;
    for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) worst = std::max(worst, glm::length(a[i] - b[i]));
    return worst;
}

void expect_fast_path_agrees(const Character& c) {
    const PoseSampler motion = every_joint_swinging(c.skeleton);
    DynamicSettings dynamic;
    dynamic.parameters.oscillation = {2.5f, 0.4f, 0.15f, 0.08f};
    DynamicSettings delayed = dynamic;
    delayed.parameters.propagation_speed = 1.5f;
    DynamicSettings limited = dynamic;
    limited.parameters.mode = DeformerMode::DragOnly;
    limited.parameters.max_angle = 0.3f;
    limited.parameters.translation_gain = 2.0f;
    for (const DynamicSettings& settings : {dynamic, delayed, limited}) {
        Deformer deformer(c);
        deformer.set_thread_count(2);
        const double start = 0.1;
        double t = start;
        for (int k = 0; k <= 40; ++k) {
            t = start + k / 47.0;
            deformer.update(t, motion, settings);
        }
        const ReferenceResult r = reference_deform(c, motion, settings, start, t);
        const float L = deformer.size();
        EXPECT_GT(max_distance(r.positions, r.base_positions), 1e-3f * L) << c.name << ": the bend must do something";
        EXPECT_LT(max_distance(deformer.base_positions(), r.base_positions), 1e-5f * L) << c.name;
        EXPECT_LT(max_distance(deformer.positions(), r.positions), 1e-5f * L) << c.name;
        EXPECT_LT(max_distance(deformer.normals(), r.normals), 2e-3f) << c.name;
    }
}

// dLBS alone (the base, no bend) against the reference: speeds from nearly LBS (c large)
// to delays of seconds, frames at irregular steps (several within a tick, exactly on
// ticks, longer ones), checked at several frames. The fast kernel must be what ran.
void expect_delayed_lbs_agrees(const Character& c) {
    const PoseSampler motion = every_joint_swinging(c.skeleton);
    const double steps[] = {0.013, 1.0 / 60.0, 0.004, 0.031, 0.0, 0.022, 0.1};
    float worst = 0.0f;
    for (float speed : {1e6f, 4.0f, 0.8f, 0.15f}) {
        DynamicSettings settings;
        settings.parameters.mode = DeformerMode::LbsOnly;
        settings.parameters.propagation_speed = speed;
        Deformer deformer(c);
        deformer.set_thread_count(2);
        const double start = 0.2;  // the history starts here, as the reference's
        double t = start;
        deformer.update(t, motion, settings);
        for (int k = 1; k <= 45; ++k) {
            t += steps[k % 7];
            if (k % 9 == 0) t = std::ceil(t * 60.0) / 60.0;  // exactly on a tick
            deformer.update(t, motion, settings);
            if (k % 15 != 0) continue;
            ASSERT_TRUE(engine_of(deformer).delayed_lbs() && engine_of(deformer).delayed_lbs()->last_run_was_fast()) << c.name;
            const ReferenceResult r = reference_deform(c, motion, settings, start, t);
            const float L = deformer.size();
            const float difference = max_distance(deformer.base_positions(), r.base_positions);
            worst = std::max(worst, difference / L);
            EXPECT_LT(difference, 1e-5f * L) << c.name << ", c = " << speed << ", t = " << t;
            EXPECT_LT(max_distance(deformer.base_normals(), r.normals), 2e-3f) << c.name << ", c = " << speed;
        }
    }
    std::printf("%s: dLBS within %.2g sizes of the reference\n", c.name.c_str(), worst);
}

TEST(BundledFastPath, EveryBundledCharacterDelayedLbsAgreesWithTheReference) {
    for (const std::string& name : characters::bundled_character_names()) {
        const std::optional<characters::BundledCharacter> bundled = characters::make_bundled_character(name);
        ASSERT_TRUE(bundled.has_value()) << name;
        expect_delayed_lbs_agrees(bundled->character);
    }
}

TEST(BundledFastPath, EveryBundledCharacterAgreesWithTheReference) {
    for (const std::string& name : characters::bundled_character_names()) {
        const std::optional<characters::BundledCharacter> bundled = characters::make_bundled_character(name);
        ASSERT_TRUE(bundled.has_value()) << name;
        expect_fast_path_agrees(bundled->character);
    }
}

class RigFastPath : public ::testing::TestWithParam<const char*> {};

TEST_P(RigFastPath, AgreesWithTheReferenceWithinOneHundredThousandthOfTheSize) {
    if (!rigs_present()) GTEST_SKIP() << "the shared rigs folder " << DYNSKIN_SHARED_RIGS << " is absent";
    expect_fast_path_agrees(io::load_gltf(std::string(DYNSKIN_SHARED_RIGS) + "/" + GetParam()).character);
}

TEST_P(RigFastPath, DelayedLbsAgreesWithTheReferenceAtSeveralSpeeds) {
    if (!rigs_present()) GTEST_SKIP() << "the shared rigs folder " << DYNSKIN_SHARED_RIGS << " is absent";
    expect_delayed_lbs_agrees(io::load_gltf(std::string(DYNSKIN_SHARED_RIGS) + "/" + GetParam()).character);
}

INSTANTIATE_TEST_SUITE_P(SharedRigs, RigFastPath, ::testing::Values("cow.glb", "dragon.glb", "giraffe.glb", "snail.glb"),
                         [](const auto& info) { return std::string(info.param).substr(0, std::string(info.param).find('.')); });

}  // namespace
}  // namespace dynskin
