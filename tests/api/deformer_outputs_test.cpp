// What an update computes beside the positions (DeformerOutputs): without the normals the
// positions are the same to the bit, and the bind-space offsets made with the skinning equal
// bind_space_offsets() (in double, from the finished skin: the reference) on every base.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "dynskin/bind_space_offsets.h"
#include "dynskin/deformer.h"
#include "dynskin/gltf_loader.h"
#include "dynskin/linear_blend_skinning.h"

namespace dynskin {
namespace {

struct Case {
    const char* name;
    DynamicSettings settings;
};

std::vector<Case> cases(const DynamicSettings& saved) {
    std::vector<Case> all{{"saved", saved}, {"squash", saved}, {"dqs", saved}, {"dlbs", saved}, {"lbs", saved}};
    all[1].settings.parameters.squash = 0.5f;
    all[2].settings.parameters.base = SkinningBase::DualQuaternion;
    all[3].settings.parameters.propagation_speed = 2.0f;
    all[4].settings.parameters.mode = DeformerMode::LbsOnly;
    return all;
}

// The reference: bind_space_offsets of the deformer's last skin, in double.
std::vector<glm::vec3> reference_offsets(const Character& character, const Deformer& deformer) {
    std::vector<glm::mat4> skinning;
    skinning_matrices(deformer.globals(), character.mesh.inverse_binds, skinning);
    std::vector<glm::vec3> offsets;
    bind_space_offsets(character.mesh, skinning, deformer.positions(), deformer.normals(), offsets, nullptr);
    return offsets;
}

float largest_difference(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b) {
    float largest = 0.0f;
    for (std::size_t i = 0; i < a.size(); ++i) largest = std::max(largest, glm::length(a[i] - b[i]));
    return largest;
}

TEST(DeformerOutputs, BindSpaceOffsetsWithoutNormalsOnEveryBase) {
    for (const char* file : {"cow", "dragon", "octopus"}) {
        const io::LoadedCharacter loaded = io::load_gltf(std::string(DYNSKIN_SOURCE_DIR) + "/assets/" + file + ".glb");
        const Character& character = loaded.character;
        const PoseSampler clip = clip_sampler(character.skeleton, character.clips.at(0), true);
        for (const Case& c : cases(loaded.settings.value_or(DynamicSettings{}))) {
            SCOPED_TRACE(std::string(file) + ", " + c.name);
            Deformer full(character), lean(character);
            lean.set_outputs({/*normals=*/false, /*bind_space_offsets=*/true});
            float largest_offset = 0.0f;
            for (int frame = 0; frame < 90; ++frame) {
                full.update(frame / 50.0, clip, c.settings);
                lean.update(frame / 50.0, clip, c.settings);
                ASSERT_EQ(lean.positions(), full.positions()) << "frame " << frame;
                if (frame % 15 != 14) continue;
                const std::vector<glm::vec3> expected = reference_offsets(character, full);
                ASSERT_EQ(lean.bind_space_offsets().size(), expected.size());
                EXPECT_LT(largest_difference(lean.bind_space_offsets(), expected), 1e-6f * full.size())
                    << "frame " << frame;
                for (const glm::vec3& o : expected) largest_offset = std::max(largest_offset, glm::length(o));
            }
            if (c.settings.parameters.mode != DeformerMode::LbsOnly) {
                EXPECT_GT(largest_offset, 1e-3f * full.size());
            }
            if (c.settings.parameters.base == SkinningBase::Linear && !std::isfinite(c.settings.parameters.propagation_speed)) {
                EXPECT_TRUE(lean.normals().empty());  // over LBS, not computed at all
            }
        }
    }
}

TEST(DeformerOutputs, OffsetsAreEmptyWhileOffAndNormalsComeBack) {
    const io::LoadedCharacter cow = io::load_gltf(std::string(DYNSKIN_SOURCE_DIR) + "/assets/cow.glb");
    const PoseSampler walk = clip_sampler(cow.character.skeleton, cow.character.clips.at(0), true);
    Deformer full(cow.character), deformer(cow.character);
    EXPECT_TRUE(deformer.outputs().normals);
    EXPECT_FALSE(deformer.outputs().bind_space_offsets);
    deformer.set_outputs({true, true});
    for (int frame = 0; frame < 30; ++frame) {
        full.update(frame / 60.0, walk, DynamicSettings{});
        deformer.update(frame / 60.0, walk, DynamicSettings{});
    }
    EXPECT_EQ(deformer.normals(), full.normals());  // both at once
    EXPECT_LT(largest_difference(deformer.bind_space_offsets(), reference_offsets(cow.character, full)),
              1e-6f * full.size());
    deformer.set_outputs({false, false});
    deformer.update(0.5, walk, DynamicSettings{});
    EXPECT_TRUE(deformer.bind_space_offsets().empty());  // never last frame's
    deformer.set_outputs({});
    full.update(0.5, walk, DynamicSettings{});
    deformer.update(0.52, walk, DynamicSettings{});
    full.update(0.52, walk, DynamicSettings{});
    EXPECT_EQ(deformer.normals(), full.normals());
}

}  // namespace
}  // namespace dynskin
