#pragma once
// The character's skin from the scene's mesh primitives: skinned ones by their skin, unskinned
// ones rigidly on their nearest joint. Vertices are concatenated in file order (mesh nodes in
// node order, primitives in order, each primitive's vertices in order), never welded.

#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "dynskin/skinned_mesh.h"
#include "io/reading/gltf_scene_graph.h"
#include "io/reading/gltf_skeleton.h"

namespace dynskin::io {

// Where one primitive's vertices and triangles went in the character's mesh. Primitives of one
// node that share their vertex data share their vertices (same first_vertex).
struct PrimitiveVertices {
    int mesh = 0;
    int primitive = 0;
    std::size_t first_vertex = 0;
    std::size_t vertex_count = 0;
    std::size_t first_triangle = 0;  // in mesh.triangles, 3 indices each
    std::size_t triangle_count = 0;
    int material = -1;               // as the file says (-1: none; may be out of range)
    bool has_texture_uvs = false;    // texture_uvs holds the set its base colour texture reads
    int node = -1;                   // the mesh node it was instanced by
};

struct MeshFromPrimitives {
    SkinnedMesh mesh;
    std::size_t file_vertex_count = 0;    // every primitive as stored, each instance counted
    std::size_t file_triangle_count = 0;
    // Per vertex, the TEXCOORD_n set that its primitive's base colour texture reads (zero
    // where there is none); empty when no primitive has such a texture and set.
    std::vector<glm::vec2> texture_uvs;
    std::vector<PrimitiveVertices> sources;  // in vertex order
    std::vector<int> morph_group_of_node;    // per node: its group in mesh.morphs, or -1
};

// Throws LoadError on data that cannot be shown; lists lesser problems in warnings.
MeshFromPrimitives build_mesh(const tinygltf::Model& model, const SceneGraph& graph, const SkeletonFromNodes& skeleton,
                              const std::vector<int>& mesh_nodes, std::vector<std::string>& warnings);

}  // namespace dynskin::io
