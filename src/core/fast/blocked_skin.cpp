#include "core/fast/blocked_skin.h"

#include <algorithm>
#include <map>
#include <numeric>

namespace dynskin {
namespace {

// A vertex's influences with weights merged per joint (a joint listed twice adds up),
// zero weights dropped: they contribute nothing to the blend.
void merged_influences(const SkinningWeights& w, std::size_t i, std::vector<std::pair<std::uint32_t, float>>& out) {
    out.clear();
    for (std::uint32_t e = w.offsets[i]; e < w.offsets[i + 1]; ++e) out.emplace_back(w.joints[e], w.weights[e]);
    std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::size_t kept = 0;
    for (std::size_t k = 0; k < out.size(); ++k) {
        if (kept > 0 && out[kept - 1].first == out[k].first) out[kept - 1].second += out[k].second;
        else out[kept++] = out[k];
    }
    out.resize(kept);
    out.erase(std::remove_if(out.begin(), out.end(), [](const auto& e) { return e.second == 0.0f; }), out.end());
}

template <class T>
std::size_t bytes(const std::vector<T>& v) {
    return v.capacity() * sizeof(T);
}

}  // namespace

std::size_t BlockedSkin::memory_bytes() const {
    return bytes(joints) + bytes(groups) + bytes(block_group) + bytes(block_weights) + bytes(block_betas) +
           bytes(block_contiguous) + bytes(window_blocks) + bytes(vertex) + bytes(rest) + bytes(weights) +
           bytes(betas);
}

BlockedSkin build_blocked_skin(const SkinnedMesh& mesh, const HierarchicalWeights& betas,
                               const std::vector<float>* order_key) {
    constexpr int L = BlockedSkin::kLanes;
    BlockedSkin s;
    s.vertex_count = mesh.vertex_count();
    const SkinningWeights& w = mesh.weights;

    // Group of every vertex, keyed by its influence joints and its ancestor joints.
    std::map<std::vector<std::uint32_t>, std::uint32_t> group_of_key;
    std::vector<std::uint32_t> vertex_group(s.vertex_count);
    std::vector<std::vector<std::pair<std::uint32_t, float>>> influences(s.vertex_count);
    std::vector<std::uint32_t> key;
    for (std::size_t i = 0; i < s.vertex_count; ++i) {
        merged_influences(w, i, influences[i]);
        key.clear();
        for (const auto& [joint, weight] : influences[i]) key.push_back(joint);
        key.push_back(BlockedSkin::kNoVertex);  // separates the two lists
        key.insert(key.end(), betas.joints.begin() + betas.offsets[i], betas.joints.begin() + betas.offsets[i + 1]);
        auto [it, added] = group_of_key.emplace(key, static_cast<std::uint32_t>(s.groups.size()));
        if (added) {
            const std::uint32_t influence_count = static_cast<std::uint32_t>(influences[i].size());
            const std::uint32_t ancestor_count = betas.offsets[i + 1] - betas.offsets[i];
            const std::uint32_t begin = static_cast<std::uint32_t>(s.joints.size());
            s.groups.push_back({begin, influence_count, begin + influence_count, ancestor_count});
            for (std::uint32_t joint : key)
                if (joint != BlockedSkin::kNoVertex) s.joints.push_back(joint);
        }
        vertex_group[i] = it->second;
    }

    std::vector<std::uint32_t> order;
    for (std::size_t first = 0; first < s.vertex_count; first += BlockedSkin::kWindowVertices) {
        const std::size_t last = std::min<std::size_t>(first + BlockedSkin::kWindowVertices, s.vertex_count);
        order.resize(last - first);
        std::iota(order.begin(), order.end(), static_cast<std::uint32_t>(first));
        std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
            if (vertex_group[a] != vertex_group[b] || !order_key) return vertex_group[a] < vertex_group[b];
            return (*order_key)[a] < (*order_key)[b];
        });
        for (std::size_t k = 0; k < order.size();) {
            const std::uint32_t g = vertex_group[order[k]];
            const BlockedSkin::Group& group = s.groups[g];
            s.block_group.push_back(g);
            s.block_weights.push_back(static_cast<std::uint32_t>(s.weights.size() / L));
            s.block_betas.push_back(static_cast<std::uint32_t>(s.betas.size() / L));
            const std::size_t lane0 = s.vertex.size();
            s.vertex.resize(lane0 + L, BlockedSkin::kNoVertex);
            const std::size_t rest0 = s.rest.size();
            s.rest.resize(rest0 + 6 * L, 0.0f);
            const std::size_t weight0 = s.weights.size(), beta0 = s.betas.size();
            s.weights.resize(weight0 + std::size_t(group.influence_count) * L, 0.0f);
            s.betas.resize(beta0 + std::size_t(group.ancestor_count) * L, 0.0f);
            const std::uint32_t first_vertex = order[k];
            bool contiguous = true;
            for (int lane = 0; lane < L; ++lane) {
                if (k >= order.size() || vertex_group[order[k]] != g) {
                    contiguous = false;
                    s.rest[rest0 + 5 * L + lane] = 1.0f;  // a padding lane keeps a unit normal
                    continue;
                }
                const std::uint32_t i = order[k++];
                contiguous = contiguous && i == first_vertex + std::uint32_t(lane);
                s.vertex[lane0 + lane] = i;
                for (int c = 0; c < 3; ++c) {
                    s.rest[rest0 + c * L + lane] = mesh.rest_positions[i][c];
                    s.rest[rest0 + (3 + c) * L + lane] = mesh.rest_normals[i][c];
                }
                for (std::uint32_t r = 0; r < group.influence_count; ++r)
                    s.weights[weight0 + r * L + lane] = influences[i][r].second;
                for (std::uint32_t r = 0; r < group.ancestor_count; ++r)
                    s.betas[beta0 + r * L + lane] = betas.betas[betas.offsets[i] + r];
            }
            s.block_contiguous.push_back(contiguous ? 1 : 0);
        }
        s.window_blocks.push_back(static_cast<std::uint32_t>(s.block_group.size()));
    }
    for (auto* v : {&s.block_group, &s.block_weights, &s.block_betas, &s.vertex}) v->shrink_to_fit();
    for (auto* v : {&s.rest, &s.weights, &s.betas}) v->shrink_to_fit();
    s.block_contiguous.shrink_to_fit();
    return s;
}

}  // namespace dynskin
