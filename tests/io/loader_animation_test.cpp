// Animations: every clip, T/R/S, the three interpolations, channels that cannot play.

#include <cmath>

#include "io_test_support.h"

namespace dynskin::test {
namespace {

int add_sampler(GltfWriter& w, nlohmann::json& animation, const std::vector<float>& times,
                const std::vector<float>& values, const std::string& type, const std::string& interpolation) {
    animation["samplers"].push_back({{"input", w.add_floats(times, "SCALAR")},
                                     {"output", w.add_floats(values, type)},
                                     {"interpolation", interpolation}});
    return static_cast<int>(animation["samplers"].size()) - 1;
}

void add_channel(nlohmann::json& animation, int sampler, int node, const std::string& path) {
    animation["channels"].push_back({{"sampler", sampler}, {"target", {{"node", node}, {"path", path}}}});
}

TEST(GltfAnimation, TranslationRotationScaleWithEachInterpolation) {
    GltfWriter w = arm_rig();
    const float s = std::sqrt(0.5f);
    nlohmann::json walk = {{"name", "walk"}};
    add_channel(walk, add_sampler(w, walk, {0, 1}, {0, 1, 0, 0, 2, 0}, "VEC3", "STEP"), 1, "translation");
    add_channel(walk, add_sampler(w, walk, {0, 2}, {0, 0, 0, 1, 0, 0, s, s}, "VEC4", "LINEAR"), 1, "rotation");
    // Cubic spline: in-tangent, value, out-tangent per key.
    add_channel(walk, add_sampler(w, walk, {0, 3}, {0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 3, 3, 3, 0, 0, 0}, "VEC3", "CUBICSPLINE"),
                0, "scale");
    nlohmann::json wave = {{"name", "wave"}};
    add_channel(wave, add_sampler(w, wave, {0, 0.5f}, {0, 0, 0, 1, 0, 0, 0, 1}, "VEC4", "LINEAR"), 0, "rotation");
    w.json["animations"] = {walk, wave};
    const io::LoadedCharacter loaded = load(w);
    ASSERT_EQ(loaded.character.clips.size(), 2u);
    const AnimationClip& clip = loaded.character.clips[0];
    EXPECT_EQ(clip.name, "walk");
    EXPECT_FLOAT_EQ(clip.duration, 3.0f);
    EXPECT_FLOAT_EQ(loaded.character.clips[1].duration, 0.5f);
    ASSERT_EQ(clip.channels.size(), 3u);
    EXPECT_EQ(clip.channels[0].interpolation, Interpolation::Step);
    EXPECT_EQ(clip.channels[2].interpolation, Interpolation::CubicSpline);
    Pose pose = Pose::rest_of(loaded.character.skeleton);
    clip.sample(1.0, pose);
    EXPECT_VEC3_NEAR(pose.local[1].translation, glm::vec3(0, 2, 0), 1e-6f);
    EXPECT_NEAR(glm::angle(pose.local[1].rotation), glm::radians(45.0f), 1e-4f);
    EXPECT_GT(pose.local[0].scale.x, 1.0f);
    clip.sample(10.0, pose);  // clamped after the last key
    EXPECT_VEC3_NEAR(pose.local[0].scale, glm::vec3(3.0f), 1e-6f);
}

TEST(GltfAnimation, ChannelsAimedAtNonJointsTheMeshNodeOrNothingAreSkippedWithWarnings) {
    GltfWriter w = arm_rig();
    const int loose = w.add_node({{"name", "loose"}});
    w.set_scene({0, 2, loose});
    nlohmann::json clip = {{"name", "bad"}};
    const int sampler = add_sampler(w, clip, {0, 1}, {0, 0, 0, 1, 0, 0}, "VEC3", "LINEAR");
    add_channel(clip, sampler, loose, "translation");
    add_channel(clip, sampler, 2, "translation");
    add_channel(clip, sampler, 99, "translation");
    add_channel(clip, sampler, 1, "translation");
    w.json["animations"] = nlohmann::json::array({clip});
    const io::LoadedCharacter loaded = load(w);
    ASSERT_EQ(loaded.character.clips.size(), 1u);
    EXPECT_EQ(loaded.character.clips[0].channels.size(), 1u);
    EXPECT_TRUE(has_warning(loaded, "not part of the skeleton"));
    EXPECT_TRUE(has_warning(loaded, "the mesh's own node"));
    EXPECT_TRUE(has_warning(loaded, "node 99, which does not exist"));
}

TEST(GltfAnimation, KeysThatDoNotIncreaseSkipTheChannel) {
    GltfWriter w = arm_rig();
    nlohmann::json clip;
    add_channel(clip, add_sampler(w, clip, {1, 1}, {0, 0, 0, 1, 0, 0}, "VEC3", "LINEAR"), 1, "translation");
    w.json["animations"] = nlohmann::json::array({clip});
    const io::LoadedCharacter loaded = load(w);
    EXPECT_TRUE(has_warning(loaded, "do not increase"));
    EXPECT_EQ(loaded.character.clips[0].name, "animation 0");
}

}  // namespace
}  // namespace dynskin::test
