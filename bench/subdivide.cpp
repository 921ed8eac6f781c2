#include "subdivide.h"

#include <algorithm>
#include <map>
#include <utility>

namespace dynskin::bench {
namespace {

Character subdivide_once(const Character& in) {
    Character out = in;
    SkinnedMesh& m = out.mesh;
    const SkinnedMesh& src = in.mesh;
    m.triangles.clear();
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> midpoints;
    auto midpoint = [&](std::uint32_t a, std::uint32_t b) {
        const auto key = std::minmax(a, b);
        if (auto it = midpoints.find(key); it != midpoints.end()) return it->second;
        const std::uint32_t index = static_cast<std::uint32_t>(m.rest_positions.size());
        m.rest_positions.push_back(0.5f * (src.rest_positions[a] + src.rest_positions[b]));
        m.rest_normals.push_back(glm::normalize(src.rest_normals[a] + src.rest_normals[b] + glm::vec3(1e-9f)));
        m.bend_weights.push_back(0.5f * (src.bend_weights[a] + src.bend_weights[b]));
        if (!src.uvs.empty()) m.uvs.push_back(0.5f * (src.uvs[a] + src.uvs[b]));
        if (!src.colors.empty()) m.colors.push_back(0.5f * (src.colors[a] + src.colors[b]));
        std::map<std::uint32_t, float> weights;
        for (std::uint32_t v : {a, b})
            for (std::uint32_t e = src.weights.offsets[v]; e < src.weights.offsets[v + 1]; ++e)
                weights[src.weights.joints[e]] += 0.5f * src.weights.weights[e];
        m.weights.add_vertex({weights.begin(), weights.end()});
        midpoints.emplace(key, index);
        return index;
    };
    for (std::size_t t = 0; t + 2 < src.triangles.size(); t += 3) {
        const std::uint32_t a = src.triangles[t], b = src.triangles[t + 1], c = src.triangles[t + 2];
        const std::uint32_t ab = midpoint(a, b), bc = midpoint(b, c), ca = midpoint(c, a);
        m.triangles.insert(m.triangles.end(), {a, ab, ca, ab, b, bc, ca, bc, c, ab, bc, ca});
    }
    return out;
}

}  // namespace

Character subdivide(const Character& character, int levels) {
    Character c = character;
    for (int level = 0; level < levels; ++level) c = subdivide_once(c);
    return c;
}

}  // namespace dynskin::bench
