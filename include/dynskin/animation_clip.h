#pragma once
// Keyframed animation of joint TRS and morph weights, sampled at any time (glTF's
// interpolation rules).

#include <cstdint>
#include <string>
#include <vector>

#include "dynskin/pose.h"

namespace dynskin {

enum class Interpolation { Step, Linear, CubicSpline };
enum class ChannelPath { Translation, Rotation, Scale, Weights };

struct AnimationChannel {
    int joint = 0;  // Translation, Rotation, Scale: the joint animated
    ChannelPath path = ChannelPath::Rotation;
    Interpolation interpolation = Interpolation::Linear;
    // Weights: the K morph weights of one morph group, Pose::morph_weights[first_weight, + K).
    std::uint32_t first_weight = 0, weight_count = 0;
    std::vector<float> times;  // strictly increasing, at least one key
    // Per key: 3 floats (translation, scale), 4 (rotation x, y, z, w as in glTF) or K
    // (weights). CubicSpline stores in-tangent, value, out-tangent for each key (3 times as many).
    std::vector<float> values;

    int components() const {
        return path == ChannelPath::Rotation ? 4 : path == ChannelPath::Weights ? static_cast<int>(weight_count) : 3;
    }
};

// Where the last samples of a clip fell among each channel's keys, so that the next sample
// at a nearby time finds its keys in a step or two instead of a binary search over the
// channel. One per player of a clip (each instance of a crowd); it follows whichever clip it
// is used with, and any time works (a far jump searches as without it).
struct ClipCursor {
    std::vector<std::uint32_t> keys;  // per channel: the key the last sample started from
};

struct AnimationClip {
    std::string name;
    float duration = 0.0f;  // the last key time over all channels, weights included
    std::vector<AnimationChannel> channels;

    // Overwrites the animated components of pose (other joints and paths keep their values).
    // Times outside a channel's key range are clamped; rotations are renormalised. Weights
    // channels are skipped on a pose without morph weights (Pose::morph_weights empty).
    void sample(double time, Pose& pose) const;
    // The same pose, the keys found from the cursor's (which is then moved to them).
    void sample(double time, Pose& pose, ClipCursor& cursor) const;

    // Empty when every channel is usable on a skeleton with joint_count joints and a mesh
    // with morph_weight_count morph weights.
    std::string validate(int joint_count, std::size_t morph_weight_count = 0) const;
};

}  // namespace dynskin
