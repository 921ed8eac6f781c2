#include "app/frame/colour_maps.h"

#include <algorithm>
#include <cmath>

namespace dynskin::app {

ColourMapScalars painted_layer_colours(const std::vector<float>& layer) {
    ColourMapScalars map;
    map.values = layer;
    float top = 1.0f;
    for (float w : layer) top = std::max(top, std::abs(w));  // keeps top when w is NaN
    map.diverging = true;
    map.range = glm::vec2(-top, top);
    return map;
}

ColourMapScalars skin_weight_colours(const SkinnedMesh& mesh, int joint) {
    ColourMapScalars map;
    map.values.assign(mesh.vertex_count(), 0.0f);
    const SkinningWeights& w = mesh.weights;
    for (std::size_t i = 0; i < mesh.vertex_count(); ++i)
        for (std::uint32_t e = w.offsets[i]; e < w.offsets[i + 1]; ++e)
            if (static_cast<int>(w.joints[e]) == joint) map.values[i] += w.weights[e];
    map.range = glm::vec2(0.0f, 1.0f);
    return map;
}

ColourMapScalars displacement_colours(const std::vector<glm::vec3>& shown, const std::vector<glm::vec3>& base,
                                      float character_size) {
    ColourMapScalars map;
    map.values.assign(shown.size(), 0.0f);
    float top = 1e-3f;
    for (std::size_t i = 0; i < std::min(shown.size(), base.size()); ++i) {
        map.values[i] = glm::length(shown[i] - base[i]) / character_size;
        top = std::max(top, map.values[i]);  // keeps top when the distance is NaN
    }
    map.range = glm::vec2(0.0f, top);
    return map;
}

}  // namespace dynskin::app
