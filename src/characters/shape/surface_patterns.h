#pragma once
// Procedural colourings of a part, from the rest position: coat spots, giraffe patches,
// polka dots and bands. Deterministic (integer hashing), no texture needed.

#include <glm/glm.hpp>

#include "characters/shape/implicit_surface.h"

namespace dynskin::characters {

// Irregular blobs of spot_color on base, about `size` across; coverage in [0, 1].
SurfaceColor spots(glm::vec3 base, glm::vec3 spot_color, float size, float coverage, unsigned seed);

// Polygonal patches of patch_color separated by lines of base about `line_width` wide.
SurfaceColor patches(glm::vec3 base, glm::vec3 patch_color, float size, float line_width, unsigned seed);

// Round dots of dot_color on base, `spacing` apart on a jittered lattice.
SurfaceColor dots(glm::vec3 base, glm::vec3 dot_color, float spacing, float radius, unsigned seed);

// Alternating bands of two colours across `axis`, each `width` wide.
SurfaceColor bands(glm::vec3 first, glm::vec3 second, glm::vec3 axis, float width);

}  // namespace dynskin::characters
