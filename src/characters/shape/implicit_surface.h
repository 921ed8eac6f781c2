#pragma once
// A character's shape as an implicit surface: signed distances of simple parts (ellipsoids,
// round cones, rounded cylinders and boxes, thin triangular sheets) joined by smooth unions,
// with what each part says about the skin under it (colour, bend weight, which bones carry it).

#include <functional>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace dynskin::characters {

// A colour that may vary over the surface (spots, patches, bands), from the rest position.
using SurfaceColor = std::function<glm::vec3(const glm::vec3& position)>;

struct ShapePart {
    enum class Kind { Ellipsoid, RoundCone, Cylinder, Box, Sheet };
    Kind kind = Kind::Ellipsoid;
    // Ellipsoid, Cylinder and Box: centre, half extents (radii) and orientation. A cylinder's
    // axis is its local Y: radii.x is its radius, radii.y its half height.
    glm::vec3 center{0.0f};
    glm::vec3 radii{1.0f};
    glm::quat orientation{1.0f, 0.0f, 0.0f, 0.0f};
    float rounding = 0.0f;  // of a cylinder's or a box's edges
    // RoundCone: from a with radius_a to b with radius_b. Sheet: the triangle a, b, c
    // thickened by radius_a on each side (a wing's membrane, a tail's blade).
    glm::vec3 a{0.0f}, b{0.0f}, c{0.0f};
    float radius_a = 0.0f, radius_b = 0.0f;

    float blend = 0.05f;  // smooth-union radius with the parts before it (0: a sharp crease)
    SurfaceColor color;
    float bend = 1.0f;       // the default painted bend weight of the skin on this part
    std::vector<int> bones;  // joints whose bones may carry this part's skin; empty: any

    float distance(const glm::vec3& p) const;
};

ShapePart ellipsoid(glm::vec3 center, glm::vec3 radii, glm::vec3 color, glm::quat orientation = glm::quat(1, 0, 0, 0));
ShapePart sphere(glm::vec3 center, float radius, glm::vec3 color);
ShapePart round_cone(glm::vec3 a, float radius_a, glm::vec3 b, float radius_b, glm::vec3 color);
ShapePart cylinder(glm::vec3 center, float radius, float half_height, float rounding, glm::vec3 color,
                   glm::quat orientation = glm::quat(1, 0, 0, 0));
ShapePart box(glm::vec3 center, glm::vec3 half_extents, float rounding, glm::vec3 color,
              glm::quat orientation = glm::quat(1, 0, 0, 0));
// A triangle with rounded edges, half_thickness on each side of its plane. Thinner than about
// half a polygonisation cell, the grid misses it and the sheet gets holes.
ShapePart sheet(glm::vec3 a, glm::vec3 b, glm::vec3 c, float half_thickness, glm::vec3 color);

// The part carried by `bones`, blended into the shape over `blend`, with bend weight `bend`.
ShapePart attach(ShapePart part, std::vector<int> bones, float blend, float bend = 1.0f);

// Smooth minimum of two distances (quadratic polynomial blend of radius k).
float smooth_union(float a, float b, float k);

struct ImplicitShape {
    std::vector<ShapePart> parts;  // unioned in order

    // Signed distance estimate: negative inside.
    float distance(const glm::vec3& p) const;
    glm::vec3 gradient(const glm::vec3& p, float step) const;
    // A box around every part, padded by the blends.
    void bounds(glm::vec3& lo, glm::vec3& hi) const;
};

}  // namespace dynskin::characters
