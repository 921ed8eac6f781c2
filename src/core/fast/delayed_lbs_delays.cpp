#include "core/fast/delayed_lbs_delays.h"

#include <algorithm>

namespace dynskin {

std::size_t BlockedDelays::memory_bytes() const {
    return slot.capacity() * sizeof(std::int32_t) + keep.capacity() +
           (row_base.capacity() + row_spread.capacity() + offsets.capacity()) * sizeof(float);
}

BlockedDelays build_blocked_delays(const BlockedSkin& skin, const Skeleton& skeleton,
                                   const HierarchicalWeights& betas, const std::vector<float>& distances) {
    constexpr int L = BlockedSkin::kLanes;
    BlockedDelays d;
    d.slot.assign(skin.joints.size(), BlockedDelays::kNoParent);
    d.keep.assign(skin.joints.size(), 0);
    for (const BlockedSkin::Group& g : skin.groups) {
        const std::uint32_t* ancestors = run_start(skin.joints, g.ancestors_begin, g.ancestor_count);
        auto slot_of = [&](int joint) -> std::int32_t {
            const std::uint32_t* end = ancestors + g.ancestor_count;
            const std::uint32_t* it = std::find(ancestors, end, static_cast<std::uint32_t>(joint));
            return it == end ? BlockedDelays::kNoParent : static_cast<std::int32_t>(it - ancestors);
        };
        for (std::uint32_t r = 0; r < g.ancestor_count; ++r) {
            const int parent = skeleton.parents[ancestors[r]];
            const std::int32_t s = parent < 0 ? BlockedDelays::kNoParent : slot_of(parent);
            if (parent >= 0 && (s == BlockedDelays::kNoParent || s >= static_cast<std::int32_t>(r))) d.complete = false;
            d.slot[g.ancestors_begin + r] = s;
            if (s != BlockedDelays::kNoParent && s != static_cast<std::int32_t>(r) - 1) d.keep[g.ancestors_begin + s] = 1;
        }
        for (std::uint32_t r = 0; r < g.influence_count; ++r) {
            const std::int32_t s = slot_of(static_cast<int>(skin.joints[g.influences_begin + r]));
            if (s == BlockedDelays::kNoParent) d.complete = false;
            d.slot[g.influences_begin + r] = std::max(s, 0);
            d.keep[g.ancestors_begin + std::max(s, 0)] = 1;
        }
        d.deepest_chain = std::max(d.deepest_chain, static_cast<int>(g.ancestor_count));
    }

    d.offsets.assign(skin.betas.size(), 0.0f);
    const std::size_t rows = skin.betas.size() / L;
    d.row_base.assign(rows + L, 0.0f);
    d.row_spread.assign(rows + L, 0.0f);
    for (std::size_t b = 0; b < skin.block_count(); ++b) {
        const BlockedSkin::Group& g = skin.groups[skin.block_group[b]];
        for (std::uint32_t r = 0; r < g.ancestor_count; ++r) {
            const std::size_t row = skin.block_betas[b] + r;
            float lowest = 0.0f;
            bool any = false;
            for (int lane = 0; lane < L; ++lane) {
                const std::uint32_t i = skin.vertex[b * L + lane];
                if (i == BlockedSkin::kNoVertex) continue;
                const float s = distances[betas.offsets[i] + r];  // the group's rows are the vertex's
                lowest = any ? std::min(lowest, s) : s;
                any = true;
                d.longest = std::max(d.longest, s);
            }
            d.row_base[row] = lowest;
            float spread = 0.0f;
            for (int lane = 0; lane < L; ++lane) {
                const std::uint32_t i = skin.vertex[b * L + lane];
                if (i == BlockedSkin::kNoVertex) continue;
                const float offset = distances[betas.offsets[i] + r] - lowest;
                d.offsets[row * L + lane] = offset;
                spread = std::max(spread, offset);
            }
            d.row_spread[row] = spread;
        }
    }
    return d;
}

}  // namespace dynskin
