#include "app/input/orbit_camera.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace dynskin::app {

void OrbitCamera::frame(const glm::vec3& lo, const glm::vec3& hi, float aspect, float fill) {
    target = 0.5f * (lo + hi);
    yaw = 0.6f;
    pitch = 0.25f;
    const float radius = std::max(0.5f * glm::length(hi - lo), 1e-6f);
    // How much of the free part of the view the box's corners take at a distance: the larger
    // of the horizontal and vertical fractions. It shrinks as the camera backs off, so the
    // distance that makes it `fill` is found by bisection, between touching the bounding
    // sphere and seeing it from far away.
    const float half_height = std::tan(0.5f * fov_y), half_width = half_height * std::max(aspect, 1e-3f);
    const float free_width = std::max(1.0f - center_shift, 0.1f);
    auto taken = [&](float d) {
        distance = d;
        const glm::mat4 v = view();
        float largest = 0.0f;
        for (int corner = 0; corner < 8; ++corner) {
            const glm::vec3 p(corner & 1 ? hi.x : lo.x, corner & 2 ? hi.y : lo.y, corner & 4 ? hi.z : lo.z);
            const glm::vec3 eye = glm::vec3(v * glm::vec4(p, 1.0f));
            const float depth = std::max(-eye.z, 1e-6f * radius);
            largest = std::max({largest, std::abs(eye.x) / (depth * half_width * free_width),
                                std::abs(eye.y) / (depth * half_height)});
        }
        return largest;
    };
    float near = radius * 1.001f, far = radius * 1e4f;
    for (int step = 0; step < 60; ++step) {
        const float middle = std::sqrt(near * far);
        (taken(middle) > fill ? near : far) = middle;
    }
    distance = far;
}

void OrbitCamera::orbit(float dx, float dy) {
    yaw -= dx * 0.008f;
    pitch = std::clamp(pitch + dy * 0.008f, -1.55f, 1.55f);
}

void OrbitCamera::pan(float dx, float dy, float viewport_height) {
    // One pixel moves the target by what one pixel covers at the target's depth.
    const float per_pixel = 2.0f * distance * std::tan(0.5f * fov_y) / std::max(viewport_height, 1.0f);
    const glm::mat4 v = view();
    const glm::vec3 right(v[0][0], v[1][0], v[2][0]), up(v[0][1], v[1][1], v[2][1]);
    target += (-dx * right + dy * up) * per_pixel;
}

void OrbitCamera::zoom(float wheel_steps) { zoom_by(std::pow(0.85f, -wheel_steps)); }

void OrbitCamera::zoom_by(float factor) {
    if (!(factor > 0.0f) || !std::isfinite(factor)) return;
    distance = std::clamp(distance / factor, 1e-4f, 1e6f);
}

glm::vec3 OrbitCamera::position() const {
    const glm::vec3 offset(std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw));
    return target + distance * offset;
}

glm::mat4 OrbitCamera::view() const { return glm::lookAt(position(), target, glm::vec3(0, 1, 0)); }

glm::mat4 OrbitCamera::projection(float aspect) const {
    const glm::mat4 shift = glm::translate(glm::mat4(1.0f), glm::vec3(center_shift, 0.0f, 0.0f));
    return shift * glm::perspective(fov_y, std::max(aspect, 1e-3f), distance * 0.01f, distance * 100.0f);
}

Ray OrbitCamera::ray_through(glm::vec2 pixel, glm::vec2 viewport) const {
    const glm::vec2 ndc(2.0f * pixel.x / viewport.x - 1.0f, 1.0f - 2.0f * pixel.y / viewport.y);
    const glm::mat4 inverse = glm::inverse(projection(viewport.x / viewport.y) * view());
    glm::vec4 near = inverse * glm::vec4(ndc, -1.0f, 1.0f), far = inverse * glm::vec4(ndc, 1.0f, 1.0f);
    near /= near.w;
    far /= far.w;
    return Ray{glm::vec3(near), glm::normalize(glm::vec3(far - near))};
}

bool OrbitCamera::project(const glm::vec3& point, glm::vec2 viewport, glm::vec2& pixel) const {
    const glm::vec4 clip = projection(viewport.x / viewport.y) * view() * glm::vec4(point, 1.0f);
    if (clip.w <= 0.0f) return false;
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    pixel = glm::vec2((ndc.x * 0.5f + 0.5f) * viewport.x, (0.5f - ndc.y * 0.5f) * viewport.y);
    return true;
}

}  // namespace dynskin::app
