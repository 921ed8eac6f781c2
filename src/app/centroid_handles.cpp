#include "app/centroid_handles.h"

#include <cmath>

namespace dynskin::app {

std::vector<glm::vec3> centroid_positions(const std::vector<JointDrive>& drives) {
    std::vector<glm::vec3> points;
    points.reserve(drives.size());
    for (const JointDrive& d : drives) points.push_back(d.centroid);
    return points;
}

void CentroidDrag::begin(int joint, const glm::vec3& centroid, const OrbitCamera& camera) {
    joint_ = joint;
    anchor_ = centroid;
    plane_normal_ = glm::normalize(camera.position() - camera.target);
}

glm::vec3 CentroidDrag::offset(const Ray& cursor, const glm::mat4& global, const glm::vec3& start_offset) const {
    const float facing = glm::dot(cursor.direction, plane_normal_);
    if (std::abs(facing) < 1e-6f) return start_offset;
    const float along = glm::dot(anchor_ - cursor.origin, plane_normal_) / facing;
    const glm::vec3 moved = cursor.origin + along * cursor.direction - anchor_;
    const glm::mat3 to_joint = glm::inverse(glm::mat3(global));
    const glm::vec3 result = start_offset + to_joint * moved;
    return std::isfinite(result.x) && std::isfinite(result.y) && std::isfinite(result.z) ? result : start_offset;
}

}  // namespace dynskin::app
