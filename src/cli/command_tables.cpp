// dynskin-cli tables: the settings tables and the per-vertex stage's uniform table as JSON,
// what the front ends that are not C++ are generated from (scripts/tables/generate.py: the
// glTF extension's schemas and README tables, dynskin-three's types, the examples' sliders).

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "dynskin/settings_schema.h"
#include "dynskin/shader_layout.h"

namespace dynskin::cli {
namespace {

using Json = nlohmann::ordered_json;

// A float as typed (0.15, not 0.15000000596046448); infinity as null, as settings files say it.
Json number(double value) {
    if (!std::isfinite(value)) return nullptr;
    char text[32];
    for (int digits = 1; digits <= 9; ++digits) {
        std::snprintf(text, sizeof text, "%.*g", digits, value);
        if (static_cast<float>(std::strtod(text, nullptr)) == static_cast<float>(value)) break;
    }
    return std::strtod(text, nullptr);
}

Json text_or_null(const char* text) { return text ? Json(text) : Json(nullptr); }

Json parameter_rows() {
    Json rows = Json::array();
    for (const ParameterSpec& spec : parameter_table()) {
        Json row = {{"name", spec.name},       {"json_key", spec.json_key},
                    {"link_key", spec.link_key}, {"old_link_key", text_or_null(spec.old_link_key)},
                    {"cli_option", spec.cli_option}, {"unit", spec.unit},
                    {"description", spec.description}};
        if (spec.is_choice()) {
            Json choices = Json::array();
            for (const ParameterChoice& c : spec.choices)
                choices.push_back({{"name", c.name},
                                   {"label", c.label},
                                   {"description", c.description},
                                   {"old_name", text_or_null(c.old_name)}});
            row["choices"] = choices;
            row["default"] = spec.choices[static_cast<std::size_t>(spec.default_value)].name;
        } else {
            row["min"] = number(spec.min);
            row["max"] = number(spec.max);
            row["slider_min"] = number(spec.slider_min);
            row["slider_max"] = number(spec.slider_max);
            row["logarithmic_slider"] = spec.logarithmic_slider;
            row["non_negative"] = spec.non_negative;
            row["off"] = name_of(spec.off);
            row["on_value"] = number(spec.on_value);
            row["missing_means_off"] = spec.missing_means_off;
            row["default"] = number(spec.default_value);
        }
        row["per_joint"] = spec.oscillation != nullptr;
        rows.push_back(row);
    }
    return rows;
}

Json joint_setting_rows() {
    Json rows = Json::array();
    for (const JointSettingSpec& spec : joint_setting_table()) {
        Json row = {{"name", spec.name}, {"kind", name_of(spec.kind)}, {"unit", spec.unit}, {"description", spec.description}};
        if (spec.kind == JointSettingKind::Number) {
            row["min"] = number(spec.min);
            row["max"] = number(spec.max);
            row["slider_min"] = number(spec.slider_min);
            row["slider_max"] = number(spec.slider_max);
            row["default"] = number(spec.default_value);
        } else if (spec.kind == JointSettingKind::Flag) {
            row["default"] = spec.default_value != 0.0;
        }
        rows.push_back(row);
    }
    return rows;
}

Json uniform_rows() {
    Json rows = Json::array();
    for (const SkinningUniform& u : skinning_uniform_table())
        rows.push_back({{"name", u.name}, {"type", glsl_type(u.type)}, {"switches_blocks", u.switches_blocks}});
    return rows;
}

}  // namespace

void add_tables_command(CLI::App& app) {
    CLI::App* tables = app.add_subcommand(
        "tables", "Print the settings tables (parameters, joint settings) and the shader's uniform table as JSON");
    tables->callback([] {
        const Json out = {{"parameters", parameter_rows()}, {"joint_settings", joint_setting_rows()}, {"uniforms", uniform_rows()}};
        std::cout << out.dump(2) << "\n";
    });
}

}  // namespace dynskin::cli
