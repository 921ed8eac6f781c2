#pragma once
// Grab a joint and drag it: the joint's parent turns about itself so that the joint follows
// the cursor on a plane facing the camera; a root joint (or a rigid character's only joint)
// is moved instead. With twist, the joint turns about its own bone as the cursor moves
// sideways. The result is a drag rotation or translation in the PoseInput.

#include <vector>

#include "app/input/orbit_camera.h"
#include "app/input/pose_input.h"

namespace dynskin::app {

// The joint nearest to the cursor on screen within `radius` pixels, or -1.
int pick_joint(const std::vector<glm::vec3>& joints, const OrbitCamera& camera, glm::vec2 cursor,
               glm::vec2 viewport, float radius);

class JointDrag {
public:
    // Starts dragging `joint` of a character posed with `globals` (its current pose).
    void begin(int joint, const Skeleton& skeleton, const std::vector<glm::mat4>& globals, const PoseInput& input,
               const OrbitCamera& camera, glm::vec2 cursor_pixel, bool twist = false);
    // Moves the grabbed joint toward the cursor ray (or twists it by the cursor's sideways move).
    void update(const Ray& cursor, glm::vec2 cursor_pixel, PoseInput& input) const;
    void end() { joint_ = -1; }

    bool active() const { return joint_ >= 0; }
    // The joint whose rotation (or translation) the drag changes: the grabbed joint's parent,
    // or the grabbed joint itself for a root or a twist.
    int moved() const { return moved_; }

private:
    int joint_ = -1;
    int moved_ = -1;            // the joint whose drag changes: the parent, or the root itself
    bool translate_ = false;
    bool twist_ = false;
    glm::vec3 twist_axis_{0.0f};  // the bone's direction, in the moved joint's parent frame
    glm::vec2 start_pixel_{0.0f};
    glm::vec3 plane_normal_{0.0f};
    glm::vec3 grab_start_{0.0f};  // the grabbed joint's world position at the start
    glm::vec3 pivot_{0.0f};       // the turning joint's world position
    glm::quat frame_{1, 0, 0, 0}; // world rotation of the moved joint's parent
    glm::mat3 world_to_parent_{1.0f};
    glm::quat start_rotation_{1, 0, 0, 0};
    glm::vec3 start_translation_{0.0f};
};

}  // namespace dynskin::app
