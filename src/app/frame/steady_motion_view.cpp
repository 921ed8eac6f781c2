#include "app/frame/steady_motion_view.h"

#include <algorithm>

#include "dynskin/deformer.h"

namespace dynskin::app {
namespace {

constexpr int kPathSteps = 16;
constexpr std::size_t kPathVertices = 150;  // about; sampled evenly over the mesh

bool same_pose(const std::vector<Trs>& a, const std::vector<Trs>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t j = 0; j < a.size(); ++j)
        if (a[j].translation != b[j].translation || a[j].rotation != b[j].rotation || a[j].scale != b[j].scale)
            return false;
    return true;
}

}  // namespace

std::vector<Deformer::SteadyMotion> SteadyMotionView::motion_at(const Deformer& deformer, int joint,
                                                                const SteadyMotion& motion, float fraction) const {
    std::vector<Deformer::SteadyMotion> result(static_cast<std::size_t>(deformer.joint_count()));
    if (joint >= 0 && joint < static_cast<int>(result.size())) {
        result[joint].angular = fraction * motion.angular;
        result[joint].linear = (fraction * deformer.size()) * motion.linear;
    }
    return result;
}

void SteadyMotionView::update(Deformer& deformer, const Pose& pose, const DynamicSettings& settings, int joint,
                              const SteadyMotion& motion, int paint_revision) {
    const bool unchanged = joint == joint_ && motion == motion_ && paint_revision == paint_revision_ &&
                           settings == settings_ && same_pose(pose.local, pose_);
    if (unchanged || !motion.trajectories) {
        deformer.update_steady(pose, motion_at(deformer, joint, motion, 1.0f), settings);
        if (!motion.trajectories) paths_.clear();
        return;
    }
    joint_ = joint, motion_ = motion, paint_revision_ = paint_revision, settings_ = settings, pose_ = pose.local;

    // From zero speed to the full one: the last deformation is the one shown.
    std::vector<std::vector<glm::vec3>> paths;
    std::size_t step_between = 1;
    for (int k = 0; k <= kPathSteps; ++k) {
        deformer.update_steady(pose, motion_at(deformer, joint, motion, float(k) / kPathSteps), settings);
        const std::vector<glm::vec3>& positions = deformer.positions();
        if (k == 0) {
            step_between = std::max<std::size_t>(1, positions.size() / kPathVertices);
            paths.assign((positions.size() + step_between - 1) / step_between, {});
        }
        for (std::size_t s = 0; s < paths.size(); ++s) paths[s].push_back(positions[s * step_between]);
    }
    // Keep the vertices that move visibly.
    const float visible = 2e-3f * deformer.size();
    paths_.clear();
    for (std::vector<glm::vec3>& path : paths)
        if (glm::length(path.back() - path.front()) > visible) paths_.push_back(std::move(path));
}

}  // namespace dynskin::app
