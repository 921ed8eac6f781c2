// dynskin-cli embed from outside: the settings go into a copy of any glTF and nothing else
// changes (every other JSON value, the binary chunk byte for byte); the copy reads back with
// them; bad input is a one-line error with status 2. And the Khronos glTF-Validator finds no
// error in files carrying the extension (saved by dynskin, or embedded).

#include <algorithm>

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "bake_test_support.h"
#include "cli_test_support.h"
#include "dynskin/gltf_loader.h"
#include "dynskin/gltf_saver.h"
#include "dynskin/settings_json.h"
#include "io/gltf/glb_container.h"

namespace dynskin::test {
namespace {

using nlohmann::json;

constexpr const char* extension = "DYNSKIN_dynamic_skinning";

// The bytes after the JSON chunk (the BIN chunk and anything after it).
std::vector<unsigned char> after_json_chunk(const std::vector<unsigned char>& glb) {
    const std::uint32_t json_length = glb[12] | glb[13] << 8 | glb[14] << 16 | static_cast<std::uint32_t>(glb[15]) << 24;
    return {glb.begin() + 20 + json_length, glb.end()};
}

json json_of_glb(const std::string& path) {
    const std::vector<unsigned char> bytes = read_bytes(path);
    return json::parse(io::split_glb(std::vector<std::uint8_t>(bytes.begin(), bytes.end())).json);
}

// The JSON without what embed writes: the root extension and its extensionsUsed entry (the
// bundled characters have them already: embed replaces their parameters).
json without_embedded(json root) {
    root["extensions"].erase(extension);
    if (root["extensions"].empty()) root.erase("extensions");
    auto& used = root["extensionsUsed"];
    used.erase(std::remove(used.begin(), used.end(), json(extension)), used.end());
    if (used.empty()) root.erase("extensionsUsed");
    return root;
}

TEST(CliEmbed, PutsTheSettingsIntoACopyOfABundledGlbAndChangesNothingElse) {
    const std::string folder = make_temp_folder();
    for (const char* name : {"bar", "cow", "octopus"}) {
        SCOPED_TRACE(name);
        const std::string source = std::string(DYNSKIN_ASSETS) + "/" + name + ".glb";
        const std::string out = folder + "/" + name + ".glb";
        const CommandRun run = cli("embed " + source + " -o " + out + " --mode drag --f 3.5 --c 2 --max-angle 1.25");
        ASSERT_EQ(run.status, 0) << run.err;
        EXPECT_EQ(without_embedded(json_of_glb(out)), without_embedded(json_of_glb(source)));
        EXPECT_EQ(after_json_chunk(read_bytes(out)), after_json_chunk(read_bytes(source)));
        const json root = json_of_glb(out);
        EXPECT_EQ(root["extensionsUsed"], json::array({extension}));
        EXPECT_FALSE(root.contains("extensionsRequired"));

        const io::LoadedCharacter loaded = io::load_gltf(out);
        ASSERT_TRUE(loaded.settings.has_value());
        // The file's own settings (its preset), then the options given.
        DynamicParameters expected = io::load_gltf(source).settings.value_or(DynamicSettings{}).parameters;
        expected.mode = DeformerMode::DragOnly;
        expected.oscillation.frequency = 3.5f;
        expected.propagation_speed = 2.0f;
        expected.max_angle = 1.25f;
        EXPECT_TRUE(loaded.settings->parameters == expected);
    }
}

TEST(CliEmbed, AGltfWithAnExternalBufferStaysAGltfAndKeepsItsOtherExtensions) {
    const std::string folder = make_temp_folder();
    GltfWriter writer = arm_rig();
    writer.json["extensionsUsed"] = {"KHR_materials_emissive_strength"};
    writer.json["asset"]["extras"] = {{"author", "someone"}};
    const std::string source = writer.write_gltf_with_bin(folder, "arm");
    const std::string out = folder + "/arm-embedded.gltf";
    io::save_preset(folder + "/soft.json", [] {
        DynamicParameters p;
        p.oscillation.damping = 0.9f;
        p.squash = 0.4f;
        return p;
    }());
    const CommandRun run = cli("embed " + source + " -o " + out + " --preset " + folder + "/soft.json --A 0.5");
    ASSERT_EQ(run.status, 0) << run.err;
    const std::vector<unsigned char> source_bytes = read_bytes(source);
    const json original = json::parse(std::string(source_bytes.begin(), source_bytes.end()));
    const std::vector<unsigned char> written = read_bytes(out);
    const json copy = json::parse(std::string(written.begin(), written.end()));
    EXPECT_EQ(copy["extensionsUsed"], json::array({"KHR_materials_emissive_strength", extension}));
    EXPECT_EQ(without_embedded(copy), original);
    const io::LoadedCharacter loaded = io::load_gltf(out);  // finds arm.bin next to it
    ASSERT_TRUE(loaded.settings.has_value());
    EXPECT_EQ(loaded.settings->parameters.oscillation.damping, 0.9f);
    EXPECT_EQ(loaded.settings->parameters.oscillation.amplitude, 0.5f);
    EXPECT_EQ(loaded.settings->parameters.squash, 0.4f);
}

TEST(CliEmbed, StartsFromTheFilesOwnSettingsAndKeepsItsJointsSettings) {
    const std::string folder = make_temp_folder();
    const std::string source = arm_rig().write_glb(folder, "arm");
    DynamicSettings settings;
    settings.parameters.oscillation.frequency = 5.0f;
    settings.joints.resize(2);
    settings.joints[1].gain = 0.25f;
    io::save_character_work(source, folder + "/saved.glb", std::vector<float>(6, 1.0f), settings);
    const CommandRun run = cli("embed " + folder + "/saved.glb -o " + folder + "/again.glb --tau 0.2");
    ASSERT_EQ(run.status, 0) << run.err;
    const io::LoadedCharacter loaded = io::load_gltf(folder + "/again.glb");
    ASSERT_TRUE(loaded.settings.has_value());
    settings.parameters.oscillation.damping = 0.2f;
    EXPECT_TRUE(*loaded.settings == settings);
    EXPECT_EQ(json_of_glb(folder + "/again.glb")["extensionsUsed"], json::array({extension}));  // listed once
}

TEST(CliEmbed, BadInputIsAOneLineError) {
    const std::string folder = make_temp_folder();
    const std::string glb = arm_rig().write_glb(folder, "arm");
    write_bytes(folder + "/notes.gltf", {'h', 'e', 'l', 'l', 'o'});
    write_bytes(folder + "/other.gltf", {'{', '"', 'a', '"', ':', '1', '}'});
    const std::vector<unsigned char> whole = read_bytes(glb);
    std::vector<std::uint8_t> cut(whole.begin(), whole.end());
    cut.resize(cut.size() / 2);
    write_bytes(folder + "/cut.glb", cut);
    GltfWriter bad_settings = arm_rig();
    bad_settings.json["extensions"][extension] = {{"parameters", {{"mode", "wobbly"}}}};
    const std::string bad = bad_settings.write_glb(folder, "bad");

    expect_one_line_error(cli("embed " + folder + "/missing.glb -o " + folder + "/o.glb"), "missing.glb");
    expect_one_line_error(cli("embed " + folder + "/notes.gltf -o " + folder + "/o.gltf"), "does not parse");
    expect_one_line_error(cli("embed " + folder + "/other.gltf -o " + folder + "/o.gltf"), "no asset.version");
    expect_one_line_error(cli("embed " + folder + "/cut.glb -o " + folder + "/o.glb"), "");
    expect_one_line_error(cli("embed " + glb + " -o " + folder + "/o.gltf"), "the output must end in .glb");
    expect_one_line_error(cli("embed " + glb + " -o " + folder + "/o.glb --mode wobbly"), "--mode");
    expect_one_line_error(cli("embed " + glb + " -o " + folder + "/o.glb --f nan"), "--f must be a finite number");
    expect_one_line_error(cli("embed " + glb + " -o " + folder + "/o.glb --preset " + folder + "/none.json"), "none.json");
    expect_one_line_error(cli("embed " + bad + " -o " + folder + "/o.glb"),
                          "extensions.DYNSKIN_dynamic_skinning.parameters.mode must be one of");
    expect_one_line_error(cli("embed " + glb + " -o " + folder + "/no/such/folder/o.glb"), "cannot write");
    EXPECT_FALSE(file_exists(folder + "/o.glb"));
}

// The Khronos glTF-Validator (npm package gltf-validator), when node can load it: files saved
// with the extension (every bundled character, with joint settings) and an embedded copy.
TEST(CliEmbed, KhronosValidatorFindsNoErrorInFilesWithTheExtension) {
    if (const std::string absence = khronos_validator_absence(); !absence.empty())
        GTEST_SKIP() << absence << ": the files are not run through the Khronos glTF-Validator";
    const std::string folder = make_temp_folder();
    std::vector<std::string> files;
    for (const char* name : {"bar", "clown", "cow", "dragon", "giraffe", "octopus", "snail", "train"}) {
        const std::string source = std::string(DYNSKIN_ASSETS) + "/" + name + ".glb";
        const io::LoadedCharacter loaded = io::load_gltf(source);
        DynamicSettings settings;
        settings.parameters.propagation_speed = 3.0f;
        settings.joints.resize(static_cast<std::size_t>(loaded.character.skeleton.joint_count()));
        settings.joints.back().gain = 0.5f;
        settings.joints.back().origin_offset = glm::vec3(0.0f, 0.1f, 0.0f);
        files.push_back(folder + "/" + name + ".glb");
        io::save_character_work(source, files.back(), loaded.character.mesh.bend_weights, settings);
    }
    files.push_back(folder + "/embedded.glb");
    ASSERT_EQ(cli("embed " + std::string(DYNSKIN_ASSETS) + "/giraffe.glb -o " + files.back() + " --f 1.5").status, 0);
    for (const std::string& file : files) {
        const CommandRun check = run_khronos_validator(file);
        ASSERT_NE(check.status, 3) << check.err;
        EXPECT_EQ(check.status, 0) << file << ": " << check.out << check.err;
        const json issues = json::parse(check.out);
        EXPECT_EQ(issues["numErrors"], 0) << file << ": " << check.out;
    }
}

}  // namespace
}  // namespace dynskin::test
