#include "dynskin/settings_schema.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <stdexcept>
#include <string>

#include "dynskin/measurement_clock.h"

namespace dynskin {
namespace {

// What every row starts from: its names in each front end, its unit and its meaning.
struct Names {
    const char* name;
    const char* json_key;
    const char* link_key;
    const char* cli_option;
    const char* unit;
    const char* description;
};

// A row under construction: the names, the field it reaches, then what a number adds.
struct Row {
    ParameterSpec spec;

    Row& range(float min, float max) {
        spec.min = min;
        spec.max = max;
        return *this;
    }
    Row& slider(float min, float max, bool logarithmic = false) {
        spec.slider_min = min;
        spec.slider_max = max;
        spec.logarithmic_slider = logarithmic;
        return *this;
    }
    Row& non_negative() {
        spec.non_negative = true;
        return *this;
    }
    Row& off(ParameterOff how, float on_value) {
        spec.off = how;
        spec.on_value = on_value;
        return *this;
    }
    Row& missing_means_off() {
        spec.missing_means_off = true;
        return *this;
    }
    Row& old_link_key(const char* key) {
        spec.old_link_key = key;
        return *this;
    }
};

Row named(const Names& n) {
    Row row;
    row.spec.name = n.name;
    row.spec.json_key = n.json_key;
    row.spec.link_key = n.link_key;
    row.spec.cli_option = n.cli_option;
    row.spec.unit = n.unit;
    row.spec.description = n.description;
    return row;
}

// The default is read from DynamicParameters{} itself: settings.h stays its one source.
Row with_default(Row row) {
    row.spec.default_value = row.spec.get(DynamicParameters{});
    return row;
}

template <float OscillationParameters::*member>
Row oscillation(const Names& names) {
    Row row = named(names);
    row.spec.get = [](const DynamicParameters& p) -> double { return p.oscillation.*member; };
    row.spec.set = [](DynamicParameters& p, double v) { p.oscillation.*member = static_cast<float>(v); };
    row.spec.oscillation = member;
    return with_default(row);
}

template <float DynamicParameters::*member>
Row number(const Names& names) {
    Row row = named(names);
    row.spec.get = [](const DynamicParameters& p) -> double { return p.*member; };
    row.spec.set = [](DynamicParameters& p, double v) { p.*member = static_cast<float>(v); };
    return with_default(row);
}

template <typename Enum, Enum DynamicParameters::*member>
Row choice(const Names& names, std::vector<ParameterChoice> choices) {
    Row row = named(names);
    row.spec.choices = std::move(choices);
    row.spec.get = [](const DynamicParameters& p) -> double { return static_cast<double>(p.*member); };
    row.spec.set = [](DynamicParameters& p, double v) { p.*member = static_cast<Enum>(static_cast<int>(v)); };
    return with_default(row);
}

// A table's row called `name`; what = "parameter" for the message when there is none.
template <class Spec>
const Spec& row_named(const std::vector<Spec>& table, std::string_view name, const char* what) {
    for (const Spec& spec : table)
        if (name == spec.name) return spec;
    throw std::invalid_argument(std::string("no ") + what + " is called '" + std::string(name) + "'");
}

std::vector<ParameterSpec> make_table() {
    using P = DynamicParameters;
    using O = OscillationParameters;
    const Row rows[] = {
        choice<DeformerMode, &P::mode>(
            {"mode", "mode", "mode", "--mode", "", "What is added to the base skinning"},
            {{"lbs", "LBS only", "The base skinning alone", "lbs_only"},
             {"drag", "Drag only", "The drag term alone: the lag while joints turn, no wobble", "drag_only"},
             {"dynamic", "Dynamic", "Drag and damped oscillations", "dynamic_skinning"}}),
        choice<SkinningBase, &P::base>(
            {"base", "base", "base", "--base", "", "The skinning the offsets are added to"},
            {{"linear", "Linear blend", "Linear blend skinning", nullptr},
             {"dq", "Dual quaternion", "Dual quaternion skinning", "dual_quaternion"}}),
        oscillation<&O::frequency>({"frequency", "oscillation.frequency", "f", "--f", "Hz", "f: the wobble's frequency"})
            .range(0.0f, 0.5f * static_cast<float>(kTicksPerSecond))  // the measurement clock's Nyquist limit
            .slider(0.0f, 10.0f)
            .non_negative(),
        oscillation<&O::damping>({"damping", "oscillation.damping", "tau", "--tau", "s",
                                  "tau: the wobble dies out as exp(-t / tau)"})
            .range(0.0f, 60.0f)
            .slider(0.0f, 3.0f)
            .non_negative(),
        oscillation<&O::amplitude>({"amplitude", "oscillation.amplitude", "A", "--A", "s",
                                    "A: the strength of the wobble each change of speed starts; negative: the other way"})
            .range(-10.0f, 10.0f)
            .slider(-1.0f, 1.0f),
        oscillation<&O::drag>({"drag", "oscillation.drag", "D", "--D", "s",
                               "D: the skin's lag behind a turning joint, in proportion to its speed"})
            .range(-10.0f, 10.0f)
            .slider(-1.0f, 1.0f),
        number<&P::propagation_speed>({"propagation_speed", "propagation_speed", "c", "--c", "sizes/s",
                                       "c: delayed LBS, the speed at which turns travel from the root to the extremities"})
            .range(0.01f, 10000.0f)
            .slider(0.2f, 20.0f, true)
            .non_negative()
            .off(ParameterOff::AtInfinity, 2.0f),
        number<&P::translation_gain>({"translation_gain", "translation_gain", "T", "--translation-gain", "",
                                      "Strength of the lag and wobble behind a joint whose translation moves; 0: off"})
            .range(0.0f, 10.0f)
            .slider(0.0f, 3.0f),
        number<&P::squash>({"squash", "squash", "S", "--squash", "s",
                            "S: Velocity Skinning's squash & stretch, a part moving at speed v stretches by about "
                            "1 + S v / L; 0: off"})
            .range(0.0f, 10.0f)
            .slider(0.0f, 1.0f),
        choice<SquashCenter, &P::squash_center>(
            {"squash_center", "squash_center", "center", "--squash-center", "", "Where a turning joint's squash is centred"},
            {{"axis", "About the medial axis", "Each vertex stretches along its own travel, about the medial axis (limbs)", nullptr},
             {"centroid", "About the centroid", "The region stretches as one blob along its centroid's velocity (end bones)", nullptr}}),
        // Links once said bend= and offset=, which read like a joint's bend switches.
        number<&P::max_angle>({"max_angle", "max_angle", "bend_limit", "--max-angle", "rad",
                               "Soft limit of the bend angle, and of the translation's lag (the floppy limiter)"})
            .old_link_key("bend")
            .range(0.01f, 3.14f)
            .slider(0.05f, 3.0f)
            .off(ParameterOff::AtZero, kDefaultMaxAngle),
        number<&P::max_offset>({"max_offset", "max_offset", "offset_limit", "--max-offset", "sizes",
                                "Soft limit of each vertex's offset from the base skinning"})
            .old_link_key("offset")
            .range(0.01f, 10.0f)
            .slider(0.02f, 1.0f)
            .off(ParameterOff::AtZero, kDefaultMaxOffset)
            .missing_means_off(),
        number<&P::ground_contact>({"ground_contact", "ground_contact", "ground", "--ground-contact", "sizes",
                                    "Ground contact: the skin within a quarter of this height above the ground keeps "
                                    "its base position (planted feet stay planted); the offsets fade in up to it"})
            .range(0.01f, 1.0f)
            .slider(0.02f, 0.5f)
            .off(ParameterOff::AtZero, kDefaultGroundContact),
        number<&P::object_motion>({"object_motion", "object_motion", "object", "--object-motion", "",
                                   "How much the motion of the character's whole object (its parent, a platform, a "
                                   "controller) drives drag and wobble; 1: all of it, 0: none (carried as if still)"})
            .range(0.0f, 1.0f)
            .slider(0.0f, 1.0f),
    };
    std::vector<ParameterSpec> table;
    for (const Row& row : rows) table.push_back(row.spec);
    return table;
}

}  // namespace

int ParameterSpec::choice_index(std::string_view given, bool old_names_too) const {
    for (std::size_t i = 0; i < choices.size(); ++i)
        if (given == choices[i].name || (old_names_too && choices[i].old_name && given == choices[i].old_name))
            return static_cast<int>(i);
    return -1;
}

bool ParameterSpec::is_off(double value) const {
    switch (off) {
    case ParameterOff::Never: return false;
    case ParameterOff::AtInfinity: return !std::isfinite(value);
    case ParameterOff::AtZero: return !(value > 0.0 && std::isfinite(value));  // the engine's test
    }
    return false;
}

double ParameterSpec::off_value() const {
    return off == ParameterOff::AtInfinity ? std::numeric_limits<double>::infinity() : 0.0;
}

namespace {

// "-10 to 10 s"
std::string range_text(double min, double max, const char* unit) {
    const auto number = [](double v) {
        char text[32];
        std::snprintf(text, sizeof text, "%g", v);
        return std::string(text);
    };
    return number(min) + " to " + number(max) + (unit && *unit ? std::string(" ") + unit : std::string());
}

std::string range_problem(double value, double min, double max, bool non_negative, const char* unit) {
    if (!std::isfinite(value)) return "must be a finite number";
    if (non_negative && value < 0.0) return "must not be negative";
    if (value < min || value > max) return "must be within " + range_text(min, max, unit);
    return {};
}

}  // namespace

std::string ParameterSpec::problem(double value) const {
    if (is_choice()) return {};
    if (std::isnan(value)) return "must be a finite number";
    if (is_off(value)) return {};
    // A speed of 0 or less would stop everything: only infinity is its off.
    if (off == ParameterOff::AtInfinity && value <= 0.0) return "must be positive (infinite: off)";
    return range_problem(value, min, max, non_negative, unit);
}

double ParameterSpec::clamped(double value) const {
    if (is_choice()) return value;
    if (std::isnan(value)) return default_value;
    // An off value stays as it is (the engine also takes a speed of 0 or less as off).
    if (is_off(value) || (off == ParameterOff::AtInfinity && value <= 0.0)) return value;
    return std::clamp(value, static_cast<double>(min), static_cast<double>(max));
}

DynamicParameters parameters_in_use(const DynamicParameters& p) {
    DynamicParameters in_use = p;
    for (const ParameterSpec& spec : parameter_table()) {
        if (spec.is_choice() || spec.oscillation) continue;
        const double value = spec.get(p);
        if (!std::isfinite(value)) continue;
        // A speed past the top of its range only comes nearer to off (infinity): kept.
        spec.set(in_use, spec.off == ParameterOff::AtInfinity && value > spec.max ? value : spec.clamped(value));
    }
    return in_use;
}

const char* name_of(ParameterOff off) {
    switch (off) {
    case ParameterOff::Never: return "never";
    case ParameterOff::AtInfinity: return "at_infinity";
    case ParameterOff::AtZero: return "at_zero";
    }
    return "never";
}

const char* name_of(JointSettingKind kind) {
    switch (kind) {
    case JointSettingKind::Number: return "number";
    case JointSettingKind::Flag: return "flag";
    case JointSettingKind::Oscillation: return "oscillation";
    case JointSettingKind::Vector: return "vector";
    case JointSettingKind::MotionSwitches: return "motion_switches";
    }
    return "number";
}

const std::vector<ParameterSpec>& parameter_table() {
    static const std::vector<ParameterSpec> table = make_table();
    return table;
}

const ParameterSpec& parameter(std::string_view name) { return row_named(parameter_table(), name, "parameter"); }

std::string JointSettingSpec::problem(double value) const {
    return kind == JointSettingKind::Number ? range_problem(value, min, max, false, unit) : std::string();
}

double JointSettingSpec::clamped(double value) const {
    if (kind != JointSettingKind::Number) return value;
    if (std::isnan(value)) return default_value;
    return std::clamp(value, static_cast<double>(min), static_cast<double>(max));
}

namespace {

std::vector<JointSettingSpec> make_joint_table() {
    using J = JointSettings;
    const JointSettings defaults;
    std::vector<JointSettingSpec> table;
    JointSettingSpec gain{"gain", JointSettingKind::Number, "",
                          "s_j: the joint's gain on every dynamic effect it drives (bend, lag, squash); 0: the joint "
                          "drives nothing"};
    gain.min = 0.0f, gain.max = kMaxJointGain, gain.slider_min = 0.0f, gain.slider_max = 3.0f;
    gain.default_value = defaults.gain;
    gain.number = &J::gain;
    table.push_back(gain);
    JointSettingSpec override_oscillation{"override_oscillation", JointSettingKind::Flag, "",
                                          "Whether this joint uses its own oscillation instead of the global one"};
    override_oscillation.default_value = defaults.override_oscillation ? 1.0 : 0.0;
    override_oscillation.flag = &J::override_oscillation;
    table.push_back(override_oscillation);
    JointSettingSpec oscillation{"oscillation", JointSettingKind::Oscillation, "",
                                 "This joint's f, tau, A and D, used when override_oscillation is on (missing values: "
                                 "the oscillation defaults, not the global ones)"};
    oscillation.oscillation = &J::oscillation;
    table.push_back(oscillation);
    JointSettingSpec origin_offset{"origin_offset", JointSettingKind::Vector, "local units",
                                   "delta_j: the flexible origin, the centre the bend turns the skin about, moved from "
                                   "the joint in its local frame"};
    origin_offset.vector = &J::origin_offset;
    table.push_back(origin_offset);
    JointSettingSpec bend{"bend", JointSettingKind::MotionSwitches, "",
                          "Whether the joint's turn and translation drive the bend and lag (drag and wobble)"};
    bend.switches = &J::bend;
    table.push_back(bend);
    JointSettingSpec squash{"squash", JointSettingKind::MotionSwitches, "",
                            "Whether the joint's turn and translation drive the squash & stretch"};
    squash.switches = &J::squash;
    table.push_back(squash);
    JointSettingSpec centroid_offset{"centroid_offset", JointSettingKind::Vector, "local units",
                                     "Moves the squash centroid of the joint's region, in the joint's local frame"};
    centroid_offset.vector = &J::centroid_offset;
    table.push_back(centroid_offset);
    return table;
}

}  // namespace

const std::vector<JointSettingSpec>& joint_setting_table() {
    static const std::vector<JointSettingSpec> table = make_joint_table();
    return table;
}

const JointSettingSpec& joint_setting(std::string_view name) {
    return row_named(joint_setting_table(), name, "joint setting");
}

}  // namespace dynskin
