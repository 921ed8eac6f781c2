// Baking to glTF through the public headers alone (dynskin/bake.h, dynskin/gltf_bake_writer.h):
// a clip baked and written as a .glb reads back as the same character with one morph target
// per baked frame, and a bake that does not fit the character is refused.

#include <gtest/gtest.h>

#include <string>

#include "dynskin/bake.h"
#include "dynskin/gltf_bake_writer.h"
#include "dynskin/gltf_loader.h"

namespace dynskin {
namespace {

TEST(BakedGltf, WritesAFileThatReadsBack) {
    const io::LoadedCharacter bar = io::load_gltf(std::string(DYNSKIN_SOURCE_DIR) + "/assets/bar.glb");
    BakeRequest request;
    request.clip = &bar.character.clips[0];
    request.fps = 15.0;
    const BakedAnimation baked = bake_frames(bar.character, request);
    ASSERT_GT(baked.frames.size(), 1u);

    const io::LoadedCharacter back =
        io::load_gltf_from_memory(io::write_baked_glb(bar.character, baked, {request.settings, &bar.look}));
    EXPECT_EQ(back.character.mesh.vertex_count(), bar.character.mesh.vertex_count());
    EXPECT_EQ(back.character.skeleton.joint_count(), bar.character.skeleton.joint_count());
    ASSERT_EQ(back.character.mesh.morphs.groups.size(), 1u);
    EXPECT_EQ(back.character.mesh.morphs.groups[0].targets.size(), baked.frames.size());
    ASSERT_TRUE(back.settings.has_value());

    BakedAnimation none = baked;
    none.frames.clear();
    EXPECT_THROW(io::write_baked_glb(bar.character, none, {}), io::CharacterWriteError);
}

}  // namespace
}  // namespace dynskin
