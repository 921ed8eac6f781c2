#pragma once
// Keeps a blocked skin's rest rows (which the SIMD kernels read lane by lane) equal to a
// MorphedRest: where each morphable vertex sits in the rows, and which revision of each
// morph group was copied there. A sync copies only the groups that changed since the last
// one; a mesh without morph targets keeps nothing and a sync returns at once.

#include <cstdint>
#include <vector>

#include "core/fast/blocked_skin.h"
#include "core/formulas/morphed_rest.h"

namespace dynskin {

class BlockedRestMorph {
public:
    BlockedRestMorph(const BlockedSkin& skin, const SkinnedMesh& mesh);

    void sync(const MorphedRest& morphed, BlockedSkin& skin);

private:
    std::vector<std::uint32_t> rows_;  // per morphable vertex: its position x in skin.rest
    std::vector<std::uint64_t> revisions_;
};

}  // namespace dynskin
