#pragma once
// The Dynamic Skinning options every command that plays a character shares (trace, bake,
// render, offsets): --preset, --mode, --f, --tau, --A, --D, --c, --max-angle, --max-offset, --squash,
// --squash-center. They apply over the
// file's saved settings, in that order: file, preset, then each option given.

#include <optional>
#include <string>

#include "dynskin/settings.h"

namespace CLI {
class App;
}

namespace dynskin::cli {

struct SettingsOptions {
    std::string preset;
    std::string mode;
    std::optional<float> f, tau, amplitude, drag, c, max_angle, max_offset, squash;
    std::string squash_center;

    // Declares the options on a subcommand; this object must outlive the parse.
    void add_to(CLI::App& command);

    // The settings to use: `saved` (the file's, or defaults), then the preset and the options.
    // Throws std::runtime_error on a non-finite value or a non-positive --c.
    DynamicSettings resolve(const std::optional<DynamicSettings>& saved, int joint_count) const;
};

}  // namespace dynskin::cli
