#include "cli/settings_options.h"

#include <cmath>
#include <stdexcept>

#include <CLI/CLI.hpp>

#include "io/settings_json.h"

namespace dynskin::cli {
namespace {

float finite_parameter(const char* name, float value) {
    if (!std::isfinite(value)) throw std::runtime_error(std::string("--") + name + " must be a finite number");
    return value;
}

}  // namespace

void SettingsOptions::add_to(CLI::App& command) {
    command.add_option("--preset", preset, "Parameters from a preset JSON file");
    command.add_option("--mode", mode, "lbs, drag or dynamic (default: dynamic)")
        ->check(CLI::IsMember({"lbs", "drag", "dynamic"}));
    command.add_option("--f", f, "Oscillation frequency f (Hz)");
    command.add_option("--tau", tau, "Damping tau (s)");
    command.add_option("--A", amplitude, "Oscillation amplitude A (s)");
    command.add_option("--D", drag, "Drag D (s)");
    command.add_option("--c", c, "dLBS propagation speed, in character sizes per second (default: off)");
    command.add_option("--max-angle", max_angle,
                       "Soft limit of the bend angle, radians (0: off; default 1): the floppy limiter");
    command.add_option("--max-offset", max_offset,
                       "Soft limit of a vertex's whole offset, in character sizes (0: off; default 0.25)");
    command.add_option("--squash", squash, "Squash & stretch strength S, seconds (0: off)");
    command.add_option("--squash-center", squash_center, "Centre of a turning part's squash")
        ->check(CLI::IsMember({"axis", "centroid"}));
}

DynamicSettings SettingsOptions::resolve(const std::optional<DynamicSettings>& saved, int joint_count) const {
    DynamicSettings settings = saved.value_or(DynamicSettings{});
    settings.joints.resize(static_cast<std::size_t>(joint_count));
    if (!preset.empty()) settings.parameters = io::load_preset(preset);
    OscillationParameters& osc = settings.parameters.oscillation;
    if (f) osc.frequency = finite_parameter("f", *f);
    if (tau) osc.damping = finite_parameter("tau", *tau);
    if (amplitude) osc.amplitude = finite_parameter("A", *amplitude);
    if (drag) osc.drag = finite_parameter("D", *drag);
    if (max_angle) settings.parameters.max_angle = finite_parameter("max-angle", *max_angle);
    if (max_offset) settings.parameters.max_offset = finite_parameter("max-offset", *max_offset);
    if (squash) settings.parameters.squash = finite_parameter("squash", *squash);
    if (squash_center == "axis") settings.parameters.squash_center = SquashCenter::Axis;
    if (squash_center == "centroid") settings.parameters.squash_center = SquashCenter::Centroid;
    if (c) {
        if (!(*c > 0.0f)) throw std::runtime_error("--c must be a positive speed (character sizes per second)");
        settings.parameters.propagation_speed = *c;
    }
    if (mode == "lbs") settings.parameters.mode = DeformerMode::LbsOnly;
    if (mode == "drag") settings.parameters.mode = DeformerMode::DragOnly;
    if (mode == "dynamic") settings.parameters.mode = DeformerMode::DynamicSkinning;
    return settings;
}

}  // namespace dynskin::cli
