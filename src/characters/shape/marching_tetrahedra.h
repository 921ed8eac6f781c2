#pragma once
// Polygonises the zero level set of a scalar field sampled on a regular grid, by marching
// tetrahedra over the Kuhn split of every cube (six tetrahedra around its main diagonal).
// The split is the same in every cube, so neighbouring cubes agree on their shared faces and
// the level set of the piecewise-linear field is a closed 2-manifold: every edge of the
// result is shared by exactly two triangles. Marching cubes' ambiguous faces cannot crack it.

#include <cstdint>
#include <functional>
#include <vector>

#include <glm/glm.hpp>

namespace dynskin::characters {

struct TriangleMesh {
    std::vector<glm::vec3> positions;
    std::vector<std::uint32_t> triangles;  // counter-clockwise seen from outside (field > 0)
};

// field(p) < 0 inside. The grid spans [lo, hi] with cubes of side `cell`; the field must be
// positive on the grid's boundary for the surface to close.
TriangleMesh polygonise(const std::function<float(const glm::vec3&)>& field, glm::vec3 lo, glm::vec3 hi, float cell);

}  // namespace dynskin::characters
