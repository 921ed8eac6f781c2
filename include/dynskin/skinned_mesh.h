#pragma once
// The skin: rest geometry, sparse skinning weights, inverse binds and per-vertex layers.

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "dynskin/morph_targets.h"

namespace dynskin {

// Skinning weights in compressed rows: vertex i's influences are the entries
// [offsets[i], offsets[i+1]) of joints and weights. Any number of influences per vertex.
struct SkinningWeights {
    std::vector<std::uint32_t> offsets{0};  // vertex_count + 1 entries, offsets[0] == 0
    std::vector<std::uint32_t> joints;
    std::vector<float> weights;

    std::size_t vertex_count() const { return offsets.size() - 1; }
    void add_vertex(const std::vector<std::pair<std::uint32_t, float>>& influences);
};

// The geometry skinning starts from: the mesh's rest, or its morphed copy (MorphedRest).
struct RestShape {
    const std::vector<glm::vec3>& positions;
    const std::vector<glm::vec3>& normals;
};

struct SkinnedMesh {
    std::vector<glm::vec3> rest_positions;  // bind-pose positions, in the skeleton's world frame
    std::vector<glm::vec3> rest_normals;    // unit, one per vertex
    std::vector<std::uint32_t> triangles;   // three vertex indices per triangle
    SkinningWeights weights;                // sums of one per vertex
    std::vector<glm::mat4> inverse_binds;   // one per skeleton joint (identity for non-skin joints)

    // Paintable layer: gamma_i scales the bend of vertex i (1 by default, negative
    // values give anticipation instead of lag, 0 keeps the vertex rigid).
    std::vector<float> bend_weights;
    // Velocity Skinning's layers, empty when uniform 1. floppy: scales the drag (the lag
    // that lasts while a joint moves) within the bend, leaving the wobbles; squash: scales
    // the squash & stretch. Negative values anticipate the motion instead.
    std::vector<float> floppy_weights;
    std::vector<float> squash_weights;

    // Shape keys over the rest geometry, empty for most rigs (see morphed_rest.h).
    MorphTargets morphs;

    // Display-only attributes, empty when the source has none.
    std::vector<glm::vec2> uvs;
    std::vector<glm::vec4> colors;

    std::size_t vertex_count() const { return rest_positions.size(); }
    std::size_t triangle_count() const { return triangles.size() / 3; }
    RestShape rest_shape() const { return {rest_positions, rest_normals}; }
    static float layer_value(const std::vector<float>& layer, std::size_t i) { return layer.empty() ? 1.0f : layer[i]; }

    // Empty when consistent with a skeleton of joint_count joints, else the first problem.
    std::string validate(int joint_count) const;
};

// Area-weighted vertex normals of a triangle mesh (for meshes that come without normals).
std::vector<glm::vec3> compute_vertex_normals(const std::vector<glm::vec3>& positions,
                                              const std::vector<std::uint32_t>& triangles);

}  // namespace dynskin
