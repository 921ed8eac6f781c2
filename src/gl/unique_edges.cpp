#include "gl/unique_edges.h"

#include <algorithm>
#include <utility>

namespace dynskin::gl {

EdgeList unique_edges(const std::vector<std::uint32_t>& triangles) {
    // Each edge as one sortable key (smaller index high), then runs of equal keys counted.
    std::vector<std::uint64_t> keys;
    keys.reserve(triangles.size());
    for (std::size_t t = 0; t + 2 < triangles.size(); t += 3)
        for (int k = 0; k < 3; ++k) {
            std::uint32_t a = triangles[t + k], b = triangles[t + (k + 1) % 3];
            if (a == b) continue;
            if (a > b) std::swap(a, b);
            keys.push_back(std::uint64_t(a) << 32 | b);
        }
    std::sort(keys.begin(), keys.end());
    std::vector<std::uint64_t> shared, border;
    for (std::size_t i = 0; i < keys.size();) {
        std::size_t j = i + 1;
        while (j < keys.size() && keys[j] == keys[i]) ++j;
        (j - i > 1 ? shared : border).push_back(keys[i]);
        i = j;
    }
    EdgeList edges;
    edges.shared_count = shared.size();
    edges.indices.reserve(2 * (shared.size() + border.size()));
    for (const auto* list : {&shared, &border})
        for (const std::uint64_t key : *list) {
            edges.indices.push_back(static_cast<std::uint32_t>(key >> 32));
            edges.indices.push_back(static_cast<std::uint32_t>(key & 0xffffffffu));
        }
    return edges;
}

}  // namespace dynskin::gl
