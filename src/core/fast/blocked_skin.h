#pragma once
// The skin regrouped for SIMD. Vertices are cut into windows of consecutive indices (so the
// outputs a window writes stay in cache, and threads share the work by windows), and inside
// a window into blocks of kLanes vertices that have the same influence joints and the same
// ancestor joints. A joint's skinning matrix or bend drive is then one broadcast per block,
// never a gather, and everything per vertex is stored lane by lane (structure of arrays).
// Built once per character, like the hierarchical weights.

#include <cstddef>
#include <cstdint>
#include <vector>

#include "dynskin/hierarchical_weights.h"
#include "dynskin/skinned_mesh.h"

namespace dynskin {

struct BlockedSkin {
    static constexpr int kLanes = 16;
    static constexpr std::uint32_t kWindowVertices = 2048;
    static constexpr std::uint32_t kNoVertex = ~0u;  // a padding lane

    // The joints shared by the vertices of a block: those with a non-zero skinning weight,
    // then those with beta > 0 (the hierarchical weights' row, sorted, parents first).
    struct Group {
        std::uint32_t influences_begin, influence_count;  // into joints
        std::uint32_t ancestors_begin, ancestor_count;    // into joints
    };
    std::vector<std::uint32_t> joints;
    std::vector<Group> groups;

    // Per block.
    std::vector<std::uint32_t> block_group;
    std::vector<std::uint32_t> block_weights;  // first row of the block in weights
    std::vector<std::uint32_t> block_betas;    // first row of the block in betas
    std::vector<std::uint8_t> block_contiguous;  // lanes are the vertices first, first + 1, ...
    std::vector<std::uint32_t> window_blocks{0};  // window w has blocks [window_blocks[w], window_blocks[w+1])

    // Per lane (block * kLanes + lane) or per row of kLanes values.
    std::vector<std::uint32_t> vertex;  // the mesh's vertex index, or kNoVertex
    std::vector<float> rest;            // six rows per block: position x, y, z, normal x, y, z
    std::vector<float> weights;         // one row per influence of the block's group
    std::vector<float> betas;           // one row per ancestor of the block's group

    std::size_t block_count() const { return block_group.size(); }
    std::size_t window_count() const { return window_blocks.size() - 1; }
    std::size_t vertex_count = 0;  // of the mesh
    std::size_t lane_count() const { return vertex.size(); }
    std::size_t memory_bytes() const;
};

// order (optional, one value per vertex): inside a window, the vertices of a group are
// sorted by it instead of by index (dLBS puts vertices with close delays side by side),
// at the price of blocks that are no longer runs of consecutive vertices.
// The start of a run of `count` elements from `first` in one of these tables, or null when the
// run is empty. Its address is then never formed: past a table's end, or on an empty table
// (all-zero weights: data() is null), that arithmetic is undefined behaviour, and whether a
// lane offset reaches it depends on how many lanes the CPU's SIMD target takes per slice.
template <class T>
const T* run_start(const std::vector<T>& table, std::size_t first, std::size_t count) {
    return count == 0 ? nullptr : table.data() + first;
}

BlockedSkin build_blocked_skin(const SkinnedMesh& mesh, const HierarchicalWeights& betas,
                               const std::vector<float>* order = nullptr);

}  // namespace dynskin
