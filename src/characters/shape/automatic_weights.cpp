#include "characters/shape/automatic_weights.h"

#include <algorithm>
#include <utility>

namespace dynskin::characters {
namespace {

// Each vertex's distinct neighbours, in compressed rows.
struct Adjacency {
    std::vector<std::uint32_t> offsets, neighbours;
};

Adjacency adjacency_of(std::size_t vertex_count, const std::vector<std::uint32_t>& triangles) {
    std::vector<std::vector<std::uint32_t>> lists(vertex_count);
    for (std::size_t t = 0; t + 2 < triangles.size(); t += 3)
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t a = triangles[t + static_cast<std::size_t>(k)];
            const std::uint32_t b = triangles[t + static_cast<std::size_t>((k + 1) % 3)];
            lists[a].push_back(b);
            lists[b].push_back(a);
        }
    Adjacency adjacency;
    adjacency.offsets.push_back(0);
    for (auto& list : lists) {
        std::sort(list.begin(), list.end());
        list.erase(std::unique(list.begin(), list.end()), list.end());
        adjacency.neighbours.insert(adjacency.neighbours.end(), list.begin(), list.end());
        adjacency.offsets.push_back(static_cast<std::uint32_t>(adjacency.neighbours.size()));
    }
    return adjacency;
}

}  // namespace

SkinningWeights diffuse_skinning_weights(std::size_t vertex_count, const std::vector<std::uint32_t>& triangles,
                                         const std::vector<int>& seed_joints, int joint_count,
                                         const WeightDiffusion& diffusion) {
    const Adjacency adjacency = adjacency_of(vertex_count, triangles);
    const auto joints = static_cast<std::size_t>(joint_count);
    // Joint-major fields, so each joint's diffusion runs over contiguous memory.
    std::vector<float> field(joints * vertex_count, 0.0f), next(field.size());
    for (std::size_t i = 0; i < vertex_count; ++i) field[static_cast<std::size_t>(seed_joints[i]) * vertex_count + i] = 1.0f;
    for (std::size_t j = 0; j < joints; ++j) {
        float* current = field.data() + j * vertex_count;
        float* updated = next.data() + j * vertex_count;
        if (std::none_of(current, current + vertex_count, [](float w) { return w > 0.0f; })) continue;
        for (int iteration = 0; iteration < diffusion.iterations; ++iteration) {
            for (std::size_t i = 0; i < vertex_count; ++i) {
                const std::uint32_t begin = adjacency.offsets[i], end = adjacency.offsets[i + 1];
                float sum = 0.0f;
                for (std::uint32_t k = begin; k < end; ++k) sum += current[adjacency.neighbours[k]];
                // Half the vertex's own value, half its neighbours' mean: a stable explicit step.
                updated[i] = end > begin ? 0.5f * current[i] + 0.5f * sum / float(end - begin) : current[i];
            }
            std::copy(updated, updated + vertex_count, current);
        }
    }

    SkinningWeights weights;
    std::vector<std::pair<float, std::uint32_t>> ranked;
    std::vector<std::pair<std::uint32_t, float>> influences;
    for (std::size_t i = 0; i < vertex_count; ++i) {
        ranked.clear();
        for (std::size_t j = 0; j < joints; ++j)
            if (const float w = field[j * vertex_count + i]; w > 0.0f) ranked.emplace_back(w, static_cast<std::uint32_t>(j));
        // Strongest first; ties by joint index, so the order never depends on the sort.
        std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
            return a.first != b.first ? a.first > b.first : a.second < b.second;
        });
        if (ranked.empty()) ranked.emplace_back(1.0f, static_cast<std::uint32_t>(seed_joints[i]));
        ranked.resize(std::min(ranked.size(), static_cast<std::size_t>(diffusion.max_influences)));
        const float floor = diffusion.min_weight * ranked.front().first;
        ranked.erase(std::remove_if(ranked.begin() + 1, ranked.end(), [&](const auto& r) { return r.first < floor; }),
                     ranked.end());
        float sum = 0.0f;
        for (const auto& r : ranked) sum += r.first;
        influences.clear();
        for (const auto& [w, j] : ranked) influences.emplace_back(j, w / sum);
        weights.add_vertex(influences);
    }
    return weights;
}

}  // namespace dynskin::characters
