#include "app/input/centroid_handles.h"

#include <cmath>

namespace dynskin::app {

std::vector<glm::vec3> centroid_positions(const Deformer& deformer) {
    std::vector<glm::vec3> positions(static_cast<std::size_t>(deformer.joint_count()));
    for (int j = 0; j < deformer.joint_count(); ++j) positions[j] = glm::vec3(deformer.joint_row(j).centroid);
    return positions;
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
