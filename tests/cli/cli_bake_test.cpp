// dynskin-cli bake from outside: a file that loads and validates, and one-line errors with
// status 2 on bad input.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "bake_test_support.h"
#include "cli_test_support.h"
#include "gltf_reference_player.h"
#include "material_scenes.h"
#include "morph_rigs.h"

namespace dynskin::test {
namespace {

TEST(CliBake, WritesAFileThatLoadsWithoutWarnings) {
    const std::string out = make_temp_folder() + "/bar.glb";
    const CommandRun run = cli("bake bar --clip turn_and_stop --fps 20 --tail 0.5 --f 3 --tau 0.3 -o " + out);
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.err.find("baked 91 frames"), std::string::npos) << run.err;  // (4 s + 0.5 s) * 20 + 1
    const GltfReferencePlayer player(read_bytes(out));
    EXPECT_EQ(player.errors(), "");
    EXPECT_EQ(player.warnings(), "");
    ASSERT_EQ(player.model().meshes.size(), 1u);
    EXPECT_EQ(player.model().meshes[0].primitives[0].targets.size(), 91u);
    // The options given are the ones baked.
    const auto& extras = player.model().animations.at(0).extras;
    ASSERT_TRUE(extras.Has("dynskin_bake"));
    EXPECT_EQ(extras.Get("dynskin_bake").Get("frames").GetNumberAsInt(), 91);
}

TEST(CliBake, AMorphOnlyClipBakesAllItsFrames) {
    const std::string folder = make_temp_folder();
    const std::string out = folder + "/quad-baked.glb";
    const CommandRun run = cli("bake " + morph_only_quad().writer.write_glb(folder, "quad") + " --clip step --fps 10 -o " + out);
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.err.find("baked 16 frames of 'step' (1.5 s)"), std::string::npos) << run.err;  // 1.5 s at 10 fps
    const GltfReferencePlayer player(read_bytes(out));
    EXPECT_EQ(player.errors(), "");
    EXPECT_EQ(player.model().meshes.at(0).primitives.at(0).targets.size(), 16u);
}

TEST(CliBake, LoopingBakeSaysHowItSettled) {
    const std::string out = make_temp_folder() + "/bar-loop.glb";
    const CommandRun run = cli("bake bar --clip 0 --fps 30 --loop --no-normals -o " + out);
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.err.find("loop settled after"), std::string::npos) << run.err;
    EXPECT_EQ(run.err.find("warning"), std::string::npos) << run.err;
    const GltfReferencePlayer player(read_bytes(out));
    EXPECT_EQ(player.errors(), "");
    EXPECT_EQ(player.model().meshes[0].primitives[0].targets.at(0).count("NORMAL"), 0u);
}

TEST(CliBake, UnknownClipIsAnError) {
    expect_one_line_error(cli("bake bar --clip nope -o " + make_temp_folder() + "/x.glb"), "no clip 'nope'");
}

TEST(CliBake, BadFrameRatesAreErrors) {
    const std::string out = make_temp_folder() + "/x.glb";
    for (const char* fps : {"0", "-5", "nan", "inf", "5000"})
        expect_one_line_error(cli(std::string("bake bar --clip 0 --fps ") + fps + " -o " + out), "fps");
    EXPECT_FALSE(file_exists(out));
}

TEST(CliBake, UnwritableOutputIsAnError) {
    expect_one_line_error(cli("bake bar --clip 0 --fps 5 -o /nonexistent-folder/x.glb"), "/nonexistent-folder/x.glb");
}

TEST(CliBake, BadParametersAreErrors) {
    const std::string out = make_temp_folder() + "/x.glb";
    expect_one_line_error(cli("bake bar --clip 0 --c -1 -o " + out), "--c");
    expect_one_line_error(cli("bake bar --clip 0 --tail -1 -o " + out), "tail");
    expect_one_line_error(cli("bake bar --clip 0 --loop --tail 1 -o " + out), "--tail");
    expect_one_line_error(cli("bake missing.glb --clip 0 -o " + out), "missing.glb");
    expect_one_line_error(cli("bake bar --clip 0 --fps 1000 --tail 3000 -o " + out), "frames");
}

// The Khronos glTF-Validator (npm package gltf-validator), when node can load it.
TEST(CliBake, KhronosValidatorFindsNoError) {
    if (const std::string absence = khronos_validator_absence(); !absence.empty())
        GTEST_SKIP() << absence << ": the baked files are not run through the Khronos glTF-Validator";
    const std::string folder = make_temp_folder();
    struct Case {
        const char* arguments;
        const char* file;
    };
    const std::string rig = std::string(DYNSKIN_SHARED_RIGS) + "/giraffe.glb";
    std::vector<Case> cases = {{"bar --clip 0 --fps 30 --tail 1", "bar.glb"},
                               {"bar --clip 0 --fps 10 --mode lbs", "bar-lbs.glb"},  // all-zero targets
                               {"cow --clip walk --fps 10 --loop", "cow-loop.glb"}};
    const std::string rig_arguments = rig + " --clip 0 --fps 5";
    if (file_exists(rig)) cases.push_back({rig_arguments.c_str(), "giraffe.glb"});
    // Several materials (a texture on its second TEXCOORD set, MASK, BLEND, double-sided).
    GltfWriter panels = material_panels().writer;
    panels.json["animations"] = nlohmann::json::array(
        {one_channel_animation(panels, "slide", {0.0f, 0.5f}, {0, -1.5f, 0, 1, -1.5f, 0}, 1, "translation", "LINEAR")});
    const std::string panels_arguments = panels.write_glb(folder, "panels-source") + " --clip 0 --fps 10";
    cases.push_back({panels_arguments.c_str(), "panels.glb"});
    // Morph targets in the source: a morph-only rig, and the shared MorphStressTest.
    const std::string quad_arguments = morph_only_quad().writer.write_glb(folder, "quad") + " --clip cubic --fps 24";
    cases.push_back({quad_arguments.c_str(), "quad-baked.glb"});
    const std::string stress = std::string(DYNSKIN_SHARED_RIGS) + "/wild/MorphStressTest.gltf";
    const std::string stress_arguments = stress + " --clip TheWave --fps 24";
    if (file_exists(stress)) cases.push_back({stress_arguments.c_str(), "morph-stress.glb"});
    for (const Case& c : cases) {
        const std::string out = folder + "/" + c.file;
        const CommandRun bake = cli(std::string("bake ") + c.arguments + " -o " + out);
        ASSERT_EQ(bake.status, 0) << bake.err;
        const CommandRun check = run_khronos_validator(out);
        ASSERT_NE(check.status, 3) << check.err;
        EXPECT_EQ(check.status, 0) << c.file << ": " << check.out << check.err;
        const nlohmann::json issues = nlohmann::json::parse(check.out);
        EXPECT_EQ(issues["numErrors"], 0) << c.file << ": " << check.out;
        EXPECT_EQ(issues["numWarnings"], 0) << c.file << ": " << check.out;
    }
}

}  // namespace
}  // namespace dynskin::test
