#pragma once
// The file's morph targets as the core's morph groups: one group per instanced mesh node
// whose mesh has targets, with the node's weights (else the mesh's) as defaults. Deltas are
// placed like the vertices they move (a rigid primitive's placement), stored sparsely.
// Targets that cannot be used (wrong type or count, non-finite deltas) become warnings.

#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <tiny_gltf.h>

#include "dynskin/morph_targets.h"

namespace dynskin::io {

class MorphTargetReader {
public:
    MorphTargetReader(const tinygltf::Model& model, std::vector<std::string>& warnings);

    // Starts the group of a mesh node when its mesh has morph targets; -1 otherwise.
    int begin_node(int node_index, MorphTargets& morphs);

    // One primitive of that node, whose vertices went to [first_vertex, + vertex_count):
    // adds its targets' deltas to the group's targets. placement: the linear part of the
    // vertices' placement; normal_placement: the normals'.
    void add_primitive(const tinygltf::Primitive& primitive, std::uint32_t first_vertex, std::size_t vertex_count,
                       const glm::mat3& placement, const glm::mat3& normal_placement, const std::string& where,
                       MorphGroup& group);

    // Per node: its morph group, or -1.
    const std::vector<int>& group_of_node() const { return group_of_node_; }

private:
    std::vector<glm::vec3> read_deltas(int accessor, std::size_t vertex_count, const std::string& what);

    const tinygltf::Model& model_;
    std::vector<std::string>& warnings_;
    std::vector<int> group_of_node_;
    bool warned_tangents_ = false;
};

}  // namespace dynskin::io
