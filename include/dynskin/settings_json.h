#pragma once
// The settings as the JSON text the viewer saves (in a character's .glb, under
// asset.extras.dynskin) and presets (the global parameters alone, for any character).

#include <stdexcept>
#include <string>

#include "dynskin/settings.h"

namespace dynskin::io {

// JSON that is not valid settings, or a preset that cannot be read or written. what() is one
// line naming the problem.
struct SettingsError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The full settings (global parameters and per-joint settings) as JSON text, and back.
// Reading also accepts a preset's {"parameters": {...}} alone; missing values keep their
// defaults (a missing max_offset reads as off, as files saved before it existed had none).
std::string settings_to_json_text(const DynamicSettings& settings);
DynamicSettings settings_from_json_text(const std::string& text);  // throws SettingsError

// A preset file holds {"dynskin_preset": 1, "parameters": {...}}. Saving writes a temporary
// file and renames it; loading also accepts saved settings and takes their parameters.
void save_preset(const std::string& path, const DynamicParameters& parameters);  // throws SettingsError
DynamicParameters load_preset(const std::string& path);                          // throws SettingsError

}  // namespace dynskin::io
