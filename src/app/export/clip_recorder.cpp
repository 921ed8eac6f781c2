#include "app/export/clip_recorder.h"

namespace dynskin::app {

void ClipRecorder::start(double time) {
    recording_ = true;
    next_tick_ = first_tick_at_or_after(time);
    poses_.clear();
}

void ClipRecorder::record(const Character& character, const PoseTimeline& timeline, double time) {
    if (!recording_) return;
    for (; tick_time(next_tick_) <= time + 1e-9; ++next_tick_) {
        Pose pose;
        timeline.sample(character, tick_time(next_tick_), pose);
        poses_.push_back(std::move(pose));
    }
}

AnimationClip ClipRecorder::stop(const Skeleton& skeleton, std::string name) {
    recording_ = false;
    AnimationClip clip;
    clip.name = std::move(name);
    if (poses_.size() < 2) {
        poses_.clear();
        return clip;
    }
    std::vector<float> times(poses_.size());
    for (std::size_t k = 0; k < poses_.size(); ++k) times[k] = static_cast<float>(k * kTickSeconds);
    clip.duration = times.back();
    for (int j = 0; j < skeleton.joint_count(); ++j) {
        const Trs& rest = skeleton.rest[static_cast<std::size_t>(j)];
        bool moves[3] = {false, false, false};
        for (const Pose& pose : poses_) {
            const Trs& local = pose.local[static_cast<std::size_t>(j)];
            moves[0] = moves[0] || local.translation != rest.translation;
            moves[1] = moves[1] || local.rotation != rest.rotation;
            moves[2] = moves[2] || local.scale != rest.scale;
        }
        const ChannelPath paths[3] = {ChannelPath::Translation, ChannelPath::Rotation, ChannelPath::Scale};
        for (int p = 0; p < 3; ++p) {
            if (!moves[p]) continue;
            AnimationChannel channel;
            channel.joint = j;
            channel.path = paths[p];
            channel.interpolation = Interpolation::Linear;
            channel.times = times;
            glm::quat previous(1.0f, 0.0f, 0.0f, 0.0f);
            for (std::size_t k = 0; k < poses_.size(); ++k) {
                const Trs& local = poses_[k].local[static_cast<std::size_t>(j)];
                if (p == 1) {
                    glm::quat q = local.rotation;  // one hemisphere, so that keys interpolate the short way
                    if (k > 0 && glm::dot(q, previous) < 0.0f) q = -q;
                    previous = q;
                    channel.values.insert(channel.values.end(), {q.x, q.y, q.z, q.w});
                } else {
                    const glm::vec3 v = p == 0 ? local.translation : local.scale;
                    channel.values.insert(channel.values.end(), {v.x, v.y, v.z});
                }
            }
            clip.channels.push_back(std::move(channel));
        }
    }
    poses_.clear();
    return clip;
}

}  // namespace dynskin::app
