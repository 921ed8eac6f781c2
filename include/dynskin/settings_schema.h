#pragma once
// The tables of the settings: the global parameters (DynamicParameters) and each joint's own
// (JointSettings). For each, its name in every front end, its unit, range, default and
// meaning. The settings JSON, links, dynskin-cli's options, the viewer's sliders, the Python
// module and the Blender add-on's properties are made from them at run time; the glTF
// extension's JSON Schemas and README tables, dynskin-three's types and the examples' sliders
// are generated from them (`dynskin-cli tables`, scripts/tables/). A new parameter is a field
// in settings.h and a row here.

#include <string>
#include <string_view>
#include <vector>

#include "dynskin/settings.h"

namespace dynskin {

// One value of a choice (mode, base, squash centre).
struct ParameterChoice {
    const char* name;         // the one name in JSON, links, the CLI, Python and Blender: "lbs"
    const char* label;        // what a panel's button says: "LBS only"
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
    const char* old_link_key = nullptr;  // what links once said instead ("bend"), still read
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

    // The one range check of a number, for every entry point (settings files, the glTF
    // extension, links, dynskin-cli, Python, Blender, JavaScript): what is wrong with `value`,
    // or empty when it can be used. NaN never can; an off value (infinity, or <= 0, where the
    // row can be off) can; otherwise a value below zero where the row is non-negative, or
    // outside [min, max], cannot.
    std::string problem(double value) const;
    // value made usable: an off value stays as it is (a speed of 0 or less too, which the
    // engine takes as off), others are clamped into [min, max]; NaN gives the default.
    // Readers of files and links clamp; where a person types a value (dynskin-cli, Python,
    // Blender's fields hold their limits) problem() is said instead.
    double clamped(double value) const;
};

// The parameters as the engine uses them, whoever set them (the C++ API takes any float):
// every finite number of the table clamped into its range as clamped() does (an off value
// kept, and a speed above its range, which only comes nearer to off), so that no product of
// them overflows a float; what is not finite is left to the engine, which takes it as off or
// as nothing. f, tau, A and D are left to sanitized().
DynamicParameters parameters_in_use(const DynamicParameters& p);

// How tables written for other languages name these: "never", "at_infinity", "at_zero".
const char* name_of(ParameterOff off);

// Every global parameter (links write the numbers in this order, then the choices).
const std::vector<ParameterSpec>& parameter_table();

// The row called `name` ("frequency"); throws std::invalid_argument when there is none.
const ParameterSpec& parameter(std::string_view name);

// How a joint's own setting is stored and written.
enum class JointSettingKind {
    Number,          // a float (gain)
    Flag,            // true or false (override_oscillation)
    Oscillation,     // the joint's own f, tau, A and D: the parameter table's per-joint rows
    Vector,          // three floats in the joint's local frame (origin_offset)
    MotionSwitches,  // {rotation, translation}: which of the joint's motions drive an effect
};

struct JointSettingSpec {
    const char* name;         // the key in settings files and the glTF extension's node object,
                              // and the Python property: "gain"
    JointSettingKind kind;
    const char* unit;         // "", or "local units" (the joint's frame)
    const char* description;  // one line, without the unit

    // Number: the range (what readers clamp to, and Blender's hard limits) and the slider's.
    float min = 0.0f, max = 0.0f;
    float slider_min = 0.0f, slider_max = 0.0f;
    // JointSettings{}'s value: a Number's, or a Flag's as 0 or 1.
    double default_value = 0.0;

    // The field, by kind; null for the others.
    float JointSettings::*number = nullptr;
    bool JointSettings::*flag = nullptr;
    OscillationParameters JointSettings::*oscillation = nullptr;
    glm::vec3 JointSettings::*vector = nullptr;
    MotionSwitches JointSettings::*switches = nullptr;

    // A Number's check and clamp, as ParameterSpec's (it is never off).
    std::string problem(double value) const;
    double clamped(double value) const;
};

// "number", "flag", "oscillation", "vector", "motion_switches".
const char* name_of(JointSettingKind kind);

// Every setting of a joint, in the order settings files write them.
const std::vector<JointSettingSpec>& joint_setting_table();
// The row called `name`; throws std::invalid_argument when there is none.
const JointSettingSpec& joint_setting(std::string_view name);

}  // namespace dynskin
