#pragma once
// The settings in a glTF file as the DYNSKIN_dynamic_skinning extension
// (docs/extensions/DYNSKIN_dynamic_skinning): the global parameters on the root object, each
// joint's own settings on its node, only where they differ from the defaults. Files saved
// before the extension carried the whole settings under asset.extras.dynskin; they are still
// read, the extension winning when a file has both.

#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "dynskin/settings.h"

namespace dynskin::io {

inline constexpr const char* settings_extension = "DYNSKIN_dynamic_skinning";

// Writes settings into a glTF root: the root extension, the joint nodes' (node_of_joint[j] is
// joint j's node, -1 for none: such a joint keeps its defaults), and extensionsUsed. Removes
// the extension from every other node and the old asset.extras.dynskin, so the file holds the
// settings once.
void write_settings_extension(nlohmann::json& root, const DynamicSettings& settings,
                              const std::vector<int>& node_of_joint);

// Writes the global parameters alone (the root extension and extensionsUsed), leaving any
// joint node's settings as they are. For nlohmann::json and nlohmann::ordered_json (which
// dynskin-cli embed uses to keep the other keys in their order).
template <class Json>
void write_parameters_extension(Json& root, const DynamicParameters& parameters);
extern template void write_parameters_extension(nlohmann::json&, const DynamicParameters&);
extern template void write_parameters_extension(nlohmann::ordered_json&, const DynamicParameters&);

// The root extension's parameters, when the file has the extension. Throws SettingsError
// naming the bad value's path ("extensions.DYNSKIN_dynamic_skinning.parameters.mode ...").
std::optional<DynamicParameters> read_parameters_extension(const nlohmann::json& root);

// The settings the file carries, one JointSettings per entry of node_of_joint: the extension
// when the root or any joint node has it, else asset.extras.dynskin, else none. A file with
// the root extension but no joint node's (an old file given new parameters by dynskin-cli
// embed) keeps the joints of its asset.extras.dynskin. Throws SettingsError naming the bad
// value's path.
std::optional<DynamicSettings> read_settings_extension(const nlohmann::json& root,
                                                       const std::vector<int>& node_of_joint);

}  // namespace dynskin::io
