// The extension's documentation cannot drift from the settings table: every row of
// parameter_table() and every joint setting is in the spec's README tables (with its unit and
// default) and in its JSON Schema (with its default, choices and sign).

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "dynskin/settings_schema.h"
#include "io/settings/settings_json.h"

namespace dynskin::test {
namespace {

using nlohmann::json;

const std::string spec_folder = std::string(DYNSKIN_SOURCE_DIR) + "/docs/extensions/DYNSKIN_dynamic_skinning";

std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    EXPECT_TRUE(in.good()) << "cannot open " << path;
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

json read_schema(const std::string& name) { return json::parse(read_text(spec_folder + "/schema/" + name)); }

// The README's table row for a property, after the heading `section`: its cells, without the
// outer bars; empty if none.
std::vector<std::string> table_row(const std::string& readme, const std::string& section, const std::string& key) {
    const std::size_t from = readme.find(section);
    if (from == std::string::npos) return {};
    const std::string start = "| `" + key + "` |";
    const std::size_t at = readme.find("\n" + start, from);
    if (at == std::string::npos) return {};
    const std::string line = readme.substr(at + 1, readme.find('\n', at + 1) - at - 1);
    std::vector<std::string> cells;
    std::stringstream stream(line.substr(1));
    for (std::string cell; std::getline(stream, cell, '|');) {
        const std::size_t first = cell.find_first_not_of(' '), last = cell.find_last_not_of(' ');
        cells.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
    }
    return cells;
}

// The value a missing key stands for, as the schema's "default" says it (and the README's).
json absent_value(const ParameterSpec& spec) {
    if (spec.is_choice()) return spec.choices[static_cast<std::size_t>(spec.default_value)].name;
    const double value = spec.missing_means_off ? spec.off_value() : spec.default_value;
    return std::isfinite(value) ? json(value) : json(nullptr);
}

std::string as_text(const json& value) {
    if (value.is_string()) return "`\"" + value.get<std::string>() + "\"`";
    if (value.is_null()) return "`null`";
    char text[32];
    std::snprintf(text, sizeof text, "`%g`", value.get<double>());
    return text;
}

std::string unit_in_schema(const std::string& unit) {
    if (unit.empty()) return "Unitless";
    if (unit == "sizes") return "Unit: character sizes";
    if (unit == "sizes/s") return "Unit: character sizes per second";
    return "Unit: " + unit;
}

// The schema of a parameters key ("oscillation.frequency"), following the $ref one level down.
json parameter_schema(const std::string& json_key) {
    json schema = read_schema("parameters.schema.json");
    std::string key = json_key;
    for (std::size_t dot; (dot = key.find('.')) != std::string::npos;) {
        const json level = schema["properties"][key.substr(0, dot)];
        schema = level.contains("$ref") ? read_schema(level["$ref"].get<std::string>()) : level;
        key.erase(0, dot + 1);
    }
    return schema["properties"].value(key, json());
}

TEST(ExtensionDocs, EveryParameterIsInTheReadmeWithItsUnitAndDefault) {
    const std::string readme = read_text(spec_folder + "/README.md");
    for (const ParameterSpec& spec : parameter_table()) {
        SCOPED_TRACE(spec.json_key);
        const std::vector<std::string> cells = table_row(readme, "### Global parameters", spec.json_key);
        ASSERT_EQ(cells.size(), 6u) << "no row | `" << spec.json_key << "` | ... in the README's parameters table";
        EXPECT_EQ(cells[2], *spec.unit ? spec.unit : "—");
        EXPECT_EQ(cells[3].rfind(as_text(absent_value(spec)), 0), 0u) << cells[3];
        for (const ParameterChoice& choice : spec.choices)
            EXPECT_NE(cells[1].find(std::string("`\"") + choice.name + "\"`"), std::string::npos) << choice.name;
        const bool says_sign = cells[1].find("≥ 0") != std::string::npos || cells[1].find("> 0") != std::string::npos;
        EXPECT_EQ(says_sign, spec.non_negative) << cells[1];  // a sign the reader checks, and only that
    }
}

TEST(ExtensionDocs, EveryParameterIsInTheSchemaWithItsDefaultChoicesAndSign) {
    for (const ParameterSpec& spec : parameter_table()) {
        SCOPED_TRACE(spec.json_key);
        const json schema = parameter_schema(spec.json_key);
        ASSERT_TRUE(schema.is_object()) << "parameters.schema.json has no " << spec.json_key;
        const json absent = absent_value(spec);
        if (absent.is_number()) {
            EXPECT_NEAR(schema["default"].get<double>(), absent.get<double>(), 1e-6);
        } else {
            EXPECT_EQ(schema["default"], absent);
        }
        if (spec.is_choice()) {
            json names = json::array();
            for (const ParameterChoice& choice : spec.choices) names.push_back(choice.name);
            EXPECT_EQ(schema["enum"], names);
        } else {
            EXPECT_NE(schema["description"].get<std::string>().find(unit_in_schema(spec.unit)), std::string::npos)
                << schema["description"];
            const json type = spec.off == ParameterOff::Never ? json("number") : json::array({"number", "null"});
            EXPECT_EQ(schema["type"], type);
        }
        const bool has_minimum = schema.contains("minimum") || schema.contains("exclusiveMinimum");
        EXPECT_EQ(has_minimum, spec.non_negative);
    }
}

TEST(ExtensionDocs, EveryJointSettingIsInTheReadmeAndTheSchema) {
    const std::string readme = read_text(spec_folder + "/README.md");
    const json schema = read_schema("node.DYNSKIN_dynamic_skinning.schema.json");
    const json defaults = io::joint_settings_to_json(JointSettings{});
    for (const auto& [key, value] : defaults.items()) {
        SCOPED_TRACE(key);
        EXPECT_EQ(table_row(readme, "### Joint nodes", key).size(), 5u) << "no row | `" << key << "` | ... in the README's joint table";
        ASSERT_TRUE(schema["properties"].contains(key));
        const json& property = schema["properties"][key];
        if (property.contains("default")) {
            EXPECT_EQ(property["default"], value);
        } else {
            EXPECT_TRUE(property.contains("$ref"));
        }
    }
}

}  // namespace
}  // namespace dynskin::test
