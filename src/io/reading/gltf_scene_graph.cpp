#include "io/reading/gltf_scene_graph.h"

#include <algorithm>
#include <cmath>
#include <string>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

#include "dynskin/gltf_loader.h"

namespace dynskin::io {
namespace {

std::string node_name(const tinygltf::Model& model, int node) {
    const std::string& name = model.nodes[static_cast<std::size_t>(node)].name;
    return "node " + std::to_string(node) + (name.empty() ? "" : " ('" + name + "')");
}

bool all_finite(const std::vector<double>& values) {
    for (double v : values)
        if (!std::isfinite(v)) return false;
    return true;
}

// Whether T R S gives back the matrix, relative to its size.
bool is_translation_rotation_scale(const glm::dmat4& m, const Trs& trs) {
    const glm::dmat4 back(trs.to_matrix());
    double largest = 0.0, error = 0.0;
    for (int c = 0; c < 3; ++c)
        for (int r = 0; r < 4; ++r) {
            largest = std::max(largest, std::abs(m[c][r]));
            error = std::max(error, std::abs(back[c][r] - m[c][r]));
        }
    return error <= 1e-4 * largest && m[0][3] == 0.0 && m[1][3] == 0.0 && m[2][3] == 0.0 && m[3][3] == 1.0;
}

Trs local_transform(const tinygltf::Model& model, int index, std::vector<std::string>& warnings) {
    const tinygltf::Node& node = model.nodes[static_cast<std::size_t>(index)];
    if (!all_finite(node.matrix) || !all_finite(node.translation) || !all_finite(node.rotation) ||
        !all_finite(node.scale))
        throw LoadError(node_name(model, index) + " has a non-finite transform");
    Trs trs;
    if (node.matrix.size() == 16) {
        glm::dmat4 m;
        for (int k = 0; k < 16; ++k) m[k / 4][k % 4] = node.matrix[static_cast<std::size_t>(k)];
        if (!decompose(m, trs))
            throw LoadError(node_name(model, index) + " has a singular matrix");
        if (!is_translation_rotation_scale(m, trs))
            warnings.push_back(node_name(model, index) + " has a sheared or projective matrix; only its translation, "
                                                         "rotation and scale are kept");
        return trs;
    }
    if (node.translation.size() == 3)
        trs.translation = glm::vec3(node.translation[0], node.translation[1], node.translation[2]);
    if (node.scale.size() == 3) trs.scale = glm::vec3(node.scale[0], node.scale[1], node.scale[2]);
    if (node.rotation.size() == 4) {
        const glm::quat q(static_cast<float>(node.rotation[3]), static_cast<float>(node.rotation[0]),
                          static_cast<float>(node.rotation[1]), static_cast<float>(node.rotation[2]));
        const float length = glm::length(q);
        if (!(length > 1e-6f) || !std::isfinite(length))
            throw LoadError(node_name(model, index) + " has a zero rotation quaternion");
        if (std::abs(length - 1.0f) > 1e-3f)
            warnings.push_back(node_name(model, index) + " has a non-unit rotation; it is normalised");
        trs.rotation = q / length;
    }
    return trs;
}

}  // namespace

SceneGraph build_scene_graph(const tinygltf::Model& model, std::vector<std::string>& warnings) {
    const int node_count = static_cast<int>(model.nodes.size());
    SceneGraph graph;
    graph.parents.assign(model.nodes.size(), -1);
    graph.children.resize(model.nodes.size());
    for (int n = 0; n < node_count; ++n) {
        for (int child : model.nodes[static_cast<std::size_t>(n)].children) {
            if (child < 0 || child >= node_count)
                throw LoadError(node_name(model, n) + " has child " + std::to_string(child) + ", which does not exist");
            if (child == n) throw LoadError(node_name(model, n) + " is its own child");
            if (graph.parents[static_cast<std::size_t>(child)] != -1)
                throw LoadError(node_name(model, child) + " has two parents");
            graph.parents[static_cast<std::size_t>(child)] = n;
            graph.children[static_cast<std::size_t>(n)].push_back(child);
        }
    }
    // With one parent per node, a cycle is a walk upwards longer than the node count.
    for (int n = 0; n < node_count; ++n) {
        int steps = 0;
        for (int a = n; a >= 0; a = graph.parents[static_cast<std::size_t>(a)])
            if (++steps > node_count) throw LoadError("the node hierarchy has a cycle through " + node_name(model, n));
    }

    const int scene = model.defaultScene >= 0 && static_cast<std::size_t>(model.defaultScene) < model.scenes.size()
                          ? model.defaultScene
                          : (model.scenes.empty() ? -1 : 0);
    if (model.defaultScene >= 0 && scene != model.defaultScene)
        warnings.push_back("the default scene " + std::to_string(model.defaultScene) + " does not exist; scene " +
                           std::to_string(scene) + " is shown");
    graph.instanced.assign(model.nodes.size(), false);
    if (scene >= 0) {
        for (int root : model.scenes[static_cast<std::size_t>(scene)].nodes) {
            if (root < 0 || root >= node_count)
                throw LoadError("scene " + std::to_string(scene) + " lists node " + std::to_string(root) +
                                ", which does not exist");
            if (graph.parents[static_cast<std::size_t>(root)] != -1)
                throw LoadError("scene " + std::to_string(scene) + " lists " + node_name(model, root) +
                                " as a root, but it has a parent");
            if (!graph.instanced[static_cast<std::size_t>(root)]) graph.roots.push_back(root);
            graph.instanced[static_cast<std::size_t>(root)] = true;
        }
    } else {
        for (int n = 0; n < node_count; ++n)
            if (graph.parents[static_cast<std::size_t>(n)] == -1) graph.roots.push_back(n);
    }

    graph.local.resize(model.nodes.size());
    for (int n = 0; n < node_count; ++n) graph.local[static_cast<std::size_t>(n)] = local_transform(model, n, warnings);

    graph.global.assign(model.nodes.size(), glm::mat4(1.0f));
    std::vector<int> stack(graph.roots.rbegin(), graph.roots.rend());
    while (!stack.empty()) {
        const int n = stack.back();
        stack.pop_back();
        const auto index = static_cast<std::size_t>(n);
        graph.instanced[index] = true;
        graph.preorder.push_back(n);
        const int parent = graph.parents[index];
        const glm::mat4 local = graph.local[index].to_matrix();
        graph.global[index] = parent < 0 ? local : graph.global[static_cast<std::size_t>(parent)] * local;
        const std::vector<int>& kids = graph.children[index];
        stack.insert(stack.end(), kids.rbegin(), kids.rend());
    }
    return graph;
}

}  // namespace dynskin::io
