// The whole-character glb writer: what load_gltf reads back is the character that was written.

#include <gtest/gtest.h>

#include "characters/bundled_characters.h"
#include "dynskin/gltf_loader.h"
#include "io/writing/gltf_character_writer.h"

namespace dynskin::io {
namespace {

void expect_same_character(const Character& written, const Character& read) {
    ASSERT_EQ(read.skeleton.names, written.skeleton.names);
    ASSERT_EQ(read.skeleton.parents, written.skeleton.parents);
    for (int j = 0; j < written.skeleton.joint_count(); ++j) {
        EXPECT_EQ(read.skeleton.rest[j].translation, written.skeleton.rest[j].translation);
        EXPECT_EQ(read.skeleton.rest[j].rotation, written.skeleton.rest[j].rotation);
        EXPECT_EQ(read.skeleton.rest[j].scale, written.skeleton.rest[j].scale);
    }
    const SkinnedMesh &w = written.mesh, &r = read.mesh;
    EXPECT_EQ(r.rest_positions, w.rest_positions);
    EXPECT_EQ(r.triangles, w.triangles);
    EXPECT_EQ(r.inverse_binds, w.inverse_binds);
    EXPECT_EQ(r.bend_weights, w.bend_weights);
    EXPECT_EQ(r.colors, w.colors);
    EXPECT_EQ(r.uvs, w.uvs);
    ASSERT_EQ(r.rest_normals.size(), w.rest_normals.size());
    for (std::size_t i = 0; i < w.rest_normals.size(); ++i) ASSERT_LT(glm::length(r.rest_normals[i] - w.rest_normals[i]), 1e-6f);
    // The reader renormalises weights: the same joints, the same values to a float's rounding.
    ASSERT_EQ(r.weights.offsets, w.weights.offsets);
    EXPECT_EQ(r.weights.joints, w.weights.joints);
    for (std::size_t k = 0; k < w.weights.weights.size(); ++k) ASSERT_NEAR(r.weights.weights[k], w.weights.weights[k], 1e-6f);
    ASSERT_EQ(read.clips.size(), written.clips.size());
    for (std::size_t c = 0; c < written.clips.size(); ++c) {
        EXPECT_EQ(read.clips[c].name, written.clips[c].name);
        EXPECT_EQ(read.clips[c].duration, written.clips[c].duration);
        ASSERT_EQ(read.clips[c].channels.size(), written.clips[c].channels.size());
        for (std::size_t k = 0; k < written.clips[c].channels.size(); ++k) {
            const AnimationChannel &a = written.clips[c].channels[k], &b = read.clips[c].channels[k];
            EXPECT_EQ(b.joint, a.joint);
            EXPECT_EQ(b.path, a.path);
            EXPECT_EQ(b.interpolation, a.interpolation);
            EXPECT_EQ(b.times, a.times);
            EXPECT_EQ(b.values, a.values);
        }
    }
}

TEST(CharacterWriter, TheBarAndTheSnailComeBackAsWritten) {
    for (const char* name : {"bar", "snail"}) {
        const characters::BundledCharacter made = *characters::make_bundled_character(name);
        const LoadedCharacter loaded = load_gltf_from_memory(write_character_glb(made.character, made.preset));
        EXPECT_TRUE(loaded.warnings.empty()) << name << ": " << loaded.warnings.front();
        expect_same_character(made.character, loaded.character);
        ASSERT_TRUE(loaded.settings.has_value());
        EXPECT_EQ(loaded.settings->parameters.oscillation, made.preset.parameters.oscillation);
        ASSERT_EQ(loaded.settings->joints.size(), made.preset.joints.size());
        for (std::size_t j = 0; j < made.preset.joints.size(); ++j)
            EXPECT_EQ(loaded.settings->joints[j].gain, made.preset.joints[j].gain);
    }
}

TEST(CharacterWriter, WithoutSettingsTheFileHasNone) {
    const LoadedCharacter loaded = load_gltf_from_memory(write_character_glb(characters::make_bar(), std::nullopt));
    EXPECT_FALSE(loaded.settings.has_value());
}

TEST(CharacterWriter, RefusesJointsThatAReaderWouldReorder) {
    Character c = characters::make_bar();
    // root, a, b(child of root), then a child of a: not depth first.
    c.skeleton.parents = {-1, 0, 0, 1, 3};
    EXPECT_THROW(write_character_glb(c, std::nullopt), CharacterWriteError);
}

TEST(CharacterWriter, RefusesAnInvalidCharacter) {
    Character c = characters::make_bar();
    c.mesh.bend_weights.pop_back();
    EXPECT_THROW(write_character_glb(c, std::nullopt), CharacterWriteError);
}

}  // namespace
}  // namespace dynskin::io
