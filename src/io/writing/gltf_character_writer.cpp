#include "io/writing/gltf_character_writer.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "io/gltf/glb_container.h"
#include "io/settings/gltf_settings_extension.h"
#include "io/settings/settings_json.h"
#include "io/writing/gltf_animation_writer.h"

namespace dynskin::io {
namespace {

using nlohmann::json;

namespace c = gltf_constants;
constexpr int influences_per_set = 4;

json bounds_of(const std::vector<glm::vec3>& positions) {
    glm::vec3 lo(positions.front()), hi(positions.front());
    for (const glm::vec3& p : positions) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    return {{"min", {lo.x, lo.y, lo.z}}, {"max", {hi.x, hi.y, hi.z}}};
}

// True when a glTF reader's preorder walk (roots in order, children in index order) visits
// the joints in their own order.
bool depth_first(const Skeleton& skeleton) {
    std::vector<int> open;  // the chain of ancestors of the last joint visited
    for (int j = 0; j < skeleton.joint_count(); ++j) {
        const int parent = skeleton.parents[static_cast<std::size_t>(j)];
        while (!open.empty() && open.back() != parent) open.pop_back();
        if (parent >= 0 && open.empty()) return false;
        open.push_back(j);
    }
    return true;
}

json node_of_joint(const Skeleton& skeleton, int joint) {
    const Trs& rest = skeleton.rest[static_cast<std::size_t>(joint)];
    json node = {{"name", skeleton.names[static_cast<std::size_t>(joint)]},
                 {"translation", {rest.translation.x, rest.translation.y, rest.translation.z}},
                 {"rotation", {rest.rotation.x, rest.rotation.y, rest.rotation.z, rest.rotation.w}},
                 {"scale", {rest.scale.x, rest.scale.y, rest.scale.z}}};
    json children = json::array();
    for (int k = joint + 1; k < skeleton.joint_count(); ++k)
        if (skeleton.parents[static_cast<std::size_t>(k)] == joint) children.push_back(k);
    if (!children.empty()) node["children"] = children;
    return node;
}

void add_skin_attributes(const SkinnedMesh& mesh, GltfBinaryBuilder& builder, json& attributes) {
    std::size_t widest = 1;
    for (std::size_t i = 0; i < mesh.vertex_count(); ++i)
        widest = std::max<std::size_t>(widest, mesh.weights.offsets[i + 1] - mesh.weights.offsets[i]);
    const std::size_t sets = (widest + influences_per_set - 1) / influences_per_set;
    for (std::size_t set = 0; set < sets; ++set) {
        std::vector<std::uint16_t> joints(mesh.vertex_count() * influences_per_set, 0);
        std::vector<float> weights(mesh.vertex_count() * influences_per_set, 0.0f);
        for (std::size_t i = 0; i < mesh.vertex_count(); ++i)
            for (int c = 0; c < influences_per_set; ++c) {
                const std::size_t entry = mesh.weights.offsets[i] + set * influences_per_set + static_cast<std::size_t>(c);
                if (entry >= mesh.weights.offsets[i + 1]) break;
                joints[i * influences_per_set + static_cast<std::size_t>(c)] =
                    static_cast<std::uint16_t>(mesh.weights.joints[entry]);
                weights[i * influences_per_set + static_cast<std::size_t>(c)] = mesh.weights.weights[entry];
            }
        const std::string n = std::to_string(set);
        attributes["JOINTS_" + n] = builder.add_accessor(joints.data(), joints.size() * sizeof(std::uint16_t),
                                                         mesh.vertex_count(), c::unsigned_short, "VEC4",
                                                         c::array_buffer);
        attributes["WEIGHTS_" + n] = builder.add_accessor(weights.data(), weights.size() * sizeof(float),
                                                          mesh.vertex_count(), c::float_component, "VEC4",
                                                          c::array_buffer);
    }
}

json mesh_json(const SkinnedMesh& mesh, GltfBinaryBuilder& builder) {
    json attributes;
    attributes["POSITION"] = builder.add_floats(mesh.rest_positions, "VEC3", c::array_buffer, bounds_of(mesh.rest_positions));
    attributes["NORMAL"] = builder.add_floats(mesh.rest_normals, "VEC3", c::array_buffer);
    if (!mesh.uvs.empty()) attributes["TEXCOORD_0"] = builder.add_floats(mesh.uvs, "VEC2", c::array_buffer);
    if (!mesh.colors.empty()) {
        std::vector<std::uint8_t> colors;
        for (const glm::vec4& color : mesh.colors)
            for (int c = 0; c < 4; ++c)
                colors.push_back(static_cast<std::uint8_t>(std::lround(std::clamp(color[c], 0.0f, 1.0f) * 255.0f)));
        attributes["COLOR_0"] = builder.add_accessor(colors.data(), colors.size(), mesh.colors.size(),
                                                     c::unsigned_byte, "VEC4", c::array_buffer);
        builder.root["accessors"].back()["normalized"] = true;
    }
    add_skin_attributes(mesh, builder, attributes);
    attributes["_DYNSKIN_BEND"] = builder.add_floats(mesh.bend_weights, "SCALAR", c::array_buffer);
    const int indices = builder.add_accessor(mesh.triangles.data(), mesh.triangles.size() * sizeof(std::uint32_t),
                                             mesh.triangles.size(), c::unsigned_int, "SCALAR",
                                             c::element_array_buffer);
    // json::array for every one-element list: a bare brace list of one json is read as a copy by clang.
    return {{"primitives",
             json::array({json{{"attributes", attributes}, {"indices", indices}, {"material", 0}, {"mode", 4}}})}};
}

}  // namespace

GltfBinaryBuilder character_gltf(const Character& character, const std::optional<DynamicSettings>& settings,
                                 bool with_clips) {
    if (const std::string problem = character.validate(); !problem.empty())
        throw CharacterWriteError("cannot write " + character.name + ": " + problem);
    const Skeleton& skeleton = character.skeleton;
    if (!depth_first(skeleton))
        throw CharacterWriteError("cannot write " + character.name + ": its joints are not in depth-first order");

    GltfBinaryBuilder builder;
    json& root = builder.root;
    root["asset"] = {{"version", "2.0"}, {"generator", "dynskin"}};

    // Nodes: the joints in skeleton order, then the mesh node (outside the skeleton: skinned
    // vertices are in the bind space, so its transform does not matter).
    json nodes = json::array(), scene_nodes = json::array();
    for (int j = 0; j < skeleton.joint_count(); ++j) {
        nodes.push_back(node_of_joint(skeleton, j));
        if (skeleton.parents[static_cast<std::size_t>(j)] < 0) scene_nodes.push_back(j);
    }
    const int mesh_node = skeleton.joint_count();
    nodes.push_back({{"name", character.name}, {"mesh", 0}, {"skin", 0}});
    scene_nodes.push_back(mesh_node);
    root["nodes"] = nodes;
    if (settings) {
        std::vector<int> node_of_joint(static_cast<std::size_t>(skeleton.joint_count()));
        for (int j = 0; j < skeleton.joint_count(); ++j) node_of_joint[static_cast<std::size_t>(j)] = j;
        write_settings_extension(root, *settings, node_of_joint);
    }
    root["scenes"] = json::array({json{{"nodes", scene_nodes}}});
    root["scene"] = 0;

    json joints = json::array();
    for (int j = 0; j < skeleton.joint_count(); ++j) joints.push_back(j);
    const int binds = builder.add_accessor(character.mesh.inverse_binds.data(),
                                           character.mesh.inverse_binds.size() * sizeof(glm::mat4),
                                           character.mesh.inverse_binds.size(), c::float_component, "MAT4", 0);
    root["skins"] = json::array({json{{"joints", joints}, {"inverseBindMatrices", binds}}});
    root["meshes"] = json::array({mesh_json(character.mesh, builder)});
    root["materials"] = json::array({json{
        {"name", character.name},
        {"pbrMetallicRoughness",
         {{"baseColorFactor", {1.0, 1.0, 1.0, 1.0}}, {"metallicFactor", 0.0}, {"roughnessFactor", 0.6}}}}});
    if (with_clips && !character.clips.empty()) {
        root["animations"] = json::array();
        for (const AnimationClip& clip : character.clips) root["animations"].push_back(animation_json(clip, builder));
    }
    return builder;
}

std::vector<std::uint8_t> write_character_glb(const Character& character,
                                              const std::optional<DynamicSettings>& settings) {
    return character_gltf(character, settings, true).glb();
}

void save_character_glb(const std::string& path, const Character& character,
                        const std::optional<DynamicSettings>& settings) {
    const std::vector<std::uint8_t> glb = write_character_glb(character, settings);
    try {
        write_file_atomically(path, std::string(glb.begin(), glb.end()));
    } catch (const std::exception& e) {
        throw CharacterWriteError("cannot write " + path + ": " + e.what());
    }
}

}  // namespace dynskin::io
