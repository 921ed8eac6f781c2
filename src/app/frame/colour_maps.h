#pragma once
// The viewer's colour maps as plain numbers: for each map, the per-vertex scalar the shader
// colours (shaders/mesh.frag) and the range mapped to the ends of its ramp. No GL here, so
// the values are unit-tested without a display.

#include <vector>

#include <glm/glm.hpp>

#include "dynskin/skinned_mesh.h"

namespace dynskin::app {

struct ColourMapScalars {
    std::vector<float> values;                // one per vertex
    glm::vec2 range{0.0f, 1.0f};              // the values shown at the ends of the ramp
    bool diverging = false;                   // blue - white - red around 0
};

// A painted layer (bend, floppy or squash weights) on the diverging map, symmetric about 0
// so that 0 is white: the range reaches the largest magnitude, and at least 1 (the default
// weight) so that an unpainted layer keeps its colour as the user paints. NaN is ignored.
ColourMapScalars painted_layer_colours(const std::vector<float>& layer);

// How much each vertex follows `joint` in the skinning: the sum of its weights on that
// joint, on [0, 1]. No joint (-1) or one no vertex is bound to gives all zeros.
ColourMapScalars skin_weight_colours(const SkinnedMesh& mesh, int joint);

// How far the shown skin is from the base skinning (LBS), in character sizes, on
// [0, largest] with a floor of 1e-3 so that a still skin does not divide by zero. NaN
// distances are ignored for the range. shown and base are per vertex of the same mesh.
ColourMapScalars displacement_colours(const std::vector<glm::vec3>& shown, const std::vector<glm::vec3>& base,
                                      float character_size);

}  // namespace dynskin::app
