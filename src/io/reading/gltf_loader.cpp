#include "dynskin/gltf_loader.h"

#include "io/reading/gltf_animation.h"
#include "io/reading/gltf_character_builder.h"
#include "io/reading/gltf_material.h"
#include "io/reading/gltf_scene_graph.h"
#include "io/reading/gltf_skeleton.h"
#include "io/settings/gltf_settings_extension.h"
#include "io/settings/settings_json.h"

namespace dynskin::io {
namespace {

std::vector<int> instanced_mesh_nodes(const tinygltf::Model& model, const SceneGraph& graph) {
    std::vector<int> nodes;
    for (std::size_t n = 0; n < model.nodes.size(); ++n)
        if (graph.instanced[n] && model.nodes[n].mesh >= 0) nodes.push_back(static_cast<int>(n));
    return nodes;
}

// The settings the file carries (the DYNSKIN_dynamic_skinning extension, or the old
// asset.extras.dynskin). Bad settings do not stop the file from showing: they become a warning
// naming the bad value, and the defaults are used.
std::optional<DynamicSettings> saved_settings(const nlohmann::json& json, const std::vector<int>& node_of_joint,
                                              std::vector<std::string>& warnings) {
    try {
        std::optional<DynamicSettings> settings = read_settings_extension(json, node_of_joint);
        if (settings && settings->joints.size() != node_of_joint.size()) {
            warnings.push_back("the saved settings have " + std::to_string(settings->joints.size()) +
                               " joints for a skeleton of " + std::to_string(node_of_joint.size()) +
                               "; missing joints use defaults");
            settings->joints.resize(node_of_joint.size());
        }
        return settings;
    } catch (const SettingsError& e) {
        warnings.push_back(std::string("the saved dynskin settings are unreadable (") + e.what() +
                           "); defaults are used");
        return std::nullopt;
    }
}

std::string file_stem(const std::string& path) {
    const std::size_t slash = path.find_last_of('/');
    std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    const std::size_t dot = name.find_last_of('.');
    return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

std::string parent_folder(const std::string& path) {
    const std::size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

}  // namespace

namespace {

BuiltCharacter build_character_unguarded(const std::vector<std::uint8_t>& bytes, const std::string& base_dir,
                                         const std::string& name) {
    BuiltCharacter built{parse_gltf_document(bytes, base_dir), {}, {}, {}};
    const tinygltf::Model& model = built.document.model;
    LoadedCharacter& loaded = built.loaded;

    const SceneGraph graph = build_scene_graph(model, loaded.warnings);
    const std::vector<int> mesh_nodes = instanced_mesh_nodes(model, graph);
    if (mesh_nodes.empty())
        throw LoadError(model.skins.empty() ? "the file has no mesh to show" : "the file has a skeleton but no mesh");
    SkeletonFromNodes skeleton = build_skeleton(model, graph, mesh_nodes, loaded.warnings);
    MeshFromPrimitives mesh = build_mesh(model, graph, skeleton, mesh_nodes, loaded.warnings);
    if (mesh.mesh.vertex_count() == 0 || mesh.mesh.triangles.empty())
        throw LoadError("the file has no triangle to show");

    Character& character = loaded.character;
    character.name = name;
    character.skeleton = std::move(skeleton.skeleton);
    character.mesh = std::move(mesh.mesh);
    character.mesh.inverse_binds = skeleton.inverse_binds;
    character.clips = read_animations(model, skeleton, character.mesh.morphs, mesh.morph_group_of_node, loaded.warnings);
    if (const std::string problem = character.validate(); !problem.empty()) throw LoadError(problem);

    loaded.file_vertex_count = mesh.file_vertex_count;
    loaded.file_triangle_count = mesh.file_triangle_count;
    loaded.skin_joint_count = skeleton.skin_joint_count;
    loaded.look = read_display_look(model, built.document.image_bytes, mesh.sources, std::move(mesh.texture_uvs),
                                    loaded.warnings);
    loaded.settings = saved_settings(built.document.json, skeleton.node_of_joint, loaded.warnings);
    built.sources = std::move(mesh.sources);
    built.node_of_joint = skeleton.node_of_joint;
    return built;
}

}  // namespace

BuiltCharacter build_character(const std::vector<std::uint8_t>& bytes, const std::string& base_dir,
                               const std::string& name) {
    try {
        return build_character_unguarded(bytes, base_dir, name);
    } catch (const LoadError&) {
        throw;
    } catch (const std::bad_alloc&) {
        throw LoadError("the file needs more memory than is available");
    } catch (const std::exception& e) {
        throw LoadError(std::string("the file is malformed: ") + e.what());
    }
}

LoadedCharacter load_gltf(const std::string& path) {
    return build_character(read_file_bytes(path), parent_folder(path), file_stem(path)).loaded;
}

LoadedCharacter load_gltf_from_memory(const std::vector<std::uint8_t>& bytes, const std::string& base_dir) {
    return build_character(bytes, base_dir, "character").loaded;
}

}  // namespace dynskin::io
