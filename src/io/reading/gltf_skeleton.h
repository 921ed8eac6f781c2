#pragma once
// The character's skeleton from the node tree: every skin joint, every node between joints
// and every ancestor of a joint (their transforms count), sorted parent-before-child.

#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <tiny_gltf.h>

#include "dynskin/skeleton.h"
#include "io/reading/gltf_scene_graph.h"

namespace dynskin::io {

struct SkeletonFromNodes {
    Skeleton skeleton;
    std::vector<glm::mat4> inverse_binds;  // per joint
    std::vector<int> joint_of_node;        // per node, -1 when the node is not a joint
    std::vector<int> node_of_joint;        // per joint, -1 for the synthetic root of a rigid character
    int skin_joint_count = 0;              // distinct nodes among the used skins' joints
};

// mesh_nodes: the instanced nodes with a mesh. A file without skins whose mesh nodes no
// animation moves gives a rigid character: one synthetic root joint. Unskinned mesh nodes outside every joint's subtree, and animated
// ones (or ones under an animated node) inside one, become joints themselves so they keep
// their place and their animation. Throws LoadError.
SkeletonFromNodes build_skeleton(const tinygltf::Model& model, const SceneGraph& graph,
                                 const std::vector<int>& mesh_nodes, std::vector<std::string>& warnings);

// The inverse of a rest matrix, or identity when it is singular (a joint scaled to zero).
glm::mat4 inverse_or_identity(const glm::mat4& m);

}  // namespace dynskin::io
