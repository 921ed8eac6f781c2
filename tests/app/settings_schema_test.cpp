// The parameter table walked through every C++ front end: each row's value survives the
// settings JSON, a link and dynskin-cli's options, under the row's own key in each. The
// Python module's walk is in python/tests, the Blender add-on's comparison in blender/tests.

#include "dynskin/settings_schema.h"

#include <cmath>
#include <cstdio>
#include <optional>
#include <set>
#include <string>
#include <tuple>

#include <CLI/CLI.hpp>
#include <gtest/gtest.h>

#include "app/files/settings_link.h"
#include "cli/settings_options.h"
#include "io/settings/settings_json.h"

namespace dynskin {
namespace {

// A value for `spec` that differs from its default: the next choice, or the middle of the
// slider range in quarters (written alike by links and printf).
DynamicParameters changed(const ParameterSpec& spec) {
    DynamicParameters p;
    if (spec.is_choice()) spec.set(p, std::fmod(spec.default_value + 1.0, static_cast<double>(spec.choices.size())));
    else spec.set(p, std::round(2.0 * (spec.slider_min + spec.slider_max)) / 4.0);
    return p;
}

// How the value reads in a link or on a command line: a choice's name, or a number.
std::string text_of(const ParameterSpec& spec, const DynamicParameters& p) {
    if (spec.is_choice()) return spec.choices[static_cast<std::size_t>(spec.get(p))].name;
    char text[32];
    std::snprintf(text, sizeof text, "%.9g", spec.get(p));
    return text;
}

DynamicParameters through_cli(const std::string& arguments) {
    CLI::App app;
    cli::SettingsOptions options;
    options.add_to(app);
    app.parse(arguments, false);
    return options.resolve(DynamicSettings{}, Character{}).parameters;
}

TEST(ParameterTable, RowsAreCompleteAndTheirNamesUnique) {
    std::set<std::string> names, json_keys, link_keys, options;
    for (const ParameterSpec& spec : parameter_table()) {
        SCOPED_TRACE(spec.name);
        EXPECT_TRUE(names.insert(spec.name).second);
        EXPECT_TRUE(json_keys.insert(spec.json_key).second);
        EXPECT_TRUE(link_keys.insert(spec.link_key).second);
        EXPECT_TRUE(options.insert(spec.cli_option).second);
        EXPECT_EQ(std::string(spec.cli_option).rfind("--", 0), 0u);
        EXPECT_NE(*spec.description, '\0');
        EXPECT_EQ(spec.default_value, spec.get(DynamicParameters{}));
        if (spec.is_choice()) {
            std::set<std::string> choices;
            for (const ParameterChoice& c : spec.choices) EXPECT_TRUE(choices.insert(c.name).second) << c.name;
            continue;
        }
        EXPECT_LE(spec.min, spec.slider_min);
        EXPECT_LT(spec.slider_min, spec.slider_max);
        EXPECT_LE(spec.slider_max, spec.max);
        EXPECT_TRUE(spec.is_off(spec.default_value) || (spec.min <= spec.default_value && spec.default_value <= spec.max));
        if (spec.off != ParameterOff::Never) {
            EXPECT_TRUE(spec.is_off(spec.off_value()));
            EXPECT_FALSE(spec.is_off(spec.on_value));
            EXPECT_TRUE(spec.min <= spec.on_value && spec.on_value <= spec.max);
        }
    }
}

// Every field of DynamicParameters has exactly one row: as many rows as fields (fields() ties
// them all; oscillation counts its four), and each row changes its own field alone.
TEST(ParameterTable, EachFieldHasOneRow) {
    constexpr std::size_t fields = std::tuple_size_v<decltype(DynamicParameters{}.fields())> - 1 +
                                   std::tuple_size_v<decltype(OscillationParameters{}.fields())>;
    EXPECT_EQ(parameter_table().size(), fields);
    for (const ParameterSpec& spec : parameter_table()) {
        SCOPED_TRACE(spec.name);
        const DynamicParameters p = changed(spec);
        EXPECT_NE(p, DynamicParameters{});
        for (const ParameterSpec& other : parameter_table()) {
            if (&other == &spec) continue;
            EXPECT_EQ(other.get(p), other.default_value) << other.name;
        }
    }
}

TEST(ParameterTable, EveryRowSurvivesJsonLinksAndTheCommandLine) {
    for (const ParameterSpec& spec : parameter_table()) {
        SCOPED_TRACE(spec.name);
        const DynamicParameters p = changed(spec);
        const std::string text = text_of(spec, p);

        // JSON: under the row's key, and back.
        const nlohmann::json json = nlohmann::json::parse(io::parameters_to_json(p).dump());
        std::string pointer = std::string("/") + spec.json_key;
        for (char& c : pointer) c = c == '.' ? '/' : c;
        const nlohmann::json expected = spec.is_choice() ? nlohmann::json(text) : nlohmann::json(static_cast<float>(spec.get(p)));
        EXPECT_EQ(json.at(nlohmann::json::json_pointer(pointer)), expected);
        EXPECT_EQ(io::parameters_from_json(json), p);

        // A link: the row's key alone, and back.
        const std::string query = app::link_query(p, DynamicParameters{});
        EXPECT_EQ(query, std::string(spec.link_key) + "=" + text);
        DynamicParameters linked;
        EXPECT_TRUE(app::apply_link(query, linked).messages.empty());
        EXPECT_EQ(linked, p);
        EXPECT_EQ(app::link_value(p, spec.link_key), spec.get(p));

        // The command line: the row's option.
        EXPECT_EQ(through_cli(std::string(spec.cli_option) + " " + text), p);
    }
}

TEST(ParameterTable, OffReadsBackAsOffEverywhere) {
    for (const ParameterSpec& spec : parameter_table()) {
        if (spec.off == ParameterOff::Never) continue;
        SCOPED_TRACE(spec.name);
        DynamicParameters on;
        spec.set(on, spec.on_value);
        DynamicParameters off;
        spec.set(off, spec.off_value());
        EXPECT_TRUE(spec.is_off(spec.get(io::parameters_from_json(io::parameters_to_json(off)))));
        DynamicParameters linked = on;
        app::apply_link(app::link_query(off, on), linked);
        EXPECT_TRUE(spec.is_off(spec.get(linked)));
        const std::string zero = std::string(spec.cli_option) + " 0";
        if (spec.off == ParameterOff::AtZero) {
            EXPECT_TRUE(spec.is_off(spec.get(through_cli(zero))));
        } else {
            EXPECT_THROW(through_cli(zero), std::runtime_error);  // a speed of 0 stops everything
        }
    }
}

}  // namespace
}  // namespace dynskin
