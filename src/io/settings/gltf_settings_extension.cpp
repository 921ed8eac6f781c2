#include "io/settings/gltf_settings_extension.h"

#include <string>

#include "io/settings/settings_json.h"

namespace dynskin::io {
namespace {

using nlohmann::json;

const std::string root_path = std::string("extensions.") + settings_extension;

// The extension object under `owner` (the root or a node), or null when it has none.
const json* extension_of(const json& owner, const std::string& where) {
    const auto extensions = owner.find("extensions");
    if (extensions == owner.end()) return nullptr;
    if (!extensions->is_object()) throw SettingsError(where + "extensions must be a JSON object");
    const auto found = extensions->find(settings_extension);
    if (found == extensions->end()) return nullptr;
    if (!found->is_object()) throw SettingsError(where + root_path + " must be a JSON object");
    return &*found;
}

void erase_extension(json& owner) {
    const auto extensions = owner.find("extensions");
    if (extensions == owner.end() || !extensions->is_object()) return;
    extensions->erase(settings_extension);
    if (extensions->empty()) owner.erase("extensions");
}

// Listed as used, never as required: a runtime without it still shows the plain skinning.
template <class Json>
void declare_extension(Json& root) {
    Json& used = root["extensionsUsed"];
    if (!used.is_array()) used = Json::array();
    bool listed = false;
    for (const Json& name : used) listed = listed || name == settings_extension;
    if (!listed) used.push_back(settings_extension);
    const auto required = root.find("extensionsRequired");
    if (required == root.end() || !required->is_array()) return;
    for (auto it = required->begin(); it != required->end();)
        it = *it == settings_extension ? required->erase(it) : it + 1;
    if (required->empty()) root.erase("extensionsRequired");
}

void erase_old_extras(json& root) {
    const auto asset = root.find("asset");
    if (asset == root.end() || !asset->is_object()) return;
    const auto extras = asset->find("extras");
    if (extras == asset->end() || !extras->is_object()) return;
    extras->erase("dynskin");
    if (extras->empty()) asset->erase("extras");
}

// A joint's settings where they differ from the defaults; empty when none does.
json joint_overrides(const JointSettings& joint) {
    static const json defaults = joint_settings_to_json(JointSettings{});
    const json all = joint_settings_to_json(joint);  // items() refers to it: it must outlive the loop
    json overrides = json::object();
    for (const auto& [key, value] : all.items())
        if (defaults[key] != value) overrides[key] = value;
    return overrides;
}

std::optional<DynamicSettings> old_extras_settings(const json& root) {
    const auto asset = root.find("asset");
    if (asset == root.end() || !asset->is_object()) return std::nullopt;
    const auto extras = asset->find("extras");
    if (extras == asset->end() || !extras->is_object() || !extras->contains("dynskin")) return std::nullopt;
    try {
        return settings_from_json(extras->at("dynskin"));
    } catch (const SettingsError& e) {
        throw SettingsError(std::string("asset.extras.dynskin: ") + e.what());
    }
}

}  // namespace

template <class Json>
void write_parameters_extension(Json& root, const DynamicParameters& parameters) {
    Json& extensions = root["extensions"];
    if (!extensions.is_object()) extensions = Json::object();
    extensions[settings_extension] = Json{{"version", 1}, {"parameters", Json(parameters_to_json(parameters))}};
    declare_extension(root);
}
template void write_parameters_extension(json&, const DynamicParameters&);
template void write_parameters_extension(nlohmann::ordered_json&, const DynamicParameters&);

void write_settings_extension(json& root, const DynamicSettings& settings, const std::vector<int>& node_of_joint) {
    write_parameters_extension(root, settings.parameters);
    erase_old_extras(root);
    json& nodes = root["nodes"];
    if (!nodes.is_array()) nodes = json::array();
    for (json& node : nodes)
        if (node.is_object()) erase_extension(node);
    for (std::size_t j = 0; j < settings.joints.size() && j < node_of_joint.size(); ++j) {
        const int node = node_of_joint[j];
        if (node < 0 || static_cast<std::size_t>(node) >= nodes.size()) continue;
        json overrides = joint_overrides(settings.joints[j]);
        if (!overrides.empty()) nodes[static_cast<std::size_t>(node)]["extensions"][settings_extension] = std::move(overrides);
    }
    if (nodes.empty()) root.erase("nodes");
}

std::optional<DynamicParameters> read_parameters_extension(const json& root) {
    const json* extension = extension_of(root, "");
    if (!extension) return std::nullopt;
    try {
        if (const auto version = extension->find("version");
            version != extension->end() && (!version->is_number_integer() || version->get<int>() != 1))
            throw SettingsError("version is not 1: these settings come from a newer dynskin");
        const auto parameters = extension->find("parameters");
        // No "parameters" reads as an empty one: the same missing values, the same meaning.
        return parameters_from_json(parameters == extension->end() ? json::object() : *parameters);
    } catch (const SettingsError& e) {
        throw SettingsError(root_path + "." + e.what());
    }
}

std::optional<DynamicSettings> read_settings_extension(const json& root, const std::vector<int>& node_of_joint) {
    std::optional<DynamicParameters> parameters = read_parameters_extension(root);
    const json* nodes = root.contains("nodes") && root["nodes"].is_array() ? &root["nodes"] : nullptr;
    DynamicSettings settings;
    settings.joints.resize(node_of_joint.size());
    bool any_joint = false;
    for (std::size_t j = 0; j < node_of_joint.size(); ++j) {
        const int node = node_of_joint[j];
        if (!nodes || node < 0 || static_cast<std::size_t>(node) >= nodes->size()) continue;
        const std::string where = "nodes[" + std::to_string(node) + "].";
        const json& owner = (*nodes)[static_cast<std::size_t>(node)];
        if (!owner.is_object()) continue;
        const json* extension = extension_of(owner, where);
        if (!extension) continue;
        settings.joints[j] = joint_settings_from_json(*extension, where + root_path);
        any_joint = true;
    }
    if (!parameters && !any_joint) return old_extras_settings(root);
    // Joint nodes without the root object: the parameters read as an empty one.
    settings.parameters = parameters ? *parameters : parameters_from_json(json::object());
    if (!any_joint)
        if (std::optional<DynamicSettings> old = old_extras_settings(root)) settings.joints = std::move(old->joints);
    return settings;
}

}  // namespace dynskin::io
