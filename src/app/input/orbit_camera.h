#pragma once
// A turntable camera around a target, as in Blender and most glTF viewers: orbit, pan,
// zoom toward the target, frame a bounding box. Plain maths, no GL.

#include <glm/glm.hpp>

namespace dynskin::app {

struct Ray {
    glm::vec3 origin;
    glm::vec3 direction;  // unit
};

class OrbitCamera {
public:
    // Frames the box seen from the front, a little above: centred in the part of the view that
    // center_shift leaves free, its projected corners filling `fill` of that part in the
    // direction where it is tightest, whatever its size (millimetres or kilometres).
    void frame(const glm::vec3& lo, const glm::vec3& hi, float aspect = 1.0f, float fill = 0.75f);

    void orbit(float dx_pixels, float dy_pixels);
    void pan(float dx_pixels, float dy_pixels, float viewport_height);
    void zoom(float wheel_steps);  // positive: closer
    void zoom_by(float factor);    // the distance divided by factor (a pinch: the fingers' spread ratio)

    glm::vec3 position() const;
    glm::mat4 view() const;
    glm::mat4 projection(float aspect) const;
    // The ray through a pixel (origin at the top left, y down).
    Ray ray_through(glm::vec2 pixel, glm::vec2 viewport) const;
    // A world point's pixel position (y down) and whether it is in front of the camera.
    bool project(const glm::vec3& point, glm::vec2 viewport, glm::vec2& pixel) const;

    glm::vec3 target{0.0f};
    float yaw = 0.6f;     // radians about +Y
    float pitch = 0.25f;  // radians above the horizon
    float distance = 3.0f;
    float fov_y = 0.7f;   // radians
    // Horizontal shift of the view centre in normalised device units, so that the target
    // sits in the middle of the part of the window that panels leave free.
    float center_shift = 0.0f;
};

}  // namespace dynskin::app
