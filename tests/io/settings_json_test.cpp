// Settings and presets as JSON.

#include <fstream>

#include "gltf_writer.h"
#include "dynskin/settings_schema.h"
#include "io/settings/settings_json.h"
#include <gtest/gtest.h>

namespace dynskin::test {
namespace {

void write_text(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

TEST(SettingsJson, ParametersRoundTripIncludingInfinity) {
    DynamicParameters p;
    p.mode = DeformerMode::LbsOnly;
    p.base = SkinningBase::DualQuaternion;
    p.oscillation = {1.5f, 0.25f, 0.3f, 0.05f};
    p.translation_gain = 0.5f;
    p.propagation_speed = std::numeric_limits<float>::infinity();
    p.max_angle = 0.7f;
    const DynamicParameters back = io::parameters_from_json(nlohmann::json::parse(io::parameters_to_json(p).dump()));
    EXPECT_EQ(back.mode, p.mode);
    EXPECT_EQ(back.base, p.base);
    EXPECT_EQ(back.oscillation, p.oscillation);
    EXPECT_EQ(back.translation_gain, p.translation_gain);
    EXPECT_EQ(back.propagation_speed, p.propagation_speed);
    EXPECT_EQ(back.max_angle, p.max_angle);
}

TEST(SettingsJson, WritesTheOneNameOfAChoiceAndReadsTheNamesFilesOnceHad) {
    DynamicParameters p;
    p.mode = DeformerMode::LbsOnly;
    p.base = SkinningBase::DualQuaternion;
    const nlohmann::json written = io::parameters_to_json(p);
    EXPECT_EQ(written.at("mode"), "lbs");
    EXPECT_EQ(written.at("base"), "dq");
    const std::pair<const char*, DeformerMode> old_modes[] = {
        {"lbs_only", DeformerMode::LbsOnly}, {"drag_only", DeformerMode::DragOnly},
        {"dynamic_skinning", DeformerMode::DynamicSkinning}};
    for (const auto& [name, mode] : old_modes) EXPECT_EQ(io::parameters_from_json({{"mode", name}}).mode, mode) << name;
    EXPECT_EQ(io::parameters_from_json({{"base", "dual_quaternion"}}).base, SkinningBase::DualQuaternion);
}

TEST(SettingsJson, MissingKeysKeepDefaults) {
    const DynamicSettings s = io::settings_from_json(nlohmann::json::parse(R"({"joints": [{"gain": 0.5}, {}]})"));
    ASSERT_EQ(s.joints.size(), 2u);
    EXPECT_EQ(s.joints[0].gain, 0.5f);
    EXPECT_EQ(s.joints[1].gain, 1.0f);
    EXPECT_EQ(s.parameters.oscillation, OscillationParameters{});
}

TEST(SettingsJson, BadValuesGiveAClearError) {
    const auto error_of = [](const std::string& text) -> std::string {
        try {
            io::settings_from_json(nlohmann::json::parse(text));
        } catch (const io::SettingsError& e) {
            return e.what();
        }
        return "no error";
    };
    EXPECT_EQ(error_of(R"({"parameters": {"oscillation": {"frequency": "fast"}}})"),
              "parameters.oscillation.frequency must be a number");
    EXPECT_EQ(error_of(R"({"parameters": {"oscillation": {"damping": -1}}})"),
              "parameters.oscillation.damping must not be negative");
    EXPECT_NE(error_of(R"({"parameters": {"mode": "wobbly"}})").find("must be one of lbs, drag, dynamic"), std::string::npos);
    EXPECT_EQ(error_of(R"({"joints": [{"origin_offset": [1, 2]}]})"), "joints[0].origin_offset must be an array of 3 numbers");
    EXPECT_EQ(error_of(R"([1])"), "settings must be a JSON object");
    EXPECT_EQ(error_of(R"({"version": 9})"), "settings.version is not 1; these settings come from a newer dynskin");
}

TEST(SettingsJson, ValuesOutsideTheTablesRangeAreClampedIntoIt) {
    // The same range as links, the command line, Python, Blender and the kernel.
    const DynamicSettings s = io::settings_from_json(nlohmann::json::parse(R"({
        "parameters": {"oscillation": {"frequency": 500, "amplitude": 1e30, "drag": -1e30}, "squash": 99},
        "joints": [{"gain": 1e30, "override_oscillation": true, "oscillation": {"amplitude": -50}}]})"));
    EXPECT_FLOAT_EQ(s.parameters.oscillation.frequency, 30.0f);
    EXPECT_FLOAT_EQ(s.parameters.oscillation.amplitude, 10.0f);
    EXPECT_FLOAT_EQ(s.parameters.oscillation.drag, -10.0f);
    EXPECT_FLOAT_EQ(s.parameters.squash, 10.0f);
    ASSERT_EQ(s.joints.size(), 1u);
    EXPECT_FLOAT_EQ(s.joints[0].gain, 10.0f);
    EXPECT_FLOAT_EQ(s.joints[0].oscillation.amplitude, -10.0f);
}

TEST(SettingsJson, EveryJointSettingRoundTrips) {
    JointSettings joint;
    joint.gain = 0.25f;
    joint.override_oscillation = true;
    joint.oscillation = {3.5f, 0.2f, -0.3f, 0.07f};
    joint.origin_offset = {0.1f, -0.2f, 0.3f};
    joint.bend = {false, true};
    joint.squash = {true, false};
    joint.centroid_offset = {-1.0f, 0.5f, 2.0f};
    const nlohmann::json written = io::joint_settings_to_json(joint);
    EXPECT_EQ(written.size(), joint_setting_table().size()) << written.dump();
    EXPECT_EQ(io::joint_settings_from_json(nlohmann::json::parse(written.dump()), "joint"), joint);
}

TEST(Presets, SaveAndLoadAPreset) {
    const std::string folder = make_temp_folder();
    DynamicParameters p;
    p.oscillation.frequency = 7.0f;
    io::save_preset(folder + "/bouncy.json", p);
    EXPECT_EQ(io::load_preset(folder + "/bouncy.json").oscillation.frequency, 7.0f);
}

TEST(Presets, BadPresetFilesGiveOneLineErrors) {
    const std::string folder = make_temp_folder();
    write_text(folder + "/broken.json", "{\"parameters\": {");
    write_text(folder + "/empty.json", "{}");
    write_text(folder + "/typed.json", R"({"parameters": {"translation_gain": [1]}})");
    for (const std::string name : {"broken.json", "empty.json", "typed.json", "missing.json"}) {
        try {
            io::load_preset(folder + "/" + name);
            ADD_FAILURE() << name << " loaded";
        } catch (const io::SettingsError& e) {
            const std::string message = e.what();
            EXPECT_EQ(message.find('\n'), std::string::npos) << message;
            EXPECT_NE(message.find(name), std::string::npos) << message;
        }
    }
}

}  // namespace
}  // namespace dynskin::test
