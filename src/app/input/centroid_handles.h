#pragma once
// The squash centroids as handles in the view: pick one on screen and drag it in the plane
// facing the camera; the move is stored as the joint's centroid offset, in the joint's frame
// (so the handle stays where the user put it relative to the bone as the character moves).

#include <vector>

#include "app/input/orbit_camera.h"
#include "dynskin/deformer.h"

namespace dynskin::app {

// Every joint's squash centroid, in world at the deformer's time (from its joint rows).
std::vector<glm::vec3> centroid_positions(const Deformer& deformer);

class CentroidDrag {
public:
    // Starts dragging joint's centroid, now at `centroid`, grabbed under the cursor ray.
    void begin(int joint, const glm::vec3& centroid, const OrbitCamera& camera);
    // The new centroid offset in the joint's frame (its global transform `global`), from
    // the offset at the start of the drag and the cursor ray now.
    glm::vec3 offset(const Ray& cursor, const glm::mat4& global, const glm::vec3& start_offset) const;
    void end() { joint_ = -1; }
    bool active() const { return joint_ >= 0; }
    int joint() const { return joint_; }

private:
    int joint_ = -1;
    glm::vec3 anchor_{0.0f};
    glm::vec3 plane_normal_{0.0f};
};

}  // namespace dynskin::app
