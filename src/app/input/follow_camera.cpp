#include "app/input/follow_camera.h"

#include <algorithm>
#include <cmath>

#include "dynskin/pose.h"
#include "dynskin/pose_sampler.h"

namespace dynskin::app {

SkinCentre::SkinCentre(const SkinnedMesh& mesh)
    : weighted_rest_(mesh.inverse_binds.size(), glm::vec4(0.0f)),
      inverse_binds_(mesh.inverse_binds),
      vertex_count_(static_cast<float>(mesh.vertex_count())) {
    const SkinningWeights& w = mesh.weights;
    for (std::size_t i = 0; i < mesh.vertex_count() && i < w.vertex_count(); ++i) {
        rest_mean_ += mesh.rest_positions[i];
        for (std::uint32_t k = w.offsets[i]; k < w.offsets[i + 1]; ++k)
            if (w.joints[k] < weighted_rest_.size())
                weighted_rest_[w.joints[k]] += w.weights[k] * glm::vec4(mesh.rest_positions[i], 1.0f);
    }
    if (vertex_count_ > 0.0f) rest_mean_ /= vertex_count_;
}

glm::vec3 SkinCentre::operator()(const std::vector<glm::mat4>& globals) const {
    if (globals.size() < weighted_rest_.size() || vertex_count_ == 0.0f) return rest_mean_;
    glm::vec3 sum(0.0f);
    for (std::size_t j = 0; j < weighted_rest_.size(); ++j) {
        const glm::vec4& s = weighted_rest_[j];
        if (s.w == 0.0f) continue;
        // S_j applied to the sum of w r (a point weighted w): its homogeneous part is w.
        sum += glm::vec3((globals[j] * inverse_binds_[j]) * s);
    }
    return sum / vertex_count_;
}

float clip_travel(const Skeleton& skeleton, const AnimationClip& clip, int samples) {
    if (skeleton.joint_count() == 0) return 0.0f;
    const PoseSampler sample = clip_sampler(skeleton, clip, false);
    Pose pose = Pose::rest_of(skeleton);
    std::vector<glm::mat4> globals;
    std::vector<glm::vec3> start;
    std::vector<float> farthest(skeleton.joint_count(), 0.0f);
    for (int k = 0; k <= std::max(samples, 1); ++k) {
        sample(double(clip.duration) * k / std::max(samples, 1), pose);
        forward_kinematics(skeleton, pose, globals);
        for (int j = 0; j < skeleton.joint_count(); ++j) {
            const glm::vec3 at(globals[j][3]);
            if (k == 0) start.push_back(at);
            farthest[j] = std::max(farthest[j], glm::distance(at, start[j]));
        }
    }
    return *std::min_element(farthest.begin(), farthest.end());
}

void CameraFollow::reset(const glm::vec3& centre) {
    eased_ = centre;
    started_ = true;
}

void CameraFollow::update(OrbitCamera& camera, const glm::vec3& centre, float size, double dt) {
    if (!started_ || !std::isfinite(centre.x + centre.y + centre.z)) {
        if (std::isfinite(centre.x + centre.y + centre.z)) reset(centre);
        return;
    }
    glm::vec3 step = centre - eased_;
    if (glm::length(step) <= size) {
        // The eased centre closes the same fraction of the gap whatever the frame rate.
        const float fraction = time_constant > 0.0f ? 1.0f - std::exp(-float(std::max(dt, 0.0)) / time_constant) : 1.0f;
        step *= fraction;
    }
    eased_ += step;
    camera.target += step;
}

}  // namespace dynskin::app
