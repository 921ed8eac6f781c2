#include <gtest/gtest.h>

#include "app/input/orbit_camera.h"

namespace dynskin::app {
namespace {

TEST(OrbitCamera, RayThroughAProjectedPointHitsIt) {
    OrbitCamera camera;
    camera.frame(glm::vec3(-1, 0, -1), glm::vec3(1, 2, 1));
    camera.center_shift = 0.2f;
    const glm::vec2 viewport(1280, 800);
    const glm::vec3 point(0.3f, 1.2f, -0.4f);
    glm::vec2 pixel;
    ASSERT_TRUE(camera.project(point, viewport, pixel));
    const Ray ray = camera.ray_through(pixel, viewport);
    const glm::vec3 to_point = point - ray.origin;
    const float off_ray = glm::length(to_point - glm::dot(to_point, ray.direction) * ray.direction);
    EXPECT_LT(off_ray, 1e-4f);
}

TEST(OrbitCamera, FramingShowsTheWholeBox) {
    OrbitCamera camera;
    camera.frame(glm::vec3(-1, 0, -1), glm::vec3(1, 2, 1));
    const glm::vec2 viewport(800, 800);
    for (int corner = 0; corner < 8; ++corner) {
        const glm::vec3 p(corner & 1 ? 1 : -1, corner & 2 ? 2 : 0, corner & 4 ? 1 : -1);
        glm::vec2 pixel;
        ASSERT_TRUE(camera.project(p, viewport, pixel));
        EXPECT_GT(pixel.x, 0.0f);
        EXPECT_LT(pixel.x, viewport.x);
        EXPECT_GT(pixel.y, 0.0f);
        EXPECT_LT(pixel.y, viewport.y);
    }
}

TEST(OrbitCamera, OrbitKeepsTheDistanceAndZoomGetsCloser) {
    OrbitCamera camera;
    const float d = glm::length(camera.position() - camera.target);
    camera.orbit(120.0f, -40.0f);
    EXPECT_NEAR(glm::length(camera.position() - camera.target), d, 1e-4f);
    camera.zoom(2.0f);
    EXPECT_LT(glm::length(camera.position() - camera.target), d);
    const glm::vec3 before = camera.target;
    camera.pan(100.0f, 0.0f, 800.0f);
    EXPECT_GT(glm::length(camera.target - before), 0.0f);
}

}  // namespace
}  // namespace dynskin::app
