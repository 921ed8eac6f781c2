#include "dynskin/animation_clip.h"

#include <algorithm>
#include <cmath>

namespace dynskin {
namespace {

glm::quat normalized_or_identity(glm::quat q) {
    const float len = glm::length(q);
    return len > 1e-12f && std::isfinite(len) ? q / len : glm::quat(1.0f, 0.0f, 0.0f, 0.0f);
}

// Where a time falls among a channel's keys: on key k (before the first, after the last, or
// a single key), or between keys k and k + 1 at fraction s of dt.
struct KeySegment {
    std::size_t k = 0;
    bool between = false;
    float s = 0.0f, dt = 0.0f;
};

KeySegment between(const std::vector<float>& times, std::size_t k, float t) {
    const float dt = times[k + 1] - times[k];
    return {k, true, (t - times[k]) / dt, dt};
}

KeySegment locate(const std::vector<float>& times, float t) {
    const auto upper = std::upper_bound(times.begin(), times.end(), t);
    if (upper == times.begin() || times.size() == 1) return {};
    if (upper == times.end()) return {times.size() - 1, false, 0.0f, 0.0f};
    return between(times, static_cast<std::size_t>(upper - times.begin()) - 1, t);
}

// locate() starting from key `hint`: a time at or a few keys after it (a clip played on) is
// found by stepping; any other by locate() itself. The hint becomes the key found.
KeySegment locate(const std::vector<float>& times, float t, std::uint32_t& hint) {
    const std::size_t n = times.size();
    if (n < 2 || !(t >= times.front() && t < times.back())) return locate(times, t);
    std::size_t k = std::min<std::size_t>(hint, n - 2);
    // times[k] <= t < times[k + 1]; t < times.back() ends the steps at k = n - 2 at the latest.
    constexpr int kMostSteps = 4;
    int steps = 0;
    if (times[k] <= t)
        while (times[k + 1] <= t && steps++ < kMostSteps) ++k;
    if (!(times[k] <= t && t < times[k + 1])) {
        const KeySegment found = locate(times, t);
        hint = static_cast<std::uint32_t>(found.k);
        return found;
    }
    hint = static_cast<std::uint32_t>(k);
    return between(times, k, t);
}

// Component c of a channel at a segment: STEP, LINEAR (rotations are slerped by the caller
// instead) or CUBICSPLINE (Hermite with the keys' tangents scaled by dt, as glTF says).
float interpolate(const AnimationChannel& ch, const KeySegment& seg, int c) {
    const std::size_t n = static_cast<std::size_t>(ch.components());
    const bool cubic = ch.interpolation == Interpolation::CubicSpline;
    const std::size_t stride = cubic ? 3 * n : n;  // floats per key
    const std::size_t value_at = cubic ? n : 0;    // offset of the value inside a key
    const float v0 = ch.values[seg.k * stride + value_at + c];
    if (!seg.between || ch.interpolation == Interpolation::Step) return v0;
    const float v1 = ch.values[(seg.k + 1) * stride + value_at + c];
    const float s = seg.s;
    if (!cubic) return v0 + s * (v1 - v0);
    const float out0 = ch.values[seg.k * stride + 2 * n + c];
    const float in1 = ch.values[(seg.k + 1) * stride + c];
    const float s2 = s * s, s3 = s2 * s;
    return (2 * s3 - 3 * s2 + 1) * v0 + seg.dt * (s3 - 2 * s2 + s) * out0 + (-2 * s3 + 3 * s2) * v1 +
           seg.dt * (s3 - s2) * in1;
}

glm::vec3 interpolate3(const AnimationChannel& ch, const KeySegment& seg) {
    return {interpolate(ch, seg, 0), interpolate(ch, seg, 1), interpolate(ch, seg, 2)};
}

glm::quat interpolate_rotation(const AnimationChannel& ch, const KeySegment& seg) {
    auto component = [&](std::size_t key, int c) { return ch.values[key * 4 + c]; };  // LINEAR: 4 floats a key
    if (seg.between && ch.interpolation == Interpolation::Linear) {
        const auto key = [&](std::size_t k) {  // glTF stores x, y, z, w
            return normalized_or_identity(glm::quat(component(k, 3), component(k, 0), component(k, 1), component(k, 2)));
        };
        return slerp_shortest(key(seg.k), key(seg.k + 1), seg.s);
    }
    return normalized_or_identity(
        glm::quat(interpolate(ch, seg, 3), interpolate(ch, seg, 0), interpolate(ch, seg, 1), interpolate(ch, seg, 2)));
}

}  // namespace

namespace {

// AnimationClip::sample with a way to find each channel's keys.
template <class Locate>
void sample_channels(const std::vector<AnimationChannel>& channels, double time, Pose& pose, const Locate& locate_keys) {
    const float t = static_cast<float>(time);
    for (std::size_t c = 0; c < channels.size(); ++c) {
        const AnimationChannel& ch = channels[c];
        if (ch.path == ChannelPath::Weights) {
            if (pose.morph_weights.size() < std::size_t(ch.first_weight) + ch.weight_count) continue;
            const KeySegment seg = locate_keys(c, t);
            for (std::uint32_t w = 0; w < ch.weight_count; ++w)
                pose.morph_weights[ch.first_weight + w] = interpolate(ch, seg, static_cast<int>(w));
            continue;
        }
        const KeySegment seg = locate_keys(c, t);
        Trs& target = pose.local[ch.joint];
        switch (ch.path) {
            case ChannelPath::Translation: target.translation = interpolate3(ch, seg); break;
            case ChannelPath::Scale: target.scale = interpolate3(ch, seg); break;
            case ChannelPath::Rotation: target.rotation = interpolate_rotation(ch, seg); break;
            case ChannelPath::Weights: break;
        }
    }
}

}  // namespace

void AnimationClip::sample(double time, Pose& pose) const {
    sample_channels(channels, time, pose, [this](std::size_t c, float t) { return locate(channels[c].times, t); });
}

void AnimationClip::sample(double time, Pose& pose, ClipCursor& cursor) const {
    cursor.keys.resize(channels.size());  // another clip, or the first sample: no allocation after
    sample_channels(channels, time, pose,
                    [&](std::size_t c, float t) { return locate(channels[c].times, t, cursor.keys[c]); });
}

std::string AnimationClip::validate(int joint_count, std::size_t morph_weight_count) const {
    for (std::size_t i = 0; i < channels.size(); ++i) {
        const AnimationChannel& ch = channels[i];
        const std::string where = "animation '" + name + "' channel " + std::to_string(i);
        if (ch.path == ChannelPath::Weights) {
            if (ch.weight_count == 0 || std::size_t(ch.first_weight) + ch.weight_count > morph_weight_count)
                return where + " animates morph weights " + std::to_string(ch.first_weight) + " to " +
                       std::to_string(std::size_t(ch.first_weight) + ch.weight_count) + " of " +
                       std::to_string(morph_weight_count);
        } else if (ch.joint < 0 || ch.joint >= joint_count) {
            return where + " targets joint " + std::to_string(ch.joint) + " of " + std::to_string(joint_count);
        }
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
