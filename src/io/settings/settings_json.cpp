#include "io/settings/settings_json.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "dynskin/settings_schema.h"

namespace dynskin::io {
namespace {

using nlohmann::json;

// An unbounded value (an off propagation speed or limit) is stored as null: JSON has no infinity.
json number_or_null(float value) { return std::isfinite(value) ? short_float(value) : json(nullptr); }

json vec3_to_json(const glm::vec3& v) { return json::array({short_float(v.x), short_float(v.y), short_float(v.z)}); }

const json* member(const json& object, const char* key, const std::string& where) {
    if (!object.is_object()) throw SettingsError(where + " must be a JSON object");
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

void read_number(const json& object, const char* key, const std::string& where, float& value, bool null_is_infinity = false,
                 bool non_negative = false) {
    const json* v = member(object, key, where);
    if (!v) return;
    const std::string name = where + "." + key;
    if (v->is_null() && null_is_infinity) {
        value = std::numeric_limits<float>::infinity();
        return;
    }
    if (!v->is_number()) throw SettingsError(name + " must be a number");
    const double d = v->get<double>();
    if (!std::isfinite(d) || std::abs(d) > 1e30) throw SettingsError(name + " is out of range");
    if (non_negative && d < 0.0) throw SettingsError(name + " must not be negative");
    value = static_cast<float>(d);
}

// Where a table row's value lives under `root` (the parameters, or a joint, whose own f, tau,
// A and D are under the same "oscillation.*" keys): the object that holds it, its key there,
// and the object's path for messages. No object when a level above it is missing.
struct Slot {
    const json* object = nullptr;
    std::string key;
    std::string where;
};

Slot slot_of(const json& root, const std::string& where, const std::string& json_key) {
    Slot slot{&root, json_key, where};
    for (std::size_t dot; slot.object && (dot = slot.key.find('.')) != std::string::npos;) {
        const std::string level = slot.key.substr(0, dot);
        slot.object = member(*slot.object, level.c_str(), slot.where);
        slot.where += "." + level;
        slot.key.erase(0, dot + 1);
    }
    return slot;
}

// The same place for writing: "oscillation.frequency" is /oscillation/frequency.
json::json_pointer pointer_of(const ParameterSpec& spec) {
    std::string pointer = std::string("/") + spec.json_key;
    for (char& c : pointer)
        if (c == '.') c = '/';
    return json::json_pointer(pointer);
}

std::string choice_names(const ParameterSpec& spec) {
    std::string names;
    for (const ParameterChoice& choice : spec.choices) names += (names.empty() ? "" : ", ") + std::string(choice.name);
    return names;
}

void read_parameter(const json& parameters, const ParameterSpec& spec, DynamicParameters& p) {
    if (spec.missing_means_off) spec.set(p, 0.0);
    const Slot slot = slot_of(parameters, "parameters", spec.json_key);
    if (!slot.object) return;
    if (!spec.is_choice()) {
        float value = static_cast<float>(spec.get(p));
        read_number(*slot.object, slot.key.c_str(), slot.where, value, spec.off != ParameterOff::Never, spec.non_negative);
        spec.set(p, spec.clamped(value));  // into the table's range, as links are
        return;
    }
    const json* v = member(*slot.object, slot.key.c_str(), slot.where);
    if (!v) return;
    const int index = v->is_string() ? spec.choice_index(v->get<std::string>(), true) : -1;
    if (index < 0) throw SettingsError(slot.where + "." + slot.key + " must be one of " + choice_names(spec));
    spec.set(p, index);
}

json parameter_to_json(const ParameterSpec& spec, const DynamicParameters& p) {
    const double value = spec.get(p);
    if (spec.is_choice()) return spec.choices[static_cast<std::size_t>(value)].name;
    return number_or_null(static_cast<float>(value));
}

void write_oscillation(const OscillationParameters& o, json& joint) {
    for (const ParameterSpec& spec : parameter_table())
        if (spec.oscillation) joint[pointer_of(spec)] = short_float(o.*spec.oscillation);
}

void read_oscillation(const json& joint, const std::string& where, OscillationParameters& o) {
    for (const ParameterSpec& spec : parameter_table()) {
        if (!spec.oscillation) continue;
        const Slot slot = slot_of(joint, where, spec.json_key);
        if (!slot.object) continue;
        float& value = o.*spec.oscillation;
        read_number(*slot.object, slot.key.c_str(), slot.where, value, false, spec.non_negative);
        value = static_cast<float>(spec.clamped(value));
    }
}

void read_bool(const json& object, const char* key, const std::string& where, bool& value) {
    const json* v = member(object, key, where);
    if (!v) return;
    if (!v->is_boolean()) throw SettingsError(where + "." + key + " must be true or false");
    value = v->get<bool>();
}

void read_vec3(const json& object, const char* key, const std::string& where, glm::vec3& value) {
    const json* v = member(object, key, where);
    if (!v) return;
    const std::string error = where + "." + key + " must be an array of 3 numbers";
    if (!v->is_array() || v->size() != 3) throw SettingsError(error);
    for (int k = 0; k < 3; ++k) {
        const json& c = (*v)[static_cast<std::size_t>(k)];
        if (!c.is_number() || !std::isfinite(c.get<double>()) || std::abs(c.get<double>()) > 1e30) throw SettingsError(error);
        value[k] = c.get<float>();
    }
}

json switches_to_json(const MotionSwitches& s) { return {{"rotation", s.rotation}, {"translation", s.translation}}; }

void read_switches(const json& object, const char* key, const std::string& where, MotionSwitches& value) {
    const json* v = member(object, key, where);
    if (!v) return;
    read_bool(*v, "rotation", where + "." + key, value.rotation);
    read_bool(*v, "translation", where + "." + key, value.translation);
}

}  // namespace

// A float as the shortest decimal that reads back as the same float: 0.15f is written 0.15,
// not 0.15000000596046448 (the double it widens to), so that files and presets read as typed.
json short_float(float value) {
    if (!std::isfinite(value)) return json(static_cast<double>(value));
    // The fewest significant digits that read back as this float (9 always do). Not
    // std::to_chars: Emscripten's libc++ has no floating-point to_chars.
    char text[32];
    for (int digits = 1; digits <= 9; ++digits) {
        std::snprintf(text, sizeof text, "%.*g", digits, static_cast<double>(value));
        const double decimal = std::strtod(text, nullptr);  // readers go through a double
        if (static_cast<float>(decimal) == value) return json(decimal);
    }
    return json(static_cast<double>(value));
}

json joint_settings_to_json(const JointSettings& joint) {
    json written = json::object();
    for (const JointSettingSpec& spec : joint_setting_table()) {
        switch (spec.kind) {
        case JointSettingKind::Number: written[spec.name] = short_float(joint.*spec.number); break;
        case JointSettingKind::Flag: written[spec.name] = joint.*spec.flag; break;
        case JointSettingKind::Oscillation: write_oscillation(joint.*spec.oscillation, written); break;
        case JointSettingKind::Vector: written[spec.name] = vec3_to_json(joint.*spec.vector); break;
        case JointSettingKind::MotionSwitches: written[spec.name] = switches_to_json(joint.*spec.switches); break;
        }
    }
    return written;
}

JointSettings joint_settings_from_json(const json& j, const std::string& where) {
    JointSettings joint;
    for (const JointSettingSpec& spec : joint_setting_table()) {
        switch (spec.kind) {
        case JointSettingKind::Number: {
            float& value = joint.*spec.number;
            read_number(j, spec.name, where, value);
            value = static_cast<float>(spec.clamped(value));
            break;
        }
        case JointSettingKind::Flag: read_bool(j, spec.name, where, joint.*spec.flag); break;
        case JointSettingKind::Oscillation: read_oscillation(j, where, joint.*spec.oscillation); break;
        case JointSettingKind::Vector: read_vec3(j, spec.name, where, joint.*spec.vector); break;
        case JointSettingKind::MotionSwitches: read_switches(j, spec.name, where, joint.*spec.switches); break;
        }
    }
    return joint;
}

json parameters_to_json(const DynamicParameters& p) {
    json out = json::object();
    for (const ParameterSpec& spec : parameter_table()) out[pointer_of(spec)] = parameter_to_json(spec, p);
    return out;
}

DynamicParameters parameters_from_json(const json& j) {
    DynamicParameters p;
    for (const ParameterSpec& spec : parameter_table()) read_parameter(j, spec, p);
    return p;
}

json settings_to_json(const DynamicSettings& settings) {
    json joints = json::array();
    for (const JointSettings& joint : settings.joints) joints.push_back(joint_settings_to_json(joint));
    return {{"version", 1}, {"parameters", parameters_to_json(settings.parameters)}, {"joints", joints}};
}

DynamicSettings settings_from_json(const json& j) {
    DynamicSettings settings;
    if (const json* v = member(j, "version", "settings"); v && (!v->is_number_integer() || v->get<int>() != 1))
        throw SettingsError("settings.version is not 1; these settings come from a newer dynskin");
    if (const json* v = member(j, "parameters", "settings")) settings.parameters = parameters_from_json(*v);
    if (const json* v = member(j, "joints", "settings")) {
        if (!v->is_array()) throw SettingsError("settings.joints must be an array");
        for (std::size_t k = 0; k < v->size(); ++k)
            settings.joints.push_back(joint_settings_from_json((*v)[k], "joints[" + std::to_string(k) + "]"));
    }
    return settings;
}

void write_file_atomically(const std::string& path, const std::string& bytes) {
    const std::string temporary = path + ".tmp" + std::to_string(::getpid());
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out) throw std::runtime_error("cannot write " + temporary);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        out.flush();
        if (!out) {
            out.close();
            std::remove(temporary.c_str());
            throw std::runtime_error("cannot write all of " + temporary);
        }
    }
    if (std::rename(temporary.c_str(), path.c_str()) != 0) {
        std::remove(temporary.c_str());
        throw std::runtime_error("cannot rename " + temporary + " to " + path);
    }
}

std::string settings_to_json_text(const DynamicSettings& settings) { return settings_to_json(settings).dump(2); }

DynamicSettings settings_from_json_text(const std::string& text) {
    json parsed;
    try {
        parsed = json::parse(text);
    } catch (const json::exception& e) {
        const std::string message = e.what();
        throw SettingsError("the settings are not valid JSON: " + message.substr(0, message.find('\n')));
    }
    if (!parsed.is_object()) throw SettingsError("the settings must be a JSON object");
    return settings_from_json(parsed);
}

void save_preset(const std::string& path, const DynamicParameters& parameters) {
    const json preset = {{"dynskin_preset", 1}, {"parameters", parameters_to_json(parameters)}};
    try {
        write_file_atomically(path, preset.dump(2) + "\n");
    } catch (const std::runtime_error& e) {
        throw SettingsError(e.what());
    }
}

DynamicParameters load_preset(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw SettingsError("cannot open preset " + path);
    std::stringstream text;
    text << in.rdbuf();
    json preset;
    try {
        preset = json::parse(text.str());
    } catch (const json::exception& e) {
        std::string message = e.what();
        throw SettingsError("preset " + path + " is not valid JSON: " + message.substr(0, message.find('\n')));
    }
    try {
        const json* parameters = member(preset, "parameters", "the preset");
        if (!parameters) throw SettingsError("it has no 'parameters' object");
        return parameters_from_json(*parameters);
    } catch (const SettingsError& e) {
        throw SettingsError("preset " + path + ": " + e.what());
    }
}

}  // namespace dynskin::io
