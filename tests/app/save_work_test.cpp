// Saving the user's work (app/viewer_state.h save_work): into the .glb it came from, and,
// for a .gltf, into NAME_dynskin.glb beside it, leaving the text file as it was.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "app/viewer_state.h"
#include "dynskin/gltf_loader.h"
#include "gltf_writer.h"

namespace dynskin::app {
namespace {

std::string read_file(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

ViewerState state_with(const std::string& path) {
    ViewerState state;
    state.scene = std::make_unique<Scene>(io::load_gltf(path), path);
    state.scene->from_file = true;
    state.settings.joints.resize(static_cast<std::size_t>(state.scene->character().skeleton.joint_count()));
    return state;
}

TEST(SaveWork, AGlbIsSavedInPlace) {
    const std::string path = test::arm_rig().write_glb(test::make_temp_folder(), "arm");
    ViewerState state = state_with(path);
    state.settings.parameters.oscillation.frequency = 3.25f;
    ASSERT_TRUE(save_work(state)) << state.error_message;
    EXPECT_EQ(state.scene->source, path);
    EXPECT_FLOAT_EQ(io::load_gltf(path).settings->parameters.oscillation.frequency, 3.25f);
}

TEST(SaveWork, AGltfKeepsItsTextAndItsWorkGoesBesideIt) {
    const std::string path = test::arm_rig().write_gltf_with_bin(test::make_temp_folder(), "arm");
    const std::string text = read_file(path);
    ViewerState state = state_with(path);
    state.settings.parameters.oscillation.frequency = 3.25f;
    ASSERT_TRUE(save_work(state)) << state.error_message;
    const std::string saved = (std::filesystem::path(path).parent_path() / "arm_dynskin.glb").string();
    EXPECT_EQ(default_save_path(path), saved);
    EXPECT_EQ(read_file(path), text);
    EXPECT_EQ(state.scene->source, saved);
    EXPECT_EQ(read_file(saved).substr(0, 4), "glTF");
    EXPECT_FLOAT_EQ(io::load_gltf(saved).settings->parameters.oscillation.frequency, 3.25f);
    EXPECT_FALSE(has_unsaved_changes(state));
}

}  // namespace
}  // namespace dynskin::app
