#include "core/fast/blocked_rest_morph.h"

namespace dynskin {

BlockedRestMorph::BlockedRestMorph(const BlockedSkin& skin, const SkinnedMesh& mesh)
    : revisions_(mesh.morphs.groups.size(), 0) {
    if (mesh.morphs.empty()) return;
    constexpr std::size_t L = BlockedSkin::kLanes;
    std::vector<std::uint32_t> row_of_vertex(skin.vertex_count, 0);
    for (std::size_t lane = 0; lane < skin.lane_count(); ++lane) {
        const std::uint32_t v = skin.vertex[lane];
        if (v != BlockedSkin::kNoVertex) row_of_vertex[v] = static_cast<std::uint32_t>(lane / L * 6 * L + lane % L);
    }
    for (std::uint32_t v : morphable_vertices(mesh.morphs).vertices) rows_.push_back(row_of_vertex[v]);
}

void BlockedRestMorph::sync(const MorphedRest& morphed, BlockedSkin& skin) {
    if (rows_.empty()) return;
    constexpr std::size_t L = BlockedSkin::kLanes;
    const MorphableVertices& morphable = morphed.morphable();
    const RestShape shape = morphed.shape();
    for (std::size_t g = 0; g < revisions_.size(); ++g) {
        if (morphed.revision(g) == revisions_[g]) continue;
        revisions_[g] = morphed.revision(g);
        for (std::uint32_t e = morphable.group_begin[g]; e < morphable.group_begin[g + 1]; ++e) {
            float* row = skin.rest.data() + rows_[e];
            const glm::vec3& p = shape.positions[morphable.vertices[e]];
            const glm::vec3& n = shape.normals[morphable.vertices[e]];
            for (int c = 0; c < 3; ++c) {
                row[c * L] = p[c];
                row[(3 + c) * L] = n[c];
            }
        }
    }
}

}  // namespace dynskin
