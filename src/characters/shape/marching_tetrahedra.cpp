#include "characters/shape/marching_tetrahedra.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <unordered_map>

namespace dynskin::characters {
namespace {

// Corners of a cube as bits: x = 1, y = 2, z = 4. Each tetrahedron walks from corner 0 to
// corner 7 along the three axes in one of the six orders.
constexpr std::array<std::array<int, 4>, 6> kuhn_tetrahedra = {{
    {0, 1, 3, 7}, {0, 1, 5, 7}, {0, 2, 3, 7}, {0, 2, 6, 7}, {0, 4, 5, 7}, {0, 4, 6, 7},
}};

struct Grid {
    glm::vec3 lo;
    float cell;
    int nx, ny, nz;  // points per axis
    std::vector<float> values;

    std::size_t index(int x, int y, int z) const {
        return (static_cast<std::size_t>(z) * static_cast<std::size_t>(ny) + static_cast<std::size_t>(y)) *
                   static_cast<std::size_t>(nx) + static_cast<std::size_t>(x);
    }
    glm::vec3 point(std::size_t i) const {
        const auto x = static_cast<int>(i % static_cast<std::size_t>(nx));
        const auto y = static_cast<int>(i / static_cast<std::size_t>(nx) % static_cast<std::size_t>(ny));
        const auto z = static_cast<int>(i / (static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny)));
        return lo + cell * glm::vec3(x, y, z);
    }
};

class SurfaceBuilder {
public:
    explicit SurfaceBuilder(const Grid& grid) : grid_(grid) {}

    void add_tetrahedron(const std::array<std::size_t, 4>& corners) {
        std::array<std::size_t, 4> inside{}, outside{};
        int in = 0, out = 0;
        for (std::size_t c : corners) {
            if (grid_.values[c] < 0.0f) inside[static_cast<std::size_t>(in++)] = c;
            else outside[static_cast<std::size_t>(out++)] = c;
        }
        if (in == 0 || out == 0) return;
        const glm::vec3 outward = centroid(outside, out) - centroid(inside, in);
        if (in == 1) {
            add_triangle(crossing(inside[0], outside[0]), crossing(inside[0], outside[1]), crossing(inside[0], outside[2]), outward);
            return;
        }
        if (in == 3) {
            add_triangle(crossing(inside[0], outside[0]), crossing(inside[1], outside[0]), crossing(inside[2], outside[0]), outward);
            return;
        }
        // Two in, two out: the crossings form a quad around the tetrahedron.
        const std::uint32_t a = crossing(inside[0], outside[0]), b = crossing(inside[0], outside[1]);
        const std::uint32_t c = crossing(inside[1], outside[1]), d = crossing(inside[1], outside[0]);
        add_triangle(a, b, c, outward);
        add_triangle(a, c, d, outward);
    }

    TriangleMesh take() { return std::move(mesh_); }

private:
    glm::vec3 centroid(const std::array<std::size_t, 4>& corners, int count) const {
        glm::vec3 sum(0.0f);
        for (int k = 0; k < count; ++k) sum += grid_.point(corners[static_cast<std::size_t>(k)]);
        return sum / float(count);
    }

    // The vertex where the field crosses zero on the grid edge (i, o), shared by every
    // tetrahedron around that edge. Kept off the end points, so that no two vertices coincide.
    std::uint32_t crossing(std::size_t i, std::size_t o) {
        const std::uint64_t key = std::min(i, o) * grid_.values.size() + std::max(i, o);
        const auto [it, added] = vertex_of_edge_.try_emplace(key, static_cast<std::uint32_t>(mesh_.positions.size()));
        if (added) {
            const float fi = grid_.values[i], fo = grid_.values[o];
            const float t = std::clamp(fi / (fi - fo), 0.01f, 0.99f);
            mesh_.positions.push_back(glm::mix(grid_.point(i), grid_.point(o), t));
        }
        return it->second;
    }

    void add_triangle(std::uint32_t a, std::uint32_t b, std::uint32_t c, const glm::vec3& outward) {
        const glm::vec3& pa = mesh_.positions[a];
        const glm::vec3 normal = glm::cross(mesh_.positions[b] - pa, mesh_.positions[c] - pa);
        if (glm::dot(normal, outward) < 0.0f) std::swap(b, c);
        mesh_.triangles.insert(mesh_.triangles.end(), {a, b, c});
    }

    const Grid& grid_;
    TriangleMesh mesh_;
    std::unordered_map<std::uint64_t, std::uint32_t> vertex_of_edge_;
};

}  // namespace

TriangleMesh polygonise(const std::function<float(const glm::vec3&)>& field, glm::vec3 lo, glm::vec3 hi, float cell) {
    Grid grid{lo, cell, 0, 0, 0, {}};
    const glm::ivec3 cells = glm::ivec3(glm::ceil((hi - lo) / cell));
    grid.nx = cells.x + 1;
    grid.ny = cells.y + 1;
    grid.nz = cells.z + 1;
    grid.values.resize(static_cast<std::size_t>(grid.nx) * static_cast<std::size_t>(grid.ny) * static_cast<std::size_t>(grid.nz));
    for (std::size_t i = 0; i < grid.values.size(); ++i) grid.values[i] = field(grid.point(i));

    SurfaceBuilder builder(grid);
    for (int z = 0; z + 1 < grid.nz; ++z)
        for (int y = 0; y + 1 < grid.ny; ++y)
            for (int x = 0; x + 1 < grid.nx; ++x) {
                std::array<std::size_t, 8> corner{};
                bool any_inside = false, any_outside = false;
                for (int c = 0; c < 8; ++c) {
                    corner[static_cast<std::size_t>(c)] = grid.index(x + (c & 1), y + ((c >> 1) & 1), z + ((c >> 2) & 1));
                    const bool inside = grid.values[corner[static_cast<std::size_t>(c)]] < 0.0f;
                    any_inside = any_inside || inside;
                    any_outside = any_outside || !inside;
                }
                if (!any_inside || !any_outside) continue;
                for (const auto& tetrahedron : kuhn_tetrahedra)
                    builder.add_tetrahedron({corner[static_cast<std::size_t>(tetrahedron[0])], corner[static_cast<std::size_t>(tetrahedron[1])],
                                             corner[static_cast<std::size_t>(tetrahedron[2])], corner[static_cast<std::size_t>(tetrahedron[3])]});
            }
    return builder.take();
}

}  // namespace dynskin::characters
