#include "dynskin/morph_targets.h"

#include <algorithm>
#include <cmath>

namespace dynskin {
namespace {

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

}  // namespace

std::size_t MorphTargets::weight_count() const {
    std::size_t n = 0;
    for (const MorphGroup& g : groups) n += g.targets.size();
    return n;
}

std::vector<float> MorphTargets::default_weights() const {
    std::vector<float> weights;
    weights.reserve(weight_count());
    for (const MorphGroup& g : groups) weights.insert(weights.end(), g.default_weights.begin(), g.default_weights.end());
    return weights;
}

std::string MorphTargets::validate(std::size_t vertex_count) const {
    std::vector<int> owner(groups.empty() ? 0 : vertex_count, -1);
    std::uint32_t next_weight = 0;
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const MorphGroup& group = groups[g];
        const std::string where = "morph group '" + group.name + "'";
        if (group.first_weight != next_weight) return where + " does not follow the previous group's weights";
        next_weight += static_cast<std::uint32_t>(group.targets.size());
        if (group.default_weights.size() != group.targets.size())
            return where + " has " + std::to_string(group.default_weights.size()) + " default weights for " +
                   std::to_string(group.targets.size()) + " targets";
        for (float w : group.default_weights)
            if (!std::isfinite(w)) return where + " has a non-finite default weight";
        for (std::size_t k = 0; k < group.targets.size(); ++k) {
            const MorphTarget& target = group.targets[k];
            const std::string which = where + " target " + std::to_string(k);
            const std::size_t n = target.vertices.size();
            if (target.position_deltas.size() != n || (!target.normal_deltas.empty() && target.normal_deltas.size() != n))
                return which + " does not have one delta per listed vertex";
            for (std::size_t e = 0; e < n; ++e) {
                const std::uint32_t v = target.vertices[e];
                if (v >= vertex_count) return which + " moves vertex " + std::to_string(v) + " of " + std::to_string(vertex_count);
                if (e > 0 && v <= target.vertices[e - 1]) return which + " lists its vertices out of order";
                if (owner[v] >= 0 && owner[v] != static_cast<int>(g))
                    return which + " moves vertex " + std::to_string(v) + ", which another group moves too";
                owner[v] = static_cast<int>(g);
                if (!finite(target.position_deltas[e]) || (!target.normal_deltas.empty() && !finite(target.normal_deltas[e])))
                    return which + " has a non-finite delta";
            }
        }
    }
    return {};
}

MorphableVertices morphable_vertices(const MorphTargets& morphs) {
    MorphableVertices out;
    for (const MorphGroup& group : morphs.groups) {
        const std::size_t begin = out.vertices.size();
        for (const MorphTarget& target : group.targets)
            out.vertices.insert(out.vertices.end(), target.vertices.begin(), target.vertices.end());
        std::sort(out.vertices.begin() + static_cast<std::ptrdiff_t>(begin), out.vertices.end());
        out.vertices.erase(std::unique(out.vertices.begin() + static_cast<std::ptrdiff_t>(begin), out.vertices.end()),
                           out.vertices.end());
        out.group_begin.push_back(static_cast<std::uint32_t>(out.vertices.size()));
    }
    return out;
}

}  // namespace dynskin
