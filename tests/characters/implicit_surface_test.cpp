// The implicit parts' distances where they are easy to work out by hand.

#include <cmath>

#include <gtest/gtest.h>

#include "characters/shape/implicit_surface.h"

namespace dynskin::characters {
namespace {

TEST(ImplicitSurface, ASheetIsItsTriangleThickenedOnBothSides) {
    // The triangle (0,0,0), (2,0,0), (0,2,0) in the z = 0 plane, 0.1 thick on each side.
    const ShapePart part = sheet({0, 0, 0}, {2, 0, 0}, {0, 2, 0}, 0.1f, glm::vec3(1.0f));
    EXPECT_NEAR(part.distance({0.5f, 0.5f, 0.0f}), -0.1f, 1e-6f);      // inside, on the plane
    EXPECT_NEAR(part.distance({0.5f, 0.5f, 0.3f}), 0.2f, 1e-6f);       // above the inside
    EXPECT_NEAR(part.distance({0.5f, 0.5f, -0.3f}), 0.2f, 1e-6f);      // below: both sides
    EXPECT_NEAR(part.distance({0.5f, -0.4f, 0.0f}), 0.3f, 1e-6f);      // past the edge on y = 0
    EXPECT_NEAR(part.distance({0.5f, -0.3f, 0.4f}), 0.4f, 1e-6f);      // past it and above
    EXPECT_NEAR(part.distance({1.5f, 1.5f, 0.0f}), std::sqrt(0.5f) - 0.1f, 1e-5f);  // past the long edge
    EXPECT_NEAR(part.distance({-0.3f, -0.4f, 0.0f}), 0.4f, 1e-6f);     // past the corner at the origin
    // The same whichever way round the corners are given.
    const ShapePart flipped = sheet({0, 0, 0}, {0, 2, 0}, {2, 0, 0}, 0.1f, glm::vec3(1.0f));
    for (const glm::vec3& p : {glm::vec3(0.5f, 0.5f, 0.3f), glm::vec3(0.5f, -0.4f, 0.0f), glm::vec3(1.5f, 1.5f, 0.2f)})
        EXPECT_NEAR(flipped.distance(p), part.distance(p), 1e-6f);
}

TEST(ImplicitSurface, TheBoundsHoldASheet) {
    ImplicitShape shape;
    shape.parts.push_back(attach(sheet({0, 0, 0}, {2, 0, 0}, {0, 2, 1}, 0.1f, glm::vec3(1.0f)), {}, 0.05f));
    glm::vec3 lo, hi;
    shape.bounds(lo, hi);
    EXPECT_LE(lo.x, -0.1f);
    EXPECT_GE(hi.x, 2.1f);
    EXPECT_GE(hi.y, 2.1f);
    EXPECT_LE(lo.z, -0.1f);
    EXPECT_GE(hi.z, 1.1f);
}

}  // namespace
}  // namespace dynskin::characters
