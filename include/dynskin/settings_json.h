#pragma once
// The settings as JSON text and presets (the global parameters alone, for any character).
// In a glTF file the same values are the DYNSKIN_dynamic_skinning extension: its root object's
// "parameters" is this JSON's "parameters", and each joint node's object is one "joints"
// entry (docs/extensions/DYNSKIN_dynamic_skinning). A runtime that reads the extension can
// gather it into this text, {"version":1,"parameters":{...},"joints":[...in skeleton order]},
// and give it to settings_from_json_text. Files saved before the extension carried this JSON
// under asset.extras.dynskin.

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
