#pragma once
// The table of the global parameters (DynamicParameters): for each, its name in every front
// end, its unit, range, default and meaning. The settings JSON, links, dynskin-cli's options,
// the viewer's sliders and the Python module are made from it; the Blender add-on's
// properties are checked against it. A new parameter is a field in settings.h and a row here.

#include <string_view>
#include <vector>

#include "dynskin/settings.h"

namespace dynskin {

// One value of a choice (mode, base, squash centre).
struct ParameterChoice {
    const char* name;         // the one name in JSON, links, the CLI, Python and Blender: "lbs"
    const char* description;  // one line: "The base skinning alone"
    const char* old_name;     // what settings files once said instead ("lbs_only"), still read; or null
};

// How a number says "off", for the parameters that can be off.
enum class ParameterOff {
    Never,       // always on
    AtInfinity,  // infinity is off (the dLBS speed c)
    AtZero,      // <= 0 or infinity is off, 0 is what turning it off stores (the soft limits)
};

struct ParameterSpec {
    const char* name;        // the Python and Blender property: "frequency"
    const char* json_key;    // under "parameters", a '.' between levels: "oscillation.frequency"
    const char* link_key;    // in a link's query: "f"
    const char* cli_option;  // dynskin-cli's option: "--f"
    const char* unit;        // "Hz", "s", "rad", "sizes" (character sizes L), "sizes/s"; "" for none or a choice
    const char* description; // one line, without the unit

    // A choice's values in the order of its enum; empty for a number.
    std::vector<ParameterChoice> choices;

    // Numbers. [min, max] is what a link accepts (other values are clamped into it) and the
    // widest a Blender property allows; [slider_min, slider_max] is the comfortable part of
    // it that the viewer's slider and Blender's soft limits span (a typed value may leave it).
    float min = 0.0f, max = 0.0f;
    float slider_min = 0.0f, slider_max = 0.0f;
    bool logarithmic_slider = false;
    bool non_negative = false;  // a negative value means nothing: a settings file that has one is refused
    ParameterOff off = ParameterOff::Never;
    float on_value = 0.0f;             // where a switch that turns it on starts (off-able numbers)
    bool missing_means_off = false;    // settings saved before it existed read as off: they keep their look

    // DynamicParameters{}'s value: a number, or a choice's index.
    double default_value = 0.0;

    // The value in a DynamicParameters: a number, or a choice's index (set expects a valid one).
    double (*get)(const DynamicParameters&) = nullptr;
    void (*set)(DynamicParameters&, double) = nullptr;
    // f, tau, A and D are also each joint's own (JointSettings::oscillation): their member
    // there. Null for the others.
    float OscillationParameters::*oscillation = nullptr;

    bool is_choice() const { return !choices.empty(); }
    // Whether a number means off, and what turning it off stores (infinity, or 0).
    bool is_off(double value) const;
    double off_value() const;
    // The choice called `name`, or also once called so (settings files); -1 when none is.
    int choice_index(std::string_view name, bool old_names_too = false) const;
};

// Every global parameter (links write the numbers in this order, then the choices).
const std::vector<ParameterSpec>& parameter_table();

// The row called `name` ("frequency"); throws std::invalid_argument when there is none.
const ParameterSpec& parameter(std::string_view name);

}  // namespace dynskin
