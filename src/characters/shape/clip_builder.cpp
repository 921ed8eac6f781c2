#include "characters/shape/clip_builder.h"

#include <algorithm>
#include <cmath>

namespace dynskin::characters {
namespace {

std::vector<float> key_times(float duration, float keys_per_second) {
    const int intervals = std::max(1, static_cast<int>(std::lround(duration * keys_per_second)));
    std::vector<float> times;
    for (int k = 0; k <= intervals; ++k) times.push_back(duration * float(k) / float(intervals));
    return times;
}

}  // namespace

glm::quat euler_degrees(float x, float y, float z) {
    return glm::angleAxis(glm::radians(z), glm::vec3(0, 0, 1)) * glm::angleAxis(glm::radians(y), glm::vec3(0, 1, 0)) *
           glm::angleAxis(glm::radians(x), glm::vec3(1, 0, 0));
}

AnimationChannel sampled_rotation(int joint, float duration, float keys_per_second,
                                  const std::function<glm::quat(float t)>& rotation) {
    AnimationChannel channel;
    channel.joint = joint;
    channel.path = ChannelPath::Rotation;
    channel.interpolation = Interpolation::Linear;
    channel.times = key_times(duration, keys_per_second);
    glm::quat previous(1, 0, 0, 0);
    for (float t : channel.times) {
        glm::quat q = glm::normalize(rotation(t));
        if (glm::dot(q, previous) < 0.0f) q = -q;  // keep neighbouring keys on the same hemisphere
        channel.values.insert(channel.values.end(), {q.x, q.y, q.z, q.w});
        previous = q;
    }
    return channel;
}

AnimationChannel sampled_translation(int joint, float duration, float keys_per_second,
                                     const std::function<glm::vec3(float t)>& translation) {
    AnimationChannel channel;
    channel.joint = joint;
    channel.path = ChannelPath::Translation;
    channel.interpolation = Interpolation::Linear;
    channel.times = key_times(duration, keys_per_second);
    for (float t : channel.times) {
        const glm::vec3 v = translation(t);
        channel.values.insert(channel.values.end(), {v.x, v.y, v.z});
    }
    return channel;
}

AnimationClip make_clip(const std::string& name, std::vector<AnimationChannel> channels) {
    AnimationClip clip;
    clip.name = name;
    clip.channels = std::move(channels);
    for (const AnimationChannel& channel : clip.channels) clip.duration = std::max(clip.duration, channel.times.back());
    return clip;
}

float ease(float t, float start, float end) {
    const float x = std::clamp((t - start) / (end - start), 0.0f, 1.0f);
    return x * x * (3.0f - 2.0f * x);
}

float ease_in(float t, float start, float end) {
    const float x = std::clamp((t - start) / (end - start), 0.0f, 1.0f);
    return x * x;
}

}  // namespace dynskin::characters
