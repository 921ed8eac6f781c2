// The settings in glTF files as the DYNSKIN_dynamic_skinning extension: every bundled
// character keeps its settings through a save, the JSON is what the spec says (root
// parameters, only non-default joints on their nodes, used but never required), old files
// with asset.extras.dynskin still open, and bad content is named in a warning.

#include <fstream>

#include "dynskin/gltf_saver.h"
#include "dynskin/settings_schema.h"
#include "io/gltf/glb_container.h"
#include "io/gltf/gltf_document.h"
#include "io/settings/gltf_settings_extension.h"
#include "io/settings/settings_json.h"
#include "io/writing/gltf_character_writer.h"
#include "io_test_support.h"

namespace dynskin::test {
namespace {

using nlohmann::json;

constexpr const char* extension = "DYNSKIN_dynamic_skinning";

// Every parameter of the table away from its default, and three joints of their own.
DynamicSettings busy_settings(int joint_count) {
    DynamicSettings settings;
    for (const ParameterSpec& spec : parameter_table()) {
        if (spec.is_choice())
            spec.set(settings.parameters, static_cast<double>(spec.choices.size() - 1) == spec.default_value ? 0 : spec.choices.size() - 1);
        else
            spec.set(settings.parameters, spec.slider_min + 0.37 * (spec.slider_max - spec.slider_min));
    }
    settings.joints.resize(static_cast<std::size_t>(joint_count));
    settings.joints[0].origin_offset = glm::vec3(0.25f, 0.0f, -0.5f);
    JointSettings& last = settings.joints.back();
    last.gain = 0.5f;
    last.override_oscillation = true;
    last.oscillation.frequency = 4.5f;
    last.squash.translation = false;
    if (joint_count > 2) settings.joints[1].centroid_offset = glm::vec3(0.0f, 1.0f, 0.0f);
    return settings;
}

int non_default_joints(const DynamicSettings& settings) {
    int count = 0;
    for (const JointSettings& joint : settings.joints) count += joint == JointSettings{} ? 0 : 1;
    return count;
}

json document_json(const std::string& path) {
    return json::parse(io::split_glb(io::read_file_bytes(path)).json);
}

void write_json_into_glb(const std::string& path, const json& root) {
    io::GlbChunks chunks = io::split_glb(io::read_file_bytes(path));
    write_bytes(path, io::join_glb(root.dump(), chunks.bin));
}

bool lists(const json& root, const char* list) {
    if (!root.contains(list)) return false;
    for (const json& name : root[list])
        if (name == extension) return true;
    return false;
}

TEST(SettingsExtension, EveryBundledCharacterKeepsItsSettingsThroughASave) {
    const std::string folder = make_temp_folder();
    for (const char* name : {"bar", "clown", "cow", "dragon", "giraffe", "octopus", "snail", "train"}) {
        SCOPED_TRACE(name);
        const std::string source = std::string(DYNSKIN_ASSETS) + "/" + name + ".glb";
        const io::LoadedCharacter original = io::load_gltf(source);
        const int joints = original.character.skeleton.joint_count();
        const DynamicSettings settings = busy_settings(joints);
        const std::string saved = folder + "/" + name + ".glb";
        io::save_character_work(source, saved, original.character.mesh.bend_weights, settings);

        const io::LoadedCharacter reopened = io::load_gltf(saved);
        EXPECT_EQ(reopened.warnings, original.warnings);
        ASSERT_TRUE(reopened.settings.has_value());
        EXPECT_TRUE(*reopened.settings == settings);

        const json root = document_json(saved);
        EXPECT_TRUE(lists(root, "extensionsUsed"));
        EXPECT_FALSE(lists(root, "extensionsRequired"));
        EXPECT_FALSE(root["asset"].contains("extras") && root["asset"]["extras"].contains("dynskin"));
        EXPECT_EQ(root["extensions"][extension]["version"], 1);
        EXPECT_EQ(root["extensions"][extension]["parameters"], io::parameters_to_json(settings.parameters));
        int on_nodes = 0;
        for (const json& node : root["nodes"]) on_nodes += node.contains("extensions") && node["extensions"].contains(extension);
        EXPECT_EQ(on_nodes, non_default_joints(settings));
    }
}

// The rigs from elsewhere: skeletons with nodes above and between the skin's joints, whose
// settings go on those nodes too.
TEST(SettingsExtension, TheSharedRigsKeepTheirSettingsThroughASave) {
    const std::string rigs = DYNSKIN_SHARED_RIGS;
    std::vector<std::string> files;
    for (const char* name : {"cow.glb", "giraffe.glb", "wild/Fox.glb", "wild/BrainStem.glb", "wild/CesiumMan.glb",
                             "wild/RiggedFigure.glb"})
        if (std::ifstream(rigs + "/" + name).good()) files.push_back(rigs + "/" + name);
    if (files.empty()) GTEST_SKIP() << "the shared rigs folder " << rigs << " is absent: only the bundled characters are saved";
    const std::string folder = make_temp_folder();
    for (const std::string& source : files) {
        SCOPED_TRACE(source);
        const io::LoadedCharacter original = io::load_gltf(source);
        const DynamicSettings settings = busy_settings(original.character.skeleton.joint_count());
        io::save_character_work(source, folder + "/saved.glb", original.character.mesh.bend_weights, settings);
        const io::LoadedCharacter reopened = io::load_gltf(folder + "/saved.glb");
        ASSERT_TRUE(reopened.settings.has_value());
        EXPECT_TRUE(*reopened.settings == settings);
    }
}

TEST(SettingsExtension, AJointNodeHoldsOnlyTheValuesThatDifferFromTheDefaults) {
    DynamicSettings settings = busy_settings(2);
    const json root = [&] {
        json r = {{"nodes", json::array({json::object(), json::object(), json{{"name", "mesh"}}})}};
        io::write_settings_extension(r, settings, {0, 1});
        return r;
    }();
    EXPECT_EQ(root["nodes"][0]["extensions"][extension], (json{{"origin_offset", {0.25, 0.0, -0.5}}}));
    const json& last = root["nodes"][1]["extensions"][extension];
    EXPECT_EQ(last["gain"], 0.5);
    EXPECT_EQ(last["override_oscillation"], true);
    EXPECT_EQ(last["oscillation"]["frequency"], 4.5);
    EXPECT_EQ(last["squash"], (json{{"rotation", true}, {"translation", false}}));
    EXPECT_FALSE(last.contains("bend"));
    EXPECT_FALSE(last.contains("centroid_offset"));
    EXPECT_FALSE(root["nodes"][2].contains("extensions"));
    // And back: the missing values are the defaults.
    EXPECT_TRUE(*io::read_settings_extension(root, {0, 1}) == settings);
}

TEST(SettingsExtension, TheCharacterWriterWritesTheExtension) {
    const Character character = load(arm_rig()).character;
    DynamicSettings settings = busy_settings(character.skeleton.joint_count());
    const std::vector<std::uint8_t> glb = io::write_character_glb(character, settings);
    const json root = json::parse(io::split_glb(glb).json);
    EXPECT_TRUE(lists(root, "extensionsUsed"));
    EXPECT_FALSE(root["asset"].contains("extras"));
    const io::LoadedCharacter reopened = io::load_gltf_from_memory(glb);
    ASSERT_TRUE(reopened.settings.has_value());
    EXPECT_TRUE(*reopened.settings == settings);
}

TEST(SettingsExtension, OldFilesWithAssetExtrasStillOpenAndTheExtensionWinsOverThem) {
    const std::string folder = make_temp_folder();
    const std::string source = arm_rig().write_glb(folder, "arm");
    const std::string saved = folder + "/saved.glb";
    const DynamicSettings settings = busy_settings(2);
    io::save_character_work(source, saved, std::vector<float>(6, 1.0f), settings);

    // The old format: the whole settings JSON under asset.extras.dynskin, no extension.
    json old_root = document_json(saved);
    old_root.erase("extensions");
    old_root.erase("extensionsUsed");
    for (json& node : old_root["nodes"]) node.erase("extensions");
    old_root["asset"]["extras"]["dynskin"] = io::settings_to_json(settings);
    write_json_into_glb(saved, old_root);
    io::LoadedCharacter loaded = io::load_gltf(saved);
    EXPECT_TRUE(loaded.warnings.empty());
    ASSERT_TRUE(loaded.settings.has_value());
    EXPECT_TRUE(*loaded.settings == settings);

    // Both: the extension's parameters are taken; with no joint node of its own, the old
    // joints' settings are kept (an old file given new parameters by dynskin-cli embed).
    json both = old_root;
    both["extensions"][extension] = {{"version", 1}, {"parameters", {{"oscillation", {{"frequency", 1.5}}}}}};
    write_json_into_glb(saved, both);
    loaded = io::load_gltf(saved);
    ASSERT_TRUE(loaded.settings.has_value());
    EXPECT_EQ(loaded.settings->parameters.oscillation.frequency, 1.5f);
    EXPECT_EQ(loaded.settings->parameters.oscillation.damping, DynamicParameters{}.oscillation.damping);
    EXPECT_EQ(loaded.settings->parameters.max_offset, 0.0f);  // not said: off, as in every settings JSON
    EXPECT_EQ(loaded.settings->joints, settings.joints);
    // A joint node's settings replace the old ones all together.
    both["nodes"][0]["extensions"][extension] = {{"gain", 2.0}};
    write_json_into_glb(saved, both);
    loaded = io::load_gltf(saved);
    ASSERT_TRUE(loaded.settings.has_value());
    EXPECT_EQ(loaded.settings->joints[0].gain, 2.0f);
    EXPECT_TRUE(loaded.settings->joints[1] == JointSettings{});

    // Saving over an old file moves its settings into the extension.
    write_json_into_glb(saved, old_root);
    io::save_character_work(saved, saved, std::vector<float>(6, 1.0f), settings);
    const json resaved = document_json(saved);
    EXPECT_FALSE(resaved["asset"].contains("extras"));
    EXPECT_TRUE(lists(resaved, "extensionsUsed"));
    EXPECT_TRUE(*io::load_gltf(saved).settings == settings);
}

TEST(SettingsExtension, WithoutTheExtensionThereAreNoSettingsAndAnEmptyOneMeansTheDefaults) {
    EXPECT_FALSE(load(arm_rig()).settings.has_value());
    GltfWriter writer = arm_rig();
    writer.json["extensions"][extension] = json::object();
    writer.json["extensionsUsed"] = {extension};
    const io::LoadedCharacter loaded = load(writer);
    EXPECT_TRUE(loaded.warnings.empty());
    ASSERT_TRUE(loaded.settings.has_value());
    // Every value at its default, but the offset limit: settings that do not say it predate it.
    DynamicParameters expected;
    expected.max_offset = 0.0f;
    EXPECT_TRUE(loaded.settings->parameters == expected);
    EXPECT_EQ(loaded.settings->joints.size(), 2u);

    // A joint node's settings alone: the same parameters, that joint's own settings.
    GltfWriter joint_only = arm_rig();
    joint_only.json["nodes"][1]["extensions"][extension] = {{"gain", 0.5}};
    const io::LoadedCharacter joint_loaded = load(joint_only);
    ASSERT_TRUE(joint_loaded.settings.has_value());
    EXPECT_TRUE(joint_loaded.settings->parameters == expected);
    EXPECT_EQ(joint_loaded.settings->joints[1].gain, 0.5f);
    EXPECT_TRUE(joint_loaded.settings->joints[0] == JointSettings{});
}

TEST(SettingsExtension, BadContentIsNamedInAWarningAndTheDefaultsAreUsed) {
    struct Case {
        json root_extension;
        json node_extension;
        const char* message;
    };
    const std::vector<Case> cases = {
        {{{"parameters", {{"oscillation", {{"frequency", "fast"}}}}}}, nullptr,
         "extensions.DYNSKIN_dynamic_skinning.parameters.oscillation.frequency must be a number"},
        {{{"parameters", {{"mode", "wobbly"}}}}, nullptr, "extensions.DYNSKIN_dynamic_skinning.parameters.mode must be one of"},
        {{{"version", 2}}, nullptr, "extensions.DYNSKIN_dynamic_skinning.version is not 1"},
        {json::array(), nullptr, "extensions.DYNSKIN_dynamic_skinning must be a JSON object"},
        {{{"parameters", {{"oscillation", {{"damping", -1.0}}}}}}, nullptr, "parameters.oscillation.damping must not be negative"},
        {nullptr, {{"gain", "loud"}}, "nodes[1].extensions.DYNSKIN_dynamic_skinning.gain must be a number"},
        {nullptr, {{"origin_offset", {1, 2}}}, "nodes[1].extensions.DYNSKIN_dynamic_skinning.origin_offset must be an array of 3 numbers"},
        {nullptr, {{"bend", {{"rotation", 1}}}}, "nodes[1].extensions.DYNSKIN_dynamic_skinning.bend.rotation must be true or false"},
    };
    for (const Case& c : cases) {
        GltfWriter writer = arm_rig();
        if (!c.root_extension.is_null()) writer.json["extensions"][extension] = c.root_extension;
        if (!c.node_extension.is_null()) writer.json["nodes"][1]["extensions"][extension] = c.node_extension;
        const io::LoadedCharacter loaded = load(writer);
        EXPECT_FALSE(loaded.settings.has_value()) << c.message;
        EXPECT_TRUE(has_warning(loaded, c.message)) << c.message << "\n got: "
                                                    << (loaded.warnings.empty() ? "" : loaded.warnings[0]);
        EXPECT_EQ(loaded.character.skeleton.joint_count(), 2);  // the file itself still shows
    }
}

}  // namespace
}  // namespace dynskin::test
