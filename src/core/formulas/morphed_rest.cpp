#include "core/formulas/morphed_rest.h"

#include <algorithm>
#include <cmath>

#include "dynskin/linear_blend_skinning.h"

namespace dynskin {
namespace {

// A weight the shape can use: non-finite ones count as zero (never NaN on screen).
float usable(float w) { return std::isfinite(w) ? w : 0.0f; }

// Adds group g's targets, weighted, to the shape; true when some weight is not zero.
bool add_group(const MorphGroup& group, const float* weights, std::vector<glm::vec3>& positions,
               std::vector<glm::vec3>& normals) {
    bool any = false;
    for (std::size_t k = 0; k < group.targets.size(); ++k) {
        const float w = usable(weights[k]);
        if (w == 0.0f) continue;
        any = true;
        const MorphTarget& target = group.targets[k];
        for (std::size_t e = 0; e < target.vertices.size(); ++e) positions[target.vertices[e]] += w * target.position_deltas[e];
        for (std::size_t e = 0; e < target.normal_deltas.size(); ++e) normals[target.vertices[e]] += w * target.normal_deltas[e];
    }
    return any;
}

void renormalize(const MorphableVertices& morphable, std::size_t g, const std::vector<glm::vec3>& rest_normals,
                 std::vector<glm::vec3>& normals) {
    for (std::uint32_t e = morphable.group_begin[g]; e < morphable.group_begin[g + 1]; ++e) {
        const std::uint32_t v = morphable.vertices[e];
        normals[v] = normalized_or(normals[v], rest_normals[v]);
    }
}

}  // namespace

void morph_rest_shape(const SkinnedMesh& mesh, const std::vector<float>& weights, std::vector<glm::vec3>& positions,
                      std::vector<glm::vec3>& normals) {
    positions = mesh.rest_positions;
    normals = mesh.rest_normals;
    const MorphTargets& morphs = mesh.morphs;
    const std::vector<float> w = weights.size() == morphs.weight_count() ? weights : morphs.default_weights();
    const MorphableVertices morphable = morphable_vertices(morphs);
    for (std::size_t g = 0; g < morphs.groups.size(); ++g) {
        const MorphGroup& group = morphs.groups[g];
        if (add_group(group, w.data() + group.first_weight, positions, normals))
            renormalize(morphable, g, mesh.rest_normals, normals);
    }
}

MorphedRest::MorphedRest(const SkinnedMesh& mesh)
    : morphable_(morphable_vertices(mesh.morphs)),
      defaults_(mesh.morphs.default_weights()),
      revisions_(mesh.morphs.groups.size(), 0) {
    if (!active()) return;
    positions_ = mesh.rest_positions;
    normals_ = mesh.rest_normals;
    applied_.assign(defaults_.size(), 0.0f);  // the copy is the unmorphed rest
}

void MorphedRest::update(const SkinnedMesh& mesh, const std::vector<float>& weights, Executor* executor) {
    if (!active()) return;
    const std::vector<float>& w = weights.size() == defaults_.size() ? weights : defaults_;
    for (std::size_t g = 0; g < mesh.morphs.groups.size(); ++g) {
        const MorphGroup& group = mesh.morphs.groups[g];
        const std::size_t first = group.first_weight, count = group.targets.size();
        bool changed = false;
        for (std::size_t k = first; k < first + count; ++k) changed = changed || usable(w[k]) != applied_[k];
        if (!changed) continue;
        for (std::size_t k = first; k < first + count; ++k) applied_[k] = usable(w[k]);
        const std::size_t begin = morphable_.group_begin[g], end = morphable_.group_begin[g + 1];
        auto redo_range = [this, &mesh, g, begin](std::size_t a, std::size_t b) { redo(mesh, g, begin + a, begin + b); };
        if (executor) executor->parallel_for(end - begin, 2048, redo_range);
        else redo_range(0, end - begin);
        ++revisions_[g];
    }
}

void MorphedRest::redo(const SkinnedMesh& mesh, std::size_t g, std::size_t first, std::size_t last) {
    const MorphGroup& group = mesh.morphs.groups[g];
    const std::vector<std::uint32_t>& vertices = morphable_.vertices;
    for (std::size_t e = first; e < last; ++e) {
        positions_[vertices[e]] = mesh.rest_positions[vertices[e]];
        normals_[vertices[e]] = mesh.rest_normals[vertices[e]];
    }
    // The targets' entries for the vertices of this range, in target order (as add_group).
    const std::uint32_t lo = vertices[first], hi = vertices[last - 1];
    bool any = false;
    for (std::size_t k = 0; k < group.targets.size(); ++k) {
        const float w = applied_[group.first_weight + k];
        if (w == 0.0f) continue;
        any = true;
        const MorphTarget& target = group.targets[k];
        const auto from = std::lower_bound(target.vertices.begin(), target.vertices.end(), lo);
        const bool normals = !target.normal_deltas.empty();
        for (std::size_t e = static_cast<std::size_t>(from - target.vertices.begin());
             e < target.vertices.size() && target.vertices[e] <= hi; ++e) {
            positions_[target.vertices[e]] += w * target.position_deltas[e];
            if (normals) normals_[target.vertices[e]] += w * target.normal_deltas[e];
        }
    }
    if (!any) return;  // all zero: the rest itself
    for (std::size_t e = first; e < last; ++e)
        normals_[vertices[e]] = normalized_or(normals_[vertices[e]], mesh.rest_normals[vertices[e]]);
}

}  // namespace dynskin
