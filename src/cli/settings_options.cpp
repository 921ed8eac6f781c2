#include "cli/settings_options.h"

#include <cmath>
#include <stdexcept>

#include <CLI/CLI.hpp>

#include "dynskin/rig_defaults.h"
#include "dynskin/settings_schema.h"
#include "io/settings/settings_json.h"

namespace dynskin::cli {
namespace {

// "f: the wobble's frequency (Hz)": the description and the unit.
std::string help_of(const ParameterSpec& spec) {
    std::string help = spec.description;
    if (*spec.unit) help += std::string(" (") + spec.unit + ")";
    if (spec.off == ParameterOff::AtZero) help += "; 0: off";
    return help;
}

std::vector<std::string> choice_names(const ParameterSpec& spec) {
    std::vector<std::string> names;
    for (const ParameterChoice& choice : spec.choices) names.push_back(choice.name);
    return names;
}

// A value the engine can use, by the table's one check: said, not clamped, to the person who
// typed it.
float checked(const ParameterSpec& spec, float value) {
    const std::string problem = spec.problem(value);
    if (!problem.empty()) throw std::runtime_error(std::string(spec.cli_option) + " " + problem);
    return value;
}

}  // namespace

void SettingsOptions::add_to(CLI::App& command) {
    command.add_option("--preset", preset_, "Parameters from a preset JSON file");
    const std::vector<ParameterSpec>& table = parameter_table();
    given_.assign(table.size(), Given{});  // sized once: CLI11 keeps references into it
    for (std::size_t i = 0; i < table.size(); ++i) {
        const ParameterSpec& spec = table[i];
        if (spec.is_choice())
            command.add_option(spec.cli_option, given_[i].choice, help_of(spec))->check(CLI::IsMember(choice_names(spec)));
        else
            command.add_option(spec.cli_option, given_[i].number, help_of(spec));
    }
}

DynamicSettings SettingsOptions::resolve(const std::optional<DynamicSettings>& saved, const Character& character,
                                         const AnimationClip* clip) const {
    DynamicSettings settings = saved_or_unseen_rig_settings(saved, character, clip);
    if (!preset_.empty()) settings.parameters = io::load_preset(preset_);
    const std::vector<ParameterSpec>& table = parameter_table();
    for (std::size_t i = 0; i < given_.size(); ++i) {
        const ParameterSpec& spec = table[i];
        if (given_[i].number) spec.set(settings.parameters, checked(spec, *given_[i].number));
        if (!given_[i].choice.empty()) spec.set(settings.parameters, spec.choice_index(given_[i].choice));
    }
    return settings;
}

}  // namespace dynskin::cli
