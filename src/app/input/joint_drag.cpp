#include "app/input/joint_drag.h"

#include <cmath>

#include <glm/gtx/quaternion.hpp>

#include "dynskin/linear_blend_skinning.h"

namespace dynskin::app {
int pick_joint(const std::vector<glm::vec3>& joints, const OrbitCamera& camera, glm::vec2 cursor,
               glm::vec2 viewport, float radius) {
    int best = -1;
    float best_distance = radius;
    for (std::size_t j = 0; j < joints.size(); ++j) {
        glm::vec2 pixel;
        if (!camera.project(joints[j], viewport, pixel)) continue;
        const float d = glm::length(pixel - cursor);
        if (d <= best_distance) {  // later (deeper in the hierarchy) joints win ties
            best_distance = d;
            best = static_cast<int>(j);
        }
    }
    return best;
}

void JointDrag::begin(int joint, const Skeleton& skeleton, const std::vector<glm::mat4>& globals,
                      const PoseInput& input, const OrbitCamera& camera, glm::vec2 cursor_pixel, bool twist) {
    joint_ = joint;
    start_pixel_ = cursor_pixel;
    grab_start_ = glm::vec3(globals[joint][3]);
    plane_normal_ = glm::normalize(camera.position() - camera.target);
    const int parent = skeleton.parents[joint];
    twist_ = twist;
    translate_ = !twist && (parent < 0 || glm::length(glm::vec3(globals[parent][3]) - grab_start_) < 1e-6f);
    moved_ = translate_ || twist ? joint : parent;
    const int grandparent = skeleton.parents[moved_];
    frame_ = grandparent < 0 ? glm::quat(1, 0, 0, 0) : rigid_rotation(globals[grandparent]);
    world_to_parent_ = grandparent < 0 ? glm::mat3(1.0f) : glm::inverse(glm::mat3(globals[grandparent]));
    pivot_ = glm::vec3(globals[moved_][3]);
    start_rotation_ = input.drag_rotations[moved_];
    start_translation_ = input.drag_translations[moved_];
    if (twist_) {
        // The bone: toward the first child, or from the parent for a leaf.
        glm::vec3 bone(0.0f);
        for (int c = joint + 1; c < skeleton.joint_count() && bone == glm::vec3(0.0f); ++c)
            if (skeleton.parents[c] == joint) bone = glm::vec3(globals[c][3]) - grab_start_;
        if (bone == glm::vec3(0.0f) && parent >= 0) bone = grab_start_ - glm::vec3(globals[parent][3]);
        const float length = glm::length(bone);
        twist_axis_ = length > 1e-9f ? glm::inverse(frame_) * (bone / length) : glm::vec3(0, 1, 0);
    }
}

void JointDrag::update(const Ray& cursor, glm::vec2 cursor_pixel, PoseInput& input) const {
    if (joint_ < 0) return;
    if (twist_) {
        const float angle = 0.01f * (cursor_pixel.x - start_pixel_.x);  // radians per pixel
        input.drag_rotations[moved_] = glm::normalize(glm::angleAxis(angle, twist_axis_) * start_rotation_);
        return;
    }
    const float denominator = glm::dot(cursor.direction, plane_normal_);
    if (std::abs(denominator) < 1e-6f) return;
    const float t = glm::dot(grab_start_ - cursor.origin, plane_normal_) / denominator;
    if (!(t > 0.0f) || !std::isfinite(t)) return;
    const glm::vec3 target = cursor.origin + t * cursor.direction;
    if (translate_) {
        input.drag_translations[moved_] = start_translation_ + world_to_parent_ * (target - grab_start_);
        return;
    }
    const glm::vec3 from = grab_start_ - pivot_, to = target - pivot_;
    if (glm::length(from) < 1e-9f || glm::length(to) < 1e-9f) return;
    const glm::quat world_turn = glm::rotation(glm::normalize(from), glm::normalize(to));
    // The same turn expressed in the moved joint's parent frame, applied on top.
    input.drag_rotations[moved_] = glm::normalize(glm::inverse(frame_) * world_turn * frame_ * start_rotation_);
}

}  // namespace dynskin::app
