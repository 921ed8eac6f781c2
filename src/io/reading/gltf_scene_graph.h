#pragma once
// The node tree of the scene to show: parents (checked for cycles and shared children),
// local rest transforms (checked for NaN) and global rest matrices.

#include <vector>

#include <glm/glm.hpp>
#include <tiny_gltf.h>

#include "dynskin/transform.h"

namespace dynskin::io {

struct SceneGraph {
    std::vector<int> parents;           // per node, -1 for a root
    std::vector<std::vector<int>> children;
    std::vector<int> roots;             // the shown scene's root nodes, in file order
    std::vector<bool> instanced;        // per node: in the shown scene
    std::vector<int> preorder;          // instanced nodes, every parent before its children
    std::vector<Trs> local;             // per node, parent-local rest transform
    std::vector<glm::mat4> global;      // per instanced node, rest world matrix

    // The nearest node among `node` and its ancestors with is_member true, or -1.
    template <typename Predicate>
    int nearest_ancestor_or_self(int node, Predicate is_member) const {
        for (int n = node; n >= 0; n = parents[static_cast<std::size_t>(n)])
            if (is_member(n)) return n;
        return -1;
    }
};

// The default scene (or the first scene, or every root node when the file has no scene).
// Throws LoadError on a cycle, a node listed twice as a child, a child that does not exist
// or a non-finite transform. Adds a warning when a node matrix has shear.
SceneGraph build_scene_graph(const tinygltf::Model& model, std::vector<std::string>& warnings);

}  // namespace dynskin::io
