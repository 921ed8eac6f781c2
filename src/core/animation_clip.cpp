#include "core/animation_clip.h"

#include <algorithm>
#include <cmath>

namespace dynskin {
namespace {

glm::vec4 read(const std::vector<float>& values, std::size_t offset, int components) {
    glm::vec4 v(0.0f);
    for (int c = 0; c < components; ++c) v[c] = values[offset + c];
    return v;
}

glm::quat as_quat(glm::vec4 v) { return glm::quat(v.w, v.x, v.y, v.z); }  // glTF stores x, y, z, w

glm::quat normalized_or_identity(glm::quat q) {
    const float len = glm::length(q);
    return len > 1e-12f && std::isfinite(len) ? q / len : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
}

}  // namespace

void AnimationClip::sample(double time, Pose& pose) const {
    for (const AnimationChannel& ch : channels) {
        const int c = ch.components();
        const std::size_t keys = ch.times.size();
        const bool cubic = ch.interpolation == Interpolation::CubicSpline;
        const std::size_t stride = cubic ? 3 * c : c;    // floats per key
        const std::size_t value_at = cubic ? c : 0;      // offset of the value inside a key
        const float t = static_cast<float>(time);

        glm::vec4 v;
        const auto upper = std::upper_bound(ch.times.begin(), ch.times.end(), t);
        if (upper == ch.times.begin() || keys == 1) {
            v = read(ch.values, value_at, c);
        } else if (upper == ch.times.end()) {
            v = read(ch.values, (keys - 1) * stride + value_at, c);
        } else {
            const std::size_t k = static_cast<std::size_t>(upper - ch.times.begin()) - 1;
            const float t0 = ch.times[k], t1 = ch.times[k + 1];
            const float dt = t1 - t0;
            const float s = (t - t0) / dt;
            const glm::vec4 v0 = read(ch.values, k * stride + value_at, c);
            const glm::vec4 v1 = read(ch.values, (k + 1) * stride + value_at, c);
            switch (ch.interpolation) {
                case Interpolation::Step: v = v0; break;
                case Interpolation::Linear:
                    if (ch.path == ChannelPath::Rotation) {
                        const glm::quat q = slerp_shortest(normalized_or_identity(as_quat(v0)),
                                                           normalized_or_identity(as_quat(v1)), s);
                        v = glm::vec4(q.x, q.y, q.z, q.w);
                    } else {
                        v = v0 + s * (v1 - v0);
                    }
                    break;
                case Interpolation::CubicSpline: {
                    const glm::vec4 out0 = read(ch.values, k * stride + 2 * c, c);
                    const glm::vec4 in1 = read(ch.values, (k + 1) * stride, c);
                    const float s2 = s * s, s3 = s2 * s;
                    v = (2 * s3 - 3 * s2 + 1) * v0 + dt * (s3 - 2 * s2 + s) * out0 + (-2 * s3 + 3 * s2) * v1 +
                        dt * (s3 - s2) * in1;
                    break;
                }
            }
        }
        Trs& target = pose.local[ch.joint];
        switch (ch.path) {
            case ChannelPath::Translation: target.translation = glm::vec3(v); break;
            case ChannelPath::Scale: target.scale = glm::vec3(v); break;
            case ChannelPath::Rotation: target.rotation = normalized_or_identity(as_quat(v)); break;
        }
    }
}

std::string AnimationClip::validate(int joint_count) const {
    for (std::size_t i = 0; i < channels.size(); ++i) {
        const AnimationChannel& ch = channels[i];
        const std::string where = "animation '" + name + "' channel " + std::to_string(i);
        if (ch.joint < 0 || ch.joint >= joint_count) return where + " targets joint " + std::to_string(ch.joint) +
                                                            " of " + std::to_string(joint_count);
        if (ch.times.empty()) return where + " has no key";
        const std::size_t per_key = (ch.interpolation == Interpolation::CubicSpline ? 3u : 1u) * ch.components();
        if (ch.values.size() != ch.times.size() * per_key)
            return where + " has " + std::to_string(ch.values.size()) + " values for " +
                   std::to_string(ch.times.size()) + " keys";
        for (std::size_t k = 0; k < ch.times.size(); ++k) {
            if (!std::isfinite(ch.times[k])) return where + " has a non-finite key time";
            if (k > 0 && !(ch.times[k] > ch.times[k - 1])) return where + " has key times that do not increase";
        }
        for (float v : ch.values)
            if (!std::isfinite(v)) return where + " has a non-finite value";
    }
    return {};
}

}  // namespace dynskin
