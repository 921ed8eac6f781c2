#include "io/reading/gltf_skeleton.h"

#include <algorithm>
#include <cmath>

#include "dynskin/gltf_loader.h"
#include "io/reading/gltf_accessors.h"

namespace dynskin::io {
namespace {

bool finite_matrix(const glm::mat4& m) {
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            if (!std::isfinite(m[c][r])) return false;
    return true;
}

void add_with_ancestors(const SceneGraph& graph, int node, std::vector<bool>& member) {
    for (int n = node; n >= 0 && !member[static_cast<std::size_t>(n)]; n = graph.parents[static_cast<std::size_t>(n)])
        member[static_cast<std::size_t>(n)] = true;
}

std::vector<int> used_skins(const tinygltf::Model& model, const std::vector<int>& mesh_nodes) {
    std::vector<int> skins;
    for (int node : mesh_nodes) {
        const int skin = model.nodes[static_cast<std::size_t>(node)].skin;
        if (skin < 0) continue;
        if (static_cast<std::size_t>(skin) >= model.skins.size())
            throw LoadError("node " + std::to_string(node) + " uses skin " + std::to_string(skin) +
                            ", which does not exist");
        if (std::find(skins.begin(), skins.end(), skin) == skins.end()) skins.push_back(skin);
    }
    return skins;
}

// Inverse bind matrices of one skin (identity when the skin has none), checked.
std::vector<glm::mat4> skin_inverse_binds(const tinygltf::Model& model, int skin_index) {
    const tinygltf::Skin& skin = model.skins[static_cast<std::size_t>(skin_index)];
    std::vector<glm::mat4> binds(skin.joints.size(), glm::mat4(1.0f));
    if (skin.inverseBindMatrices < 0) return binds;
    const std::string what = "skin " + std::to_string(skin_index) + " inverseBindMatrices";
    const AccessorValues<float> matrices = read_float_accessor(model, skin.inverseBindMatrices, what);
    if (matrices.components != 16) throw LoadError(what + " are not MAT4");
    if (matrices.count < skin.joints.size())
        throw LoadError(what + " hold " + std::to_string(matrices.count) + " matrices for " +
                        std::to_string(skin.joints.size()) + " joints");
    for (std::size_t k = 0; k < binds.size(); ++k) {
        for (int e = 0; e < 16; ++e) binds[k][e / 4][e % 4] = matrices.at(k, e);
        if (!finite_matrix(binds[k])) throw LoadError(what + " has a non-finite matrix");
    }
    return binds;
}

// Nodes whose translation, rotation or scale some animation channel targets (valid or not:
// the animation reader judges; morph weights do not move a node).
std::vector<bool> animated_nodes(const tinygltf::Model& model) {
    std::vector<bool> animated(model.nodes.size(), false);
    for (const tinygltf::Animation& animation : model.animations)
        for (const tinygltf::AnimationChannel& channel : animation.channels)
            if (channel.target_node >= 0 && static_cast<std::size_t>(channel.target_node) < animated.size() &&
                channel.target_path != "weights")
                animated[static_cast<std::size_t>(channel.target_node)] = true;
    return animated;
}

}  // namespace

glm::mat4 inverse_or_identity(const glm::mat4& m) {
    const float det = glm::determinant(m);
    if (!std::isfinite(det) || std::abs(det) < 1e-20f) return glm::mat4(1.0f);
    const glm::mat4 inverse = glm::inverse(m);
    return finite_matrix(inverse) ? inverse : glm::mat4(1.0f);
}

SkeletonFromNodes build_skeleton(const tinygltf::Model& model, const SceneGraph& graph,
                                 const std::vector<int>& mesh_nodes, std::vector<std::string>& warnings) {
    SkeletonFromNodes result;
    result.joint_of_node.assign(model.nodes.size(), -1);
    const std::vector<int> skins = used_skins(model, mesh_nodes);
    // A scene without skins moves as one piece about a synthetic root; when animations move its
    // parts, their mesh nodes and ancestors become joints under that root (one root, as a
    // glTF skin's joints need when the character is written back).
    const std::vector<bool> animated = animated_nodes(model);
    const bool parts_move = std::any_of(mesh_nodes.begin(), mesh_nodes.end(), [&](int node) {
        return graph.nearest_ancestor_or_self(node, [&](int n) { return animated[static_cast<std::size_t>(n)]; }) >= 0;
    });
    const bool synthetic_root = skins.empty();
    if (synthetic_root) {
        result.skeleton.add_joint("root", -1, Trs{});
        result.inverse_binds.push_back(glm::mat4(1.0f));
        result.node_of_joint.push_back(-1);
        if (!parts_move) return result;
    }

    std::vector<bool> member(model.nodes.size(), false), skin_joint(model.nodes.size(), false);
    for (int skin_index : skins) {
        const tinygltf::Skin& skin = model.skins[static_cast<std::size_t>(skin_index)];
        if (skin.joints.empty()) throw LoadError("skin " + std::to_string(skin_index) + " has no joint");
        for (int node : skin.joints) {
            if (node < 0 || static_cast<std::size_t>(node) >= model.nodes.size())
                throw LoadError("skin " + std::to_string(skin_index) + " lists joint node " + std::to_string(node) +
                                ", which does not exist");
            if (!graph.instanced[static_cast<std::size_t>(node)])
                throw LoadError("skin " + std::to_string(skin_index) + " joint node " + std::to_string(node) +
                                " is not in the scene");
            add_with_ancestors(graph, node, member);
            skin_joint[static_cast<std::size_t>(node)] = true;
        }
    }
    result.skin_joint_count = static_cast<int>(std::count(skin_joint.begin(), skin_joint.end(), true));
    const auto is_member = [&](int n) { return member[static_cast<std::size_t>(n)]; };
    // An unskinned mesh hangs rigidly off its nearest joint, unless it or a node between them is
    // animated (a propeller, a blinking eye): then those nodes become joints and keep their motion.
    for (int node : mesh_nodes) {
        if (model.nodes[static_cast<std::size_t>(node)].skin >= 0) continue;
        const int anchor = graph.nearest_ancestor_or_self(node, is_member);
        bool moves_on_its_own = anchor < 0;
        for (int n = node; n != anchor && !moves_on_its_own; n = graph.parents[static_cast<std::size_t>(n)])
            moves_on_its_own = animated[static_cast<std::size_t>(n)];
        if (moves_on_its_own) add_with_ancestors(graph, node, member);
    }

    for (int node : graph.preorder) {
        if (!is_member(node)) continue;
        const auto index = static_cast<std::size_t>(node);
        const int parent_node = graph.parents[index];
        const int root = synthetic_root ? 0 : -1;
        const int parent = parent_node < 0 ? root : result.joint_of_node[static_cast<std::size_t>(parent_node)];
        const std::string& name = model.nodes[index].name;
        result.joint_of_node[index] = result.skeleton.add_joint(name.empty() ? "node " + std::to_string(node) : name,
                                                                parent, graph.local[index]);
        result.node_of_joint.push_back(node);
        // Joints outside every skin are bound at rest; their weights are zero anyway, except
        // for rigidly attached meshes, whose vertices are placed with this matrix.
        result.inverse_binds.push_back(inverse_or_identity(graph.global[index]));
    }

    std::vector<bool> bind_from_skin(result.inverse_binds.size(), false);
    for (int skin_index : skins) {
        const tinygltf::Skin& skin = model.skins[static_cast<std::size_t>(skin_index)];
        const std::vector<glm::mat4> binds = skin_inverse_binds(model, skin_index);
        for (std::size_t k = 0; k < skin.joints.size(); ++k) {
            const auto joint = static_cast<std::size_t>(result.joint_of_node[static_cast<std::size_t>(skin.joints[k])]);
            if (!bind_from_skin[joint]) {
                result.inverse_binds[joint] = binds[k];
                bind_from_skin[joint] = true;
            } else if (result.inverse_binds[joint] != binds[k]) {
                warnings.push_back("joint '" + result.skeleton.names[joint] +
                                   "' has different inverse binds in two skins; the first is used");
            }
        }
    }
    return result;
}

}  // namespace dynskin::io
