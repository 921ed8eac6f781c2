#pragma once
// Morph targets as glTF 2.0 defines them, over the character's vertices: each morph group
// (one mesh node instance) has K targets sharing K weights; the morphed rest shape is
// rest + sum_k w_k dp_k, its normals normalize(n + sum_k w_k dn_k). Skinning and the
// dynamics then start from that shape (morph, then skin).

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace dynskin {

// One target of a group, stored sparsely: only the vertices it moves.
struct MorphTarget {
    std::vector<std::uint32_t> vertices;     // mesh vertex indices, strictly increasing
    std::vector<glm::vec3> position_deltas;  // one per listed vertex
    std::vector<glm::vec3> normal_deltas;    // one per listed vertex, or empty: normals unchanged
};

// The targets of one mesh node instance (all its primitives): an animation's `weights`
// channel on that node sets its K weights at once.
struct MorphGroup {
    std::string name;                    // the node's, for messages and panels
    std::uint32_t first_weight = 0;      // its weights are Pose::morph_weights[first_weight, + K)
    std::vector<float> default_weights;  // K: the node's weights, else the mesh's, else zeros
    std::vector<MorphTarget> targets;    // K
};

struct MorphTargets {
    std::vector<MorphGroup> groups;  // vertex sets of different groups do not overlap

    bool empty() const { return groups.empty(); }
    std::size_t weight_count() const;           // the sum of every group's K
    std::vector<float> default_weights() const;  // flattened, group after group

    // Empty when usable on a mesh of vertex_count vertices, else the first problem.
    std::string validate(std::size_t vertex_count) const;
};

// The vertices each group may move (the union of its targets' vertices, increasing),
// group after group: group g's are vertices[group_begin[g], group_begin[g + 1]).
struct MorphableVertices {
    std::vector<std::uint32_t> vertices;
    std::vector<std::uint32_t> group_begin{0};
};
MorphableVertices morphable_vertices(const MorphTargets& morphs);

}  // namespace dynskin
