#include "app/pose_input.h"

#include <algorithm>
#include <cmath>

namespace dynskin::app {

void PoseInput::reset_drags(int joint_count) {
    drag_rotations.assign(joint_count, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
    drag_translations.assign(joint_count, glm::vec3(0.0f));
}

void PoseInput::apply(const Character& character, Pose& pose) const {
    pose.local = character.skeleton.rest;
    pose.cycle = 0;
    if (clip >= 0 && clip < static_cast<int>(character.clips.size())) {
        const AnimationClip& c = character.clips[clip];
        double t = clip_time;
        if (loop && c.duration > 0.0f) {
            const LoopTime wrapped = loop_time(t, c.duration);
            t = wrapped.time;
            pose.cycle = wrapped.cycle;
        }
        c.sample(t, pose);
    }
    const std::size_t n = std::min(pose.local.size(), drag_rotations.size());
    for (std::size_t j = 0; j < n; ++j) {
        pose.local[j].rotation = glm::normalize(drag_rotations[j] * pose.local[j].rotation);
        pose.local[j].translation += drag_translations[j];
    }
}

void PoseTimeline::record(double world_time, const PoseInput& input) {
    if (!frames_.empty() && world_time <= frames_.back().time) frames_.clear();
    frames_.push_back({world_time, input});
    while (frames_.size() > 2 && frames_[1].time < world_time - 2.0) frames_.pop_front();
}

void PoseTimeline::sample(const Character& character, double world_time, Pose& pose) const {
    if (frames_.empty()) {
        pose.local = character.skeleton.rest;
        return;
    }
    if (world_time <= frames_.front().time) return frames_.front().input.apply(character, pose);
    if (world_time >= frames_.back().time) return frames_.back().input.apply(character, pose);
    const auto after = std::upper_bound(frames_.begin(), frames_.end(), world_time,
                                        [](double t, const Frame& f) { return t < f.time; });
    const Frame& b = *after;
    const Frame& a = *(after - 1);
    const float s = static_cast<float>((world_time - a.time) / (b.time - a.time));
    blended_ = b.input;
    if (a.input.clip == b.input.clip) blended_.clip_time = a.input.clip_time + s * (b.input.clip_time - a.input.clip_time);
    const std::size_t n = std::min(a.input.drag_rotations.size(), b.input.drag_rotations.size());
    for (std::size_t j = 0; j < n; ++j) {
        blended_.drag_rotations[j] = slerp_shortest(a.input.drag_rotations[j], b.input.drag_rotations[j], s);
        blended_.drag_translations[j] = glm::mix(a.input.drag_translations[j], b.input.drag_translations[j], s);
    }
    blended_.apply(character, pose);
}

}  // namespace dynskin::app
