#pragma once
// Velocity Skinning's deformation visualiser: the pose held still while one joint moves at a
// constant angular and linear velocity, as if forever, so that the drag and the squash can
// be tuned on a static picture; and the paths vertices follow as the speed grows from 0 to
// the set value, drawn over the view.

#include <vector>

#include "dynskin/deformer.h"

namespace dynskin::app {

struct SteadyMotion {
    bool enabled = false;
    glm::vec3 angular{0.0f, 0.0f, 4.0f};  // rad/s, world axes
    glm::vec3 linear{0.0f};               // character sizes per second, world axes
    bool trajectories = true;

    bool operator==(const SteadyMotion& o) const {
        return enabled == o.enabled && angular == o.angular && linear == o.linear && trajectories == o.trajectories;
    }
};

class SteadyMotionView {
public:
    // Deforms with deformer.update_steady at the set velocities of `joint`. The paths are
    // recomputed (a few deformations) only when anything that shapes them changed:
    // paint_revision is the painter's, so painting updates them too.
    void update(Deformer& deformer, const Pose& pose, const DynamicSettings& settings, int joint,
                const SteadyMotion& motion, int paint_revision);
    void forget() { paths_.clear(), joint_ = -1; }

    // One polyline per sample vertex that moves, from its place at rest speed to full speed.
    const std::vector<std::vector<glm::vec3>>& paths() const { return paths_; }

private:
    std::vector<Deformer::SteadyMotion> motion_at(const Deformer& deformer, int joint, const SteadyMotion& motion,
                                                  float fraction) const;

    std::vector<std::vector<glm::vec3>> paths_;
    // What the paths were computed for.
    DynamicSettings settings_;
    SteadyMotion motion_;
    int joint_ = -1;
    int paint_revision_ = -1;
    std::vector<Trs> pose_;
};

}  // namespace dynskin::app
