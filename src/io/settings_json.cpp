#include "io/settings_json.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace dynskin::io {
namespace {

using nlohmann::json;

// An unbounded value (propagation speed, angle limit) is stored as null: JSON has no infinity.
json number_or_null(float value) { return std::isfinite(value) ? json(value) : json(nullptr); }

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

template <typename Enum>
void read_enum(const json& object, const char* key, const std::string& where,
               const std::vector<std::pair<const char*, Enum>>& names, Enum& value) {
    const json* v = member(object, key, where);
    if (!v) return;
    if (v->is_string())
        for (const auto& [name, e] : names)
            if (v->get<std::string>() == name) {
                value = e;
                return;
            }
    std::string allowed;
    for (const auto& [name, e] : names) allowed += std::string(allowed.empty() ? "" : ", ") + name;
    throw SettingsError(where + "." + key + " must be one of " + allowed);
}

const std::vector<std::pair<const char*, DeformerMode>> mode_names = {
    {"lbs_only", DeformerMode::LbsOnly}, {"drag_only", DeformerMode::DragOnly},
    {"dynamic_skinning", DeformerMode::DynamicSkinning}};
const std::vector<std::pair<const char*, SkinningBase>> base_names = {
    {"linear", SkinningBase::Linear}, {"dual_quaternion", SkinningBase::DualQuaternion}};
const std::vector<std::pair<const char*, SquashCenter>> squash_center_names = {
    {"axis", SquashCenter::Axis}, {"centroid", SquashCenter::Centroid}};

template <typename Enum>
const char* name_of(const std::vector<std::pair<const char*, Enum>>& names, Enum value) {
    for (const auto& [name, e] : names)
        if (e == value) return name;
    return names.front().first;
}

json oscillation_to_json(const OscillationParameters& o) {
    return {{"frequency", o.frequency}, {"damping", o.damping}, {"amplitude", o.amplitude}, {"drag", o.drag}};
}

OscillationParameters oscillation_from_json(const json& j, const std::string& where) {
    OscillationParameters o;
    read_number(j, "frequency", where, o.frequency, false, true);
    read_number(j, "damping", where, o.damping, false, true);
    read_number(j, "amplitude", where, o.amplitude);
    read_number(j, "drag", where, o.drag);
    return o;
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

JointSettings joint_from_json(const json& j, const std::string& where) {
    JointSettings joint;
    read_number(j, "gain", where, joint.gain);
    read_bool(j, "override_oscillation", where, joint.override_oscillation);
    if (const json* v = member(j, "oscillation", where)) joint.oscillation = oscillation_from_json(*v, where + ".oscillation");
    read_vec3(j, "origin_offset", where, joint.origin_offset);
    read_switches(j, "bend", where, joint.bend);
    read_switches(j, "squash", where, joint.squash);
    read_vec3(j, "centroid_offset", where, joint.centroid_offset);
    return joint;
}

}  // namespace

json parameters_to_json(const DynamicParameters& p) {
    return {{"mode", name_of(mode_names, p.mode)},
            {"base", name_of(base_names, p.base)},
            {"oscillation", oscillation_to_json(p.oscillation)},
            {"translation_gain", p.translation_gain},
            {"propagation_speed", number_or_null(p.propagation_speed)},
            {"max_angle", number_or_null(p.max_angle)},
            {"max_offset", number_or_null(p.max_offset)},
            {"squash", p.squash},
            {"squash_center", name_of(squash_center_names, p.squash_center)}};
}

DynamicParameters parameters_from_json(const json& j) {
    const std::string where = "parameters";
    DynamicParameters p;
    read_enum(j, "mode", where, mode_names, p.mode);
    read_enum(j, "base", where, base_names, p.base);
    if (const json* v = member(j, "oscillation", where)) p.oscillation = oscillation_from_json(*v, where + ".oscillation");
    read_number(j, "translation_gain", where, p.translation_gain);
    read_number(j, "propagation_speed", where, p.propagation_speed, true, true);
    read_number(j, "max_angle", where, p.max_angle, true);
    // Settings saved before the offset limit existed keep their look: without it, it is off.
    p.max_offset = 0.0f;
    read_number(j, "max_offset", where, p.max_offset, true);
    read_number(j, "squash", where, p.squash);
    read_enum(j, "squash_center", where, squash_center_names, p.squash_center);
    return p;
}

json settings_to_json(const DynamicSettings& settings) {
    json joints = json::array();
    for (const JointSettings& joint : settings.joints)
        joints.push_back({{"gain", joint.gain},
                          {"override_oscillation", joint.override_oscillation},
                          {"oscillation", oscillation_to_json(joint.oscillation)},
                          {"origin_offset", {joint.origin_offset.x, joint.origin_offset.y, joint.origin_offset.z}},
                          {"bend", switches_to_json(joint.bend)},
                          {"squash", switches_to_json(joint.squash)},
                          {"centroid_offset", {joint.centroid_offset.x, joint.centroid_offset.y, joint.centroid_offset.z}}});
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
            settings.joints.push_back(joint_from_json((*v)[k], "joints[" + std::to_string(k) + "]"));
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
