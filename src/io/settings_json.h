#pragma once
// The user's settings as JSON: the full DynamicSettings (stored in a character's glb under
// asset.extras.dynskin) and presets (the global parameters alone, for any character).

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "dynskin/settings.h"

namespace dynskin::io {

// JSON that is not valid settings. what() is one line naming the problem.
struct SettingsError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

nlohmann::json parameters_to_json(const DynamicParameters& parameters);
DynamicParameters parameters_from_json(const nlohmann::json& json);  // throws SettingsError

nlohmann::json settings_to_json(const DynamicSettings& settings);
DynamicSettings settings_from_json(const nlohmann::json& json);  // throws SettingsError

// A preset file holds {"dynskin_preset": 1, "parameters": {...}}. Saving writes a temporary
// file and renames it; loading also accepts saved settings and takes their parameters.
void save_preset(const std::string& path, const DynamicParameters& parameters);  // throws SettingsError
DynamicParameters load_preset(const std::string& path);                          // throws SettingsError

// Writes bytes to path through a temporary file in the same folder and a rename, so a failed
// save never leaves a half-written file. Throws std::runtime_error.
void write_file_atomically(const std::string& path, const std::string& bytes);

}  // namespace dynskin::io
