#include "io/gltf_character_writer.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "io/glb_container.h"
#include "io/settings_json.h"

namespace dynskin::io {
namespace {

using nlohmann::json;

constexpr int unsigned_byte_component = 5121;
constexpr int unsigned_short_component = 5123;
constexpr int unsigned_int_component = 5125;
constexpr int float_component = 5126;
constexpr int array_buffer_target = 34962;
constexpr int element_array_buffer_target = 34963;
constexpr int influences_per_set = 4;

// The BIN chunk and the JSON arrays that describe it, filled accessor by accessor.
struct BinaryBuilder {
    json& root;
    std::vector<std::uint8_t> bin;

    int add_accessor(const void* data, std::size_t byte_count, std::size_t count, int component_type,
                     const char* type, int target, const json& min_max = json()) {
        bin.resize((bin.size() + 3) / 4 * 4, 0);  // every component type here is at most 4 bytes
        const std::size_t offset = bin.size();
        const auto* bytes = static_cast<const std::uint8_t*>(data);
        bin.insert(bin.end(), bytes, bytes + byte_count);
        json view = {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", byte_count}};
        if (target != 0) view["target"] = target;
        root["bufferViews"].push_back(view);
        json accessor = {{"bufferView", root["bufferViews"].size() - 1},
                         {"componentType", component_type},
                         {"count", count},
                         {"type", type}};
        if (!min_max.is_null()) accessor.update(min_max);
        root["accessors"].push_back(accessor);
        return static_cast<int>(root["accessors"].size()) - 1;
    }

    template <typename T>
    int add_floats(const std::vector<T>& values, const char* type, int target, const json& min_max = json()) {
        return add_accessor(values.data(), values.size() * sizeof(T), values.size(), float_component, type, target,
                            min_max);
    }
};

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

void add_skin_attributes(const SkinnedMesh& mesh, BinaryBuilder& builder, json& attributes) {
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
                                                         mesh.vertex_count(), unsigned_short_component, "VEC4",
                                                         array_buffer_target);
        attributes["WEIGHTS_" + n] = builder.add_accessor(weights.data(), weights.size() * sizeof(float),
                                                          mesh.vertex_count(), float_component, "VEC4",
                                                          array_buffer_target);
    }
}

json mesh_json(const SkinnedMesh& mesh, BinaryBuilder& builder) {
    json attributes;
    attributes["POSITION"] = builder.add_floats(mesh.rest_positions, "VEC3", array_buffer_target, bounds_of(mesh.rest_positions));
    attributes["NORMAL"] = builder.add_floats(mesh.rest_normals, "VEC3", array_buffer_target);
    if (!mesh.uvs.empty()) attributes["TEXCOORD_0"] = builder.add_floats(mesh.uvs, "VEC2", array_buffer_target);
    if (!mesh.colors.empty()) {
        std::vector<std::uint8_t> colors;
        for (const glm::vec4& color : mesh.colors)
            for (int c = 0; c < 4; ++c)
                colors.push_back(static_cast<std::uint8_t>(std::lround(std::clamp(color[c], 0.0f, 1.0f) * 255.0f)));
        attributes["COLOR_0"] = builder.add_accessor(colors.data(), colors.size(), mesh.colors.size(),
                                                     unsigned_byte_component, "VEC4", array_buffer_target);
        builder.root["accessors"].back()["normalized"] = true;
    }
    add_skin_attributes(mesh, builder, attributes);
    attributes["_DYNSKIN_BEND"] = builder.add_floats(mesh.bend_weights, "SCALAR", array_buffer_target);
    const int indices = builder.add_accessor(mesh.triangles.data(), mesh.triangles.size() * sizeof(std::uint32_t),
                                             mesh.triangles.size(), unsigned_int_component, "SCALAR",
                                             element_array_buffer_target);
    // json::array for every one-element list: a bare brace list of one json is read as a copy by clang.
    return {{"primitives",
             json::array({json{{"attributes", attributes}, {"indices", indices}, {"material", 0}, {"mode", 4}}})}};
}

const char* interpolation_name(Interpolation interpolation) {
    switch (interpolation) {
        case Interpolation::Step: return "STEP";
        case Interpolation::CubicSpline: return "CUBICSPLINE";
        case Interpolation::Linear: break;
    }
    return "LINEAR";
}

const char* path_name(ChannelPath path) {
    switch (path) {
        case ChannelPath::Translation: return "translation";
        case ChannelPath::Scale: return "scale";
        case ChannelPath::Rotation: break;
    }
    return "rotation";
}

json animation_json(const AnimationClip& clip, BinaryBuilder& builder) {
    json samplers = json::array(), channels = json::array();
    for (const AnimationChannel& channel : clip.channels) {
        const json time_bounds = {{"min", json::array({channel.times.front()})},
                                  {"max", json::array({channel.times.back()})}};
        const int input = builder.add_floats(channel.times, "SCALAR", 0, time_bounds);
        const int output = builder.add_accessor(channel.values.data(), channel.values.size() * sizeof(float),
                                                channel.values.size() / static_cast<std::size_t>(channel.components()),
                                                float_component, channel.components() == 4 ? "VEC4" : "VEC3", 0);
        samplers.push_back({{"input", input}, {"output", output}, {"interpolation", interpolation_name(channel.interpolation)}});
        channels.push_back({{"sampler", samplers.size() - 1},
                            {"target", {{"node", channel.joint}, {"path", path_name(channel.path)}}}});
    }
    return {{"name", clip.name}, {"samplers", samplers}, {"channels", channels}};
}

}  // namespace

std::vector<std::uint8_t> write_character_glb(const Character& character,
                                              const std::optional<DynamicSettings>& settings) {
    if (const std::string problem = character.validate(); !problem.empty())
        throw CharacterWriteError("cannot write " + character.name + ": " + problem);
    const Skeleton& skeleton = character.skeleton;
    if (!depth_first(skeleton))
        throw CharacterWriteError("cannot write " + character.name + ": its joints are not in depth-first order");

    json root;
    root["asset"] = {{"version", "2.0"}, {"generator", "dynskin"}};
    if (settings) root["asset"]["extras"]["dynskin"] = settings_to_json(*settings);
    root["bufferViews"] = json::array();
    root["accessors"] = json::array();
    BinaryBuilder builder{root, {}};

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
    root["scenes"] = json::array({json{{"nodes", scene_nodes}}});
    root["scene"] = 0;

    json joints = json::array();
    for (int j = 0; j < skeleton.joint_count(); ++j) joints.push_back(j);
    const int binds = builder.add_accessor(character.mesh.inverse_binds.data(),
                                           character.mesh.inverse_binds.size() * sizeof(glm::mat4),
                                           character.mesh.inverse_binds.size(), float_component, "MAT4", 0);
    root["skins"] = json::array({json{{"joints", joints}, {"inverseBindMatrices", binds}}});
    root["meshes"] = json::array({mesh_json(character.mesh, builder)});
    root["materials"] = json::array({json{
        {"name", character.name},
        {"pbrMetallicRoughness",
         {{"baseColorFactor", {1.0, 1.0, 1.0, 1.0}}, {"metallicFactor", 0.0}, {"roughnessFactor", 0.6}}}}});
    if (!character.clips.empty()) {
        root["animations"] = json::array();
        for (const AnimationClip& clip : character.clips) root["animations"].push_back(animation_json(clip, builder));
    }
    root["buffers"] = json::array({json{{"byteLength", builder.bin.size()}}});
    return join_glb(root.dump(), builder.bin);
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
