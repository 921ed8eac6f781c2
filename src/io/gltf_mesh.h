#pragma once
// The character's skin from the scene's mesh primitives: skinned ones by their skin, unskinned
// ones rigidly on their nearest joint. Vertices are concatenated in file order (mesh nodes in
// node order, primitives in order, each primitive's vertices in order), never welded.

#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "core/skinned_mesh.h"
#include "io/gltf_scene_graph.h"
#include "io/gltf_skeleton.h"

namespace dynskin::io {

// Where one primitive's vertices went in the character's mesh.
struct PrimitiveVertices {
    int mesh = 0;
    int primitive = 0;
    std::size_t first_vertex = 0;
    std::size_t vertex_count = 0;
};

struct MeshFromPrimitives {
    SkinnedMesh mesh;
    std::size_t file_vertex_count = 0;    // every primitive as stored, each instance counted
    std::size_t file_triangle_count = 0;
    int first_material = -1;              // of the first triangle primitive that has one
    std::vector<PrimitiveVertices> sources;  // in vertex order
    std::vector<int> morph_group_of_node;    // per node: its group in mesh.morphs, or -1
};

// Throws LoadError on data that cannot be shown; lists lesser problems in warnings.
MeshFromPrimitives build_mesh(const tinygltf::Model& model, const SceneGraph& graph, const SkeletonFromNodes& skeleton,
                              const std::vector<int>& mesh_nodes, std::vector<std::string>& warnings);

}  // namespace dynskin::io
