#pragma once
// The Dynamic Skinning options every command that plays a character shares (trace, bake,
// render, offsets): --preset, and one option per row of the parameter table
// (dynskin/settings_schema.h: --mode, --base, --f, --tau, --A, --D, --c, --translation-gain,
// --squash, --squash-center, --max-angle, --max-offset). They apply over the file's saved
// settings, in that order: file, preset, then each option given.

#include <optional>
#include <string>
#include <vector>

#include "dynskin/character.h"
#include "dynskin/settings.h"

namespace CLI {
class App;
}

namespace dynskin::cli {

class SettingsOptions {
public:
    // Declares the options on a subcommand; this object must outlive the parse.
    void add_to(CLI::App& command);

    // The settings to use: `saved` (the file's; without, the unseen rig's, rig_defaults.h, sized
    // to clip when given), then the preset and the options. Throws std::runtime_error on a
    // non-finite value or a non-positive --c.
    DynamicSettings resolve(const std::optional<DynamicSettings>& saved, const Character& character,
                            const AnimationClip* clip = nullptr) const;

private:
    // What the command line gave for each row of the table: a number, or a choice's name.
    struct Given {
        std::optional<float> number;
        std::string choice;
    };
    std::string preset_;
    std::vector<Given> given_;
};

}  // namespace dynskin::cli
