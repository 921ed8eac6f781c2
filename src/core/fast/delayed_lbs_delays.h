#pragma once
// What dLBS needs beyond the blocked skin (blocked_skin.h), in the same layout: each
// vertex's skeleton distance to every joint of its group's ancestor list, lane by lane, and
// for each group the shape of its chain (which ancestor is whose parent, where each
// influence sits in it). A block's distances to one joint are stored as the block's
// smallest plus a per-lane offset, so that the kernel finds a delay's tick in float with
// full precision even for delays of many seconds. Built once per character.

#include <cstdint>
#include <vector>

#include "core/fast/blocked_skin.h"
#include "dynskin/skeleton.h"

namespace dynskin {

struct BlockedDelays {
    static constexpr std::int32_t kNoParent = -1;

    // Indexed like BlockedSkin::joints: for an ancestor entry, the ancestor slot of its
    // joint's parent within the same group (kNoParent for a root); for an influence entry,
    // the ancestor slot of that influence joint.
    std::vector<std::int32_t> slot;
    // Indexed like BlockedSkin::joints, for ancestor entries: 1 when a later step reads
    // this link of the chain again (an influence, or a joint whose child is not the next
    // ancestor), so the kernel must keep it; the others live in registers only.
    std::vector<std::uint8_t> keep;
    // Indexed like BlockedSkin::betas rows (block_betas[b] + r): the block's smallest
    // distance to ancestor r and the largest offset above it, in character sizes. Both
    // end with kLanes rows of padding, so that a block's rows load as whole vectors.
    std::vector<float> row_base, row_spread;
    // Indexed like BlockedSkin::betas (one row of kLanes per block and ancestor): each
    // lane's distance minus the row's base (0 in padding lanes).
    std::vector<float> offsets;

    float longest = 0.0f;  // the largest distance of all, in sizes
    int deepest_chain = 0;  // the most ancestors of any group
    // False when some group's ancestor list lacks a joint's parent (the chain cannot be
    // composed in the group alone): then dLBS must use the plain path.
    bool complete = true;

    std::size_t memory_bytes() const;
};

// distances: skeleton_distances(...) of the same hierarchical weights, in sizes.
BlockedDelays build_blocked_delays(const BlockedSkin& skin, const Skeleton& skeleton,
                                   const HierarchicalWeights& betas, const std::vector<float>& distances);

}  // namespace dynskin
