#include "io/reading/gltf_morph_targets.h"

#include <algorithm>
#include <cmath>

#include "dynskin/gltf_loader.h"
#include "io/reading/gltf_accessors.h"

namespace dynskin::io {
namespace {

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

int target_attribute(const std::map<std::string, int>& target, const char* name) {
    const auto it = target.find(name);
    return it == target.end() ? -1 : it->second;
}

std::size_t target_count(const tinygltf::Mesh& mesh) {
    std::size_t k = 0;
    for (const tinygltf::Primitive& p : mesh.primitives) k = std::max(k, p.targets.size());
    return k;
}

// weights as K usable defaults, or empty (with a warning) when they cannot be.
std::vector<float> default_weights(const std::vector<double>& stored, std::size_t k, const std::string& whose,
                                   std::vector<std::string>& warnings) {
    if (stored.empty()) return {};
    if (stored.size() != k) {
        warnings.push_back(whose + " has " + std::to_string(stored.size()) + " morph weights for " + std::to_string(k) +
                           " morph targets; they are ignored");
        return {};
    }
    if (!std::all_of(stored.begin(), stored.end(), [](double w) { return std::isfinite(w); })) {
        warnings.push_back(whose + " has non-finite morph weights; they are ignored");
        return {};
    }
    return std::vector<float>(stored.begin(), stored.end());
}

}  // namespace

MorphTargetReader::MorphTargetReader(const tinygltf::Model& model, std::vector<std::string>& warnings)
    : model_(model), warnings_(warnings), group_of_node_(model.nodes.size(), -1) {}

int MorphTargetReader::begin_node(int node_index, MorphTargets& morphs) {
    const tinygltf::Node& node = model_.nodes[static_cast<std::size_t>(node_index)];
    const tinygltf::Mesh& mesh = model_.meshes[static_cast<std::size_t>(node.mesh)];
    const std::size_t k = target_count(mesh);
    if (k == 0) return -1;
    MorphGroup group;
    group.name = node.name.empty() ? "node " + std::to_string(node_index) : node.name;
    group.first_weight = static_cast<std::uint32_t>(morphs.weight_count());
    group.targets.resize(k);
    // The node's weights override the mesh's; both default to zero (glTF 2.0, 3.7.2.2).
    group.default_weights = default_weights(mesh.weights, k, "mesh " + std::to_string(node.mesh), warnings_);
    std::vector<float> node_weights = default_weights(node.weights, k, "node " + std::to_string(node_index), warnings_);
    if (!node_weights.empty()) group.default_weights = std::move(node_weights);
    if (group.default_weights.empty()) group.default_weights.assign(k, 0.0f);
    morphs.groups.push_back(std::move(group));
    group_of_node_[static_cast<std::size_t>(node_index)] = static_cast<int>(morphs.groups.size() - 1);
    return group_of_node_[static_cast<std::size_t>(node_index)];
}

// A target attribute's deltas, or empty (with a warning) when it cannot be used.
std::vector<glm::vec3> MorphTargetReader::read_deltas(int accessor, std::size_t vertex_count, const std::string& what) {
    const AccessorValues<float> stored = read_float_accessor(model_, accessor, what);
    if (stored.components != 3 || stored.count != vertex_count) {
        warnings_.push_back(what + (stored.components != 3 ? " is not VEC3"
                                                           : " has " + std::to_string(stored.count) + " elements for " +
                                                                 std::to_string(vertex_count) + " vertices") +
                            "; it is ignored");
        return {};
    }
    std::vector<glm::vec3> deltas(vertex_count);
    std::size_t replaced = 0;
    for (std::size_t i = 0; i < vertex_count; ++i) {
        deltas[i] = glm::vec3(stored.at(i, 0), stored.at(i, 1), stored.at(i, 2));
        if (!finite(deltas[i])) {
            deltas[i] = glm::vec3(0.0f);
            ++replaced;
        }
    }
    if (replaced > 0)
        warnings_.push_back(what + " has " + std::to_string(replaced) + " non-finite deltas; they are set to zero");
    return deltas;
}

void MorphTargetReader::add_primitive(const tinygltf::Primitive& primitive, std::uint32_t first_vertex,
                                      std::size_t vertex_count, const glm::mat3& placement,
                                      const glm::mat3& normal_placement, const std::string& where, MorphGroup& group) {
    if (primitive.targets.size() != group.targets.size())
        warnings_.push_back(where + " has " + std::to_string(primitive.targets.size()) + " morph targets where its mesh has " +
                            std::to_string(group.targets.size()) + "; the missing ones do not move it");
    // A stored normal n becomes N n / |N n| (unit), so its delta is scaled alike: the
    // morphed normal N (n + dn) / |N n| then has the direction glTF gives it.
    std::vector<float> normal_scale(vertex_count, 1.0f);
    const auto normal_attribute = primitive.attributes.find("NORMAL");
    if (normal_attribute != primitive.attributes.end()) {
        const AccessorValues<float> normals = read_float_accessor(model_, normal_attribute->second, where + " NORMAL");
        if (normals.components == 3 && normals.count == vertex_count)
            for (std::size_t i = 0; i < vertex_count; ++i) {
                const float length =
                    glm::length(normal_placement * glm::vec3(normals.at(i, 0), normals.at(i, 1), normals.at(i, 2)));
                if (length > 0.0f && std::isfinite(length)) normal_scale[i] = 1.0f / length;
            }
    }
    for (std::size_t k = 0; k < std::min(primitive.targets.size(), group.targets.size()); ++k) {
        const std::map<std::string, int>& source = primitive.targets[k];
        const std::string what = where + " morph target " + std::to_string(k);
        if (target_attribute(source, "TANGENT") >= 0 && !warned_tangents_) {
            warned_tangents_ = true;
            warnings_.push_back(what + " has TANGENT deltas; dynskin ignores morph target tangents");
        }
        const int position_accessor = target_attribute(source, "POSITION");
        const int normal_accessor = target_attribute(source, "NORMAL");
        std::vector<glm::vec3> positions, normals;
        if (position_accessor >= 0) positions = read_deltas(position_accessor, vertex_count, what + " POSITION");
        if (normal_accessor >= 0) normals = read_deltas(normal_accessor, vertex_count, what + " NORMAL");
        MorphTarget& target = group.targets[k];
        // Normal deltas are kept for every listed vertex once some primitive has them.
        const bool had_normals = !target.normal_deltas.empty();
        const bool with_normals = had_normals || !normals.empty();
        if (with_normals && !had_normals) target.normal_deltas.assign(target.vertices.size(), glm::vec3(0.0f));
        for (std::size_t i = 0; i < vertex_count; ++i) {
            const glm::vec3 dp = positions.empty() ? glm::vec3(0.0f) : placement * positions[i];
            const glm::vec3 dn = normals.empty() ? glm::vec3(0.0f) : normal_scale[i] * (normal_placement * normals[i]);
            if (dp == glm::vec3(0.0f) && dn == glm::vec3(0.0f)) continue;  // sparse: only what moves
            target.vertices.push_back(first_vertex + static_cast<std::uint32_t>(i));
            target.position_deltas.push_back(dp);
            if (with_normals) target.normal_deltas.push_back(dn);
        }
    }
}

}  // namespace dynskin::io
