// Rigs as they come from the wild: the character size L measured on the posed world-space
// character whatever its units and axes, and default settings that are safe (no vertex
// strays past 0.3 L from its LBS position) yet visible on every clip. Small files made here,
// and the public sample files in ../shared/rigs/wild when present.

#include <sys/stat.h>

#include <cmath>
#include <limits>

#include <glm/gtc/matrix_transform.hpp>

#include "dynskin/deformer.h"
#include "dynskin/measurement_clock.h"
#include "dynskin/offset_survey.h"
#include "io_test_support.h"
#include "wild_rig.h"

namespace dynskin::test {
namespace {

constexpr float kSafeOffset = 0.3f;  // the most a vertex may stray from its LBS position, in L

float box_diagonal(const std::vector<glm::vec3>& points) {
    glm::vec3 lo(std::numeric_limits<float>::max()), hi(-std::numeric_limits<float>::max());
    for (const glm::vec3& p : points) lo = glm::min(lo, p), hi = glm::max(hi, p);
    return glm::length(hi - lo);
}

OffsetSurvey survey_defaults(const Character& character, const AnimationClip& clip, bool loop, double seconds) {
    return survey_offsets(character, clip_sampler(character.skeleton, clip, loop), DynamicSettings{}, seconds);
}

struct Units {
    float units;
    bool z_up;
    bool bind_far_from_rest;
};

class WildRigUnits : public ::testing::TestWithParam<Units> {};

TEST_P(WildRigUnits, SizeAndRestPoseAreTheWorldsWhateverTheUnitsAndAxes) {
    const Units u = GetParam();
    const io::LoadedCharacter reference = load(wild_rig({}));
    const io::LoadedCharacter loaded = load(wild_rig({u.units, u.z_up, u.bind_far_from_rest, WildClip::None, 4}));
    const Character& c = loaded.character;
    const std::vector<glm::vec3> posed = rest_pose_positions(c.skeleton, c.mesh);
    // The creature is 2.3 m long in the world (caps included) in every file.
    const float reference_diagonal =
        box_diagonal(rest_pose_positions(reference.character.skeleton, reference.character.mesh));
    if (!u.bind_far_from_rest) {
        EXPECT_NEAR(box_diagonal(posed), reference_diagonal, 1e-3f);
    }
    // Y-up in the world: standing, its top is 2 m above its bottom (Z-up files included).
    glm::vec3 lo(1e30f), hi(-1e30f);
    for (const glm::vec3& p : posed) lo = glm::min(lo, p), hi = glm::max(hi, p);
    if (!u.bind_far_from_rest) {
        EXPECT_NEAR(hi.y - lo.y, 2.3f, 1e-3f);
    }
    const float L = character_size(c.skeleton, c.mesh);
    const float expected = character_size(reference.character.skeleton, reference.character.mesh);
    // The bent rest pose's skeleton is shorter than the straight one's.
    EXPECT_NEAR(L, expected, (u.bind_far_from_rest ? 0.5f : 1e-3f) * expected) << "L must not depend on the file's units";
    EXPECT_EQ(Deformer(c).size(), L);
}

INSTANTIATE_TEST_SUITE_P(UnitsAndAxes, WildRigUnits,
                         ::testing::Values(Units{1.0f, false, false}, Units{100.0f, false, false},
                                           Units{1000.0f, false, false}, Units{0.001f, false, false},
                                           Units{1.0f, true, false}, Units{100.0f, true, false},
                                           Units{1.0f, false, true}, Units{100.0f, true, true}));

TEST(WildRigSize, SkeletonFarFromTheSkinFallsBackToTheSkin) {
    // A helper joint 50 m away (an IK target, a camera) says nothing about the character.
    GltfWriter w = wild_rig({1.0f, false, false, WildClip::None, 4});
    const int helper = w.add_node({{"name", "ik_target"}, {"translation", {50.0, 0.0, 0.0}}});
    w.json["nodes"][1]["children"].push_back(helper);
    w.json["skins"][0]["joints"].push_back(helper);
    std::vector<glm::mat4> binds;
    for (int k = 0; k < 4; ++k) binds.push_back(glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, -0.4f * float(k), 0.0f)));
    binds.push_back(glm::translate(glm::mat4(1.0f), glm::vec3(-50.0f, 0.0f, 0.0f)));
    w.json["skins"][0]["inverseBindMatrices"] = w.add_mat4(binds);
    const io::LoadedCharacter loaded = load(w);
    const float L = character_size(loaded.character.skeleton, loaded.character.mesh);
    EXPECT_LT(L, 5.0f);
    EXPECT_GT(L, 1.0f);
}

struct ClipCase {
    WildClip clip;
    bool loop;
    float units;
};

class WildRigDefaults : public ::testing::TestWithParam<ClipCase> {};

TEST_P(WildRigDefaults, NoVertexStraysPastTheSafeOffset) {
    const ClipCase k = GetParam();
    const io::LoadedCharacter loaded = load(wild_rig({k.units, k.units != 1.0f, false, k.clip, 4}));
    const Character& c = loaded.character;
    ASSERT_EQ(c.clips.size(), 1u);
    const AnimationClip& clip = c.clips[0];
    const OffsetSurvey s = survey_defaults(c, clip, k.loop, k.loop ? std::max(3.0 * clip.duration, 3.0) : clip.duration + 1.0);
    EXPECT_LE(s.largest, kSafeOffset) << clip.name << (k.loop ? " looped" : "") << ": at t = " << s.largest_time
                                      << " vertex " << s.largest_vertex;
    // And the dynamics show: the clip moves, so the skin does more than follow it.
    EXPECT_GE(s.largest, 0.02f) << clip.name;
}

INSTANTIATE_TEST_SUITE_P(Clips, WildRigDefaults,
                         ::testing::Values(ClipCase{WildClip::Swing, false, 1.0f}, ClipCase{WildClip::Swing, true, 100.0f},
                                           ClipCase{WildClip::Violent, false, 1.0f},
                                           ClipCase{WildClip::Violent, true, 100.0f},
                                           ClipCase{WildClip::Short, false, 1.0f}, ClipCase{WildClip::Short, true, 1.0f}));

TEST(WildRigDefaults, SameLookInEveryUnit) {
    // L from the world-space character: a centimetre rig under a 0.01 node wobbles as much,
    // relative to its size, as the same rig in metres.
    const io::LoadedCharacter metres = load(wild_rig({1.0f, false, false, WildClip::Swing, 4}));
    const io::LoadedCharacter centimetres = load(wild_rig({100.0f, true, false, WildClip::Swing, 4}));
    const OffsetSurvey a = survey_defaults(metres.character, metres.character.clips[0], false, 2.5);
    const OffsetSurvey b = survey_defaults(centimetres.character, centimetres.character.clips[0], false, 2.5);
    EXPECT_GT(a.largest, 0.02f);
    EXPECT_NEAR(b.largest, a.largest, 0.02f * a.largest);
    EXPECT_NEAR(b.typical, a.typical, 0.02f * a.typical);
}

TEST(WildRigDefaults, ALoopThatDoesNotCycleWrapsWithoutAWobble) {
    // One joint turns 80 degrees at a steady speed over 2 s, then the loop snaps it back: the
    // wrap is a cut (like a scrub), so after it the skin shows the same steady drag as before
    // it, with no wobble from the snap.
    GltfWriter w = wild_rig({1.0f, false, false, WildClip::None, 4});
    nlohmann::json animation = {{"name", "ramp"}};
    std::vector<float> times, values;
    for (int k = 0; k <= 20; ++k) {
        times.push_back(0.1f * static_cast<float>(k));
        const glm::quat q = glm::angleAxis(glm::radians(4.0f * static_cast<float>(k)), glm::vec3(1, 0, 0));
        values.insert(values.end(), {q.x, q.y, q.z, q.w});
    }
    animation["samplers"] = nlohmann::json::array(
        {{{"input", w.add_floats(times, "SCALAR")}, {"output", w.add_floats(values, "VEC4")}}});
    animation["channels"] = nlohmann::json::array({{{"sampler", 0}, {"target", {{"node", 2}, {"path", "rotation"}}}}});
    w.json["animations"] = nlohmann::json::array({animation});
    const io::LoadedCharacter loaded = load(w);
    const Character& c = loaded.character;
    const PoseSampler looped = clip_sampler(c.skeleton, c.clips[0], true);
    Deformer deformer(c);
    const DynamicSettings defaults;
    float steady = 0.0f, after_wrap = 0.0f;
    for (Tick n = 0; tick_time(n) <= 3.0; ++n) {
        deformer.update(tick_time(n), looped, defaults);
        float largest = 0.0f;
        for (std::size_t i = 0; i < deformer.positions().size(); ++i)
            largest = std::max(largest, glm::length(deformer.positions()[i] - deformer.base_positions()[i]));
        if (tick_time(n) > 1.2 && tick_time(n) < 1.95) steady = std::max(steady, largest);
        if (tick_time(n) > 2.0 && tick_time(n) < 3.0) after_wrap = std::max(after_wrap, largest);
    }
    EXPECT_GT(steady, 0.005f * deformer.size());
    EXPECT_LT(after_wrap, 1.05f * steady) << "the wrap started a wobble";
}

// The public sample files in ../shared/rigs/wild (see its README).
bool wild_rigs_present() {
    struct stat info {};
    return ::stat((std::string(DYNSKIN_SHARED_RIGS) + "/wild").c_str(), &info) == 0 && S_ISDIR(info.st_mode);
}

class SharedWildRig : public ::testing::TestWithParam<const char*> {};

TEST_P(SharedWildRig, DefaultsAreSafeAndVisibleOnEveryClip) {
    if (!wild_rigs_present())
        GTEST_SKIP() << "the folder " << DYNSKIN_SHARED_RIGS
                     << "/wild is absent (a user's clone has no ../shared); checks on public sample rigs skipped";
    const io::LoadedCharacter loaded = io::load_gltf(std::string(DYNSKIN_SHARED_RIGS) + "/wild/" + GetParam());
    const Character& c = loaded.character;
    ASSERT_FALSE(c.clips.empty());
    const float L = character_size(c.skeleton, c.mesh);
    // L is the size of the character as the file places it in the world.
    const float world = box_diagonal(rest_pose_positions(c.skeleton, c.mesh));
    EXPECT_GT(L, 0.3f * world);
    EXPECT_LT(L, 2.0f * world);
    for (const AnimationClip& clip : c.clips) {
        bool rotates = false;
        for (const AnimationChannel& channel : clip.channels) rotates |= channel.path == ChannelPath::Rotation;
        if (!rotates) continue;  // a morph-only clip: no joint moves
        const OffsetSurvey once = survey_defaults(c, clip, false, clip.duration + 1.0);
        EXPECT_LE(once.largest, kSafeOffset) << clip.name << " at t = " << once.largest_time;
        EXPECT_GE(once.largest, 0.01f) << clip.name << ": the dynamics do not show";
        if (clip.duration <= 5.0f) {
            const OffsetSurvey looped = survey_defaults(c, clip, true, 3.0 * clip.duration + 1.0);
            EXPECT_LE(looped.largest, kSafeOffset) << clip.name << " looped, at t = " << looped.largest_time;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Files, SharedWildRig,
                         ::testing::Values("Fox.glb", "CesiumMan.glb", "RiggedFigure.glb", "BrainStem.glb"));

}  // namespace
}  // namespace dynskin::test
