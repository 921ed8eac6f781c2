#pragma once
// The settings as nlohmann::json values, for dynskin's own writers and readers; the public
// text and preset functions are in dynskin/settings_json.h.

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "dynskin/settings.h"
#include "dynskin/settings_json.h"

namespace dynskin::io {

// A float as the shortest decimal that reads back as the same float (0.15f as 0.15).
nlohmann::json short_float(float value);

nlohmann::json parameters_to_json(const DynamicParameters& parameters);
DynamicParameters parameters_from_json(const nlohmann::json& json);  // throws SettingsError

// One joint's settings (a "joints" entry); reading names bad values under `where`.
nlohmann::json joint_settings_to_json(const JointSettings& joint);
JointSettings joint_settings_from_json(const nlohmann::json& json, const std::string& where);  // throws SettingsError

nlohmann::json settings_to_json(const DynamicSettings& settings);
DynamicSettings settings_from_json(const nlohmann::json& json);  // throws SettingsError

// Writes bytes to path through a temporary file in the same folder and a rename, so a failed
// save never leaves a half-written file. Throws std::runtime_error.
void write_file_atomically(const std::string& path, const std::string& bytes);

}  // namespace dynskin::io
