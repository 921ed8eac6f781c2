// A baked file, played by the tests' own glTF player (skin + morph targets as the glTF
// specification defines them), shows dynskin's result at every baked frame, within 1e-5 of
// the character size; looping bakes close on themselves; tinygltf reads the file without a
// warning.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "bake_test_support.h"
#include "characters/character_source.h"
#include "dynskin/bake.h"
#include "dynskin/gltf_bake_writer.h"
#include "dynskin/gltf_loader.h"
#include "gltf_reference_player.h"
#include "material_scenes.h"
#include "morph_rigs.h"

namespace dynskin::test {
namespace {

constexpr double kTolerance = 1e-5;  // of the character size

struct Comparison {
    double position_error = 0.0;  // largest distance over vertices and frames, in sizes
    double normal_error = 0.0;    // largest angle between normals, radians
    int frames = 0;
};

const AnimationClip& clip_named(const Character& character, const std::string& name) {
    for (const AnimationClip& clip : character.clips)
        if (clip.name == name) return clip;
    throw std::runtime_error("no clip " + name);
}

std::vector<unsigned char> bake_to_glb(const io::LoadedCharacter& loaded, const BakeRequest& request, BakedAnimation& baked) {
    baked = bake_frames(loaded.character, request);
    io::BakedLook look;
    look.settings = request.settings;
    look.display = &loaded.look;
    return io::write_baked_glb(loaded.character, baked, look);
}

// Plays from t = 0 up to (not including) `time` in big steps: results at a time do not
// depend on how often update() was called before it, only on the ticks it went through.
void play_up_to(Deformer& deformer, const PoseSampler& sampler, const DynamicSettings& settings, double time) {
    for (double t = 0.0; t < time; t += 0.75) deformer.update(t, sampler, settings);
}

// The angle between two directions, accurate near zero (acos is not).
double angle_between(const glm::vec3& a, const glm::vec3& b) {
    const glm::dvec3 u(a), v(b);
    return std::atan2(glm::length(glm::cross(u, v)), glm::dot(u, v));
}

// The file played at each frame's time against a fresh Deformer at that frame's dynskin time.
Comparison compare_with_dynskin(const io::LoadedCharacter& loaded, const BakeRequest& request, const BakedAnimation& baked,
                                const GltfReferencePlayer& player) {
    const Character& character = loaded.character;
    Deformer deformer(character);
    const PoseSampler sampler = clip_sampler(character.skeleton, *request.clip, request.loop);
    play_up_to(deformer, sampler, request.settings, baked.schedule.start_time);
    Comparison result;
    for (int k = 0; k < baked.schedule.frame_count; ++k) {
        deformer.update(baked.schedule.frame_time(k), sampler, request.settings);
        const PlayedMesh played = player.play(0, baked.schedule.file_time(k));
        EXPECT_EQ(played.positions.size(), character.mesh.vertex_count());
        for (std::size_t i = 0; i < played.positions.size(); ++i) {
            result.position_error = std::max(
                result.position_error, static_cast<double>(glm::length(played.positions[i] - deformer.positions()[i])));
            if (request.normals) {
                result.normal_error = std::max(result.normal_error, angle_between(played.normals[i], deformer.normals()[i]));
            }
        }
        ++result.frames;
    }
    result.position_error /= deformer.size();
    return result;
}

void expect_plays_as_dynskin(const std::string& source, const std::string& clip, double fps, bool loop, double tail,
                             const std::function<void(DynamicSettings&)>& adjust = {}) {
    const io::LoadedCharacter loaded = characters::load_character(source);
    BakeRequest request;
    request.clip = &clip_named(loaded.character, clip);
    request.settings = loaded.settings.value_or(DynamicSettings{});
    request.settings.joints.resize(static_cast<std::size_t>(loaded.character.skeleton.joint_count()));
    if (adjust) adjust(request.settings);
    request.fps = fps;
    request.loop = loop;
    request.tail = tail;
    BakedAnimation baked;
    const std::vector<unsigned char> glb = bake_to_glb(loaded, request, baked);
    const GltfReferencePlayer player(glb);
    ASSERT_EQ(player.errors(), "");
    EXPECT_EQ(player.warnings(), "") << "tinygltf warns about the baked file";
    ASSERT_EQ(player.model().animations.size(), 1u);

    const Comparison c = compare_with_dynskin(loaded, request, baked, player);
    EXPECT_EQ(c.frames, baked.schedule.frame_count);
    EXPECT_LT(c.position_error, kTolerance) << source << " " << clip << ": largest error over " << c.frames << " frames";
    EXPECT_LT(c.normal_error, 1e-4) << "largest normal angle, radians";
    // Not a vacuous comparison: the dynamics moved the skin away from LBS somewhere.
    double largest_offset = 0.0;
    for (const BakedFrame& frame : baked.frames)
        for (const glm::vec3& o : frame.position_offsets) largest_offset = std::max(largest_offset, double(glm::length(o)));
    EXPECT_GT(largest_offset / baked.size, 1e-3) << "the bake holds no dynamics to check";
    std::printf("[ bake     ] %s/%s at %g fps: %d frames, %zu bytes, largest error %.3g of the size, normals %.3g rad\n",
                source.c_str(), clip.c_str(), fps, c.frames, glb.size(), c.position_error, c.normal_error);
}

TEST(BakedGltf, BarPlaysAsDynskinAtEveryFrame) { expect_plays_as_dynskin("bar", "turn_and_stop", 30.0, false, 1.0); }

TEST(BakedGltf, CowPlaysAsDynskinAtEveryFrame) { expect_plays_as_dynskin("cow", "walk", 30.0, false, 0.0); }

TEST(BakedGltf, DualQuaternionBasePlaysAsDynskin) {
    expect_plays_as_dynskin("giraffe", "look_around", 12.0, false, 0.0,
                            [](DynamicSettings& s) { s.parameters.base = SkinningBase::DualQuaternion; });
}

TEST(BakedGltf, DelayedLbsPlaysAsDynskin) {
    expect_plays_as_dynskin("octopus", "swim", 12.0, false, 0.0, [](DynamicSettings& s) { s.parameters.propagation_speed = 1.5f; });
}

// A character with several materials keeps them (one primitive per draw range sharing the
// vertices and morph targets) and still plays as dynskin.
TEST(BakedGltf, MaterialsSurviveTheBake) {
    GltfWriter source = material_panels().writer;
    source.json["animations"] = nlohmann::json::array(
        {one_channel_animation(source, "slide", {0.0f, 0.5f}, {0, -1.5f, 0, 1, -1.5f, 0}, 1, "translation", "LINEAR")});
    const io::LoadedCharacter loaded = io::load_gltf_from_memory(source.glb());
    ASSERT_TRUE(loaded.warnings.empty()) << loaded.warnings.front();
    BakeRequest request;
    request.clip = &loaded.character.clips.at(0);
    request.settings.joints.resize(static_cast<std::size_t>(loaded.character.skeleton.joint_count()));
    request.fps = 20.0;
    request.tail = 0.5;
    BakedAnimation baked;
    const std::vector<unsigned char> glb = bake_to_glb(loaded, request, baked);
    const GltfReferencePlayer player(glb);
    ASSERT_EQ(player.errors(), "");
    EXPECT_EQ(player.warnings(), "");
    const Comparison c = compare_with_dynskin(loaded, request, baked, player);
    EXPECT_LT(c.position_error, kTolerance);

    const io::LoadedCharacter back = io::load_gltf_from_memory(glb);
    ASSERT_EQ(back.look.draw_ranges.size(), loaded.look.draw_ranges.size());
    for (std::size_t r = 0; r < loaded.look.draw_ranges.size(); ++r) {
        const io::DrawRange& a = loaded.look.draw_ranges[r];
        const io::DrawRange& b = back.look.draw_ranges[r];
        EXPECT_EQ(a.first_triangle, b.first_triangle);
        EXPECT_EQ(a.triangle_count, b.triangle_count);
        const io::DisplayMaterial& m = loaded.look.materials.at(static_cast<std::size_t>(a.material));
        const io::DisplayMaterial& n = back.look.materials.at(static_cast<std::size_t>(b.material));
        EXPECT_EQ(m.name, n.name);
        EXPECT_EQ(m.base_color_factor, n.base_color_factor) << m.name;
        EXPECT_EQ(m.alpha_mode, n.alpha_mode) << m.name;
        EXPECT_EQ(m.alpha_cutoff, n.alpha_cutoff) << m.name;
        EXPECT_EQ(m.double_sided, n.double_sided) << m.name;
        EXPECT_EQ(m.sampler, n.sampler) << m.name;
        EXPECT_EQ(m.base_color_image >= 0, n.base_color_image >= 0) << m.name;
    }
    ASSERT_EQ(back.look.images.size(), 1u);
    EXPECT_EQ(back.look.images[0].rgba, loaded.look.images[0].rgba);
    ASSERT_EQ(back.look.texture_uvs.size(), loaded.look.texture_uvs.size());
    for (std::size_t i = 0; i < back.look.texture_uvs.size(); ++i) {
        EXPECT_EQ(back.look.texture_uvs[i], loaded.look.texture_uvs[i]) << "vertex " << i;
        EXPECT_EQ(back.character.mesh.colors[i], loaded.character.mesh.colors[i]) << "vertex " << i;
    }
}

TEST(BakedGltf, SharedRigPlaysAsDynskin) {
    const std::string cow = std::string(DYNSKIN_SHARED_RIGS) + "/cow.glb";
    if (!file_exists(cow)) GTEST_SKIP() << cow << " is absent (a user's clone has no ../shared): the real rig is not baked";
    expect_plays_as_dynskin(cow, "recorded", 10.0, false, 0.0);
}

// Morph targets: the source's morph is part of dynskin's final skin, so each frame's target
// carries it (bind space), and the glTF player shows it without the source's targets.
TEST(BakedGltf, MorphingSkinnedRigPlaysAsDynskin) {
    const std::string file = morphing_arm_rig().writer.write_glb(make_temp_folder(), "arm");
    expect_plays_as_dynskin(file, "wave", 24.0, false, 0.5);
    expect_plays_as_dynskin(file, "wave", 24.0, false, 0.0, [](DynamicSettings& s) { s.parameters.propagation_speed = 1.5f; });
}

TEST(BakedGltf, MorphOnlyClipsBakeEveryFrame) {
    const std::string file = morph_only_quad().writer.write_glb(make_temp_folder(), "quad");
    for (const char* clip : {"linear", "step", "cubic"}) expect_plays_as_dynskin(file, clip, 24.0, false, 0.0);
    const io::LoadedCharacter loaded = characters::load_character(file);
    BakeRequest request;
    request.clip = &clip_named(loaded.character, "linear");
    request.fps = 24.0;
    const BakedAnimation baked = bake_frames(loaded.character, request);
    EXPECT_EQ(baked.schedule.frame_count, 73);  // 3 s at 24 fps, both ends
}

TEST(BakedGltf, MorphStressTestPlaysAsDynskin) {
    const std::string file = std::string(DYNSKIN_SHARED_RIGS) + "/wild/MorphStressTest.gltf";
    if (!file_exists(file)) GTEST_SKIP() << file << " is absent (a user's clone has no ../shared): it is not baked";
    expect_plays_as_dynskin(file, "TheWave", 24.0, false, 0.0);
}

// A one-shot bake ends on the clip's last instant, never past it: a 0.7 s clip at 24 fps
// is 17 steps of 0.7/17 s (not 18 of 1/24 s, which would end at 0.708 s).
TEST(BakedGltf, AOneShotBakeEndsOnTheClipsLastInstant) {
    MorphRig rig = morph_only_quad();
    rig.writer.json["animations"][0]["samplers"][0]["input"] = rig.writer.add_floats({0.0f, 0.35f, 0.7f}, "SCALAR");
    const std::string file = rig.writer.write_glb(make_temp_folder(), "short");
    const io::LoadedCharacter loaded = characters::load_character(file);
    BakeRequest request;
    request.clip = &clip_named(loaded.character, "linear");
    request.fps = 24.0;
    BakedAnimation baked;
    const GltfReferencePlayer player(bake_to_glb(loaded, request, baked));
    ASSERT_EQ(player.errors(), "");
    EXPECT_EQ(baked.schedule.frame_count, 18);
    EXPECT_EQ(baked.schedule.file_time(17), double(0.7f));
    EXPECT_LE(baked.schedule.frame_step, 1.0 / 24.0);
    const tinygltf::Animation& animation = player.model().animations.at(0);
    const tinygltf::Accessor& times =
        player.model().accessors.at(static_cast<std::size_t>(animation.samplers.at(0).input));
    EXPECT_EQ(times.maxValues.at(0), double(0.7f));  // the file's last key is the clip's end
    EXPECT_LT(compare_with_dynskin(loaded, request, baked, player).position_error, kTolerance);
}

TEST(BakedGltf, LoopClosesOnItselfAndIsPeriodic) {
    const io::LoadedCharacter loaded = characters::load_character("bar");
    BakeRequest request;
    request.clip = &loaded.character.clips.at(0);
    request.settings = loaded.settings.value_or(DynamicSettings{});
    request.fps = 24.0;
    request.loop = true;
    BakedAnimation baked;
    const std::vector<unsigned char> glb = bake_to_glb(loaded, request, baked);
    EXPECT_TRUE(baked.settled);
    EXPECT_LE(baked.loop_residual, FrameBaker::kLoopTolerance);
    EXPECT_GT(baked.schedule.start_time, 0.0) << "a loop is baked once the motion has settled, not from its start";
    EXPECT_NEAR(baked.schedule.file_time(baked.schedule.frame_count - 1), request.clip->duration, 1e-9);

    // The file's first and last frames show the same skin: no pop at the wrap.
    const GltfReferencePlayer player(glb);
    ASSERT_EQ(player.errors(), "");
    const PlayedMesh first = player.play(0, 0.0);
    const PlayedMesh last = player.play(0, baked.schedule.file_time(baked.schedule.frame_count - 1));
    double wrap = 0.0;
    for (std::size_t i = 0; i < first.positions.size(); ++i)
        wrap = std::max(wrap, double(glm::length(first.positions[i] - last.positions[i])));
    EXPECT_LT(wrap / baked.size, kTolerance);

    // The state is periodic: one period later, dynskin shows the same skin at every frame.
    Deformer deformer(loaded.character);
    const PoseSampler sampler = clip_sampler(loaded.character.skeleton, *request.clip, true);
    play_up_to(deformer, sampler, request.settings, baked.schedule.start_time);
    std::vector<std::vector<glm::vec3>> period;
    for (int k = 0; k < baked.schedule.frame_count; ++k) {
        deformer.update(baked.schedule.frame_time(k), sampler, request.settings);
        period.push_back(deformer.positions());
    }
    double drift = 0.0;
    for (int k = 1; k < baked.schedule.frame_count; ++k) {
        deformer.update(baked.schedule.frame_time(k) + baked.schedule.period, sampler, request.settings);
        for (std::size_t i = 0; i < period[k].size(); ++i)
            drift = std::max(drift, double(glm::length(deformer.positions()[i] - period[k][i])));
    }
    EXPECT_LT(drift / baked.size, kTolerance);

    const Comparison c = compare_with_dynskin(loaded, request, baked, player);
    EXPECT_LT(c.position_error, kTolerance);
}

TEST(BakedGltf, StillVerticesMakeSparseTargets) {
    // The bar at rest before it turns: the first frames' offsets are zero almost everywhere.
    const io::LoadedCharacter loaded = characters::load_character("bar");
    BakeRequest request;
    request.clip = &loaded.character.clips.at(0);
    request.settings.joints.resize(static_cast<std::size_t>(loaded.character.skeleton.joint_count()));
    request.settings.parameters.mode = DeformerMode::LbsOnly;  // nothing but LBS: every offset is zero
    request.fps = 10.0;
    BakedAnimation baked;
    const std::vector<unsigned char> glb = bake_to_glb(loaded, request, baked);
    const GltfReferencePlayer player(glb);
    ASSERT_EQ(player.errors(), "");
    const tinygltf::Model& model = player.model();
    for (const auto& target : model.meshes.at(0).primitives.at(0).targets) {
        const tinygltf::Accessor& a = model.accessors.at(static_cast<std::size_t>(target.at("POSITION")));
        EXPECT_TRUE(a.bufferView < 0) << "an all-zero target stores no data";
    }
    EXPECT_LT(compare_with_dynskin(loaded, request, baked, player).position_error, kTolerance);
}

}  // namespace
}  // namespace dynskin::test
