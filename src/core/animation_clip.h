#pragma once
// Keyframed animation of joint TRS, sampled at any time (glTF's interpolation rules).

#include <string>
#include <vector>

#include "core/pose.h"

namespace dynskin {

enum class Interpolation { Step, Linear, CubicSpline };
enum class ChannelPath { Translation, Rotation, Scale };

struct AnimationChannel {
    int joint = 0;
    ChannelPath path = ChannelPath::Rotation;
    Interpolation interpolation = Interpolation::Linear;
    std::vector<float> times;  // strictly increasing, at least one key
    // Per key: 3 floats (translation, scale) or 4 (rotation x, y, z, w as in glTF).
    // CubicSpline stores in-tangent, value, out-tangent for each key (3 times as many).
    std::vector<float> values;

    int components() const { return path == ChannelPath::Rotation ? 4 : 3; }
};

struct AnimationClip {
    std::string name;
    float duration = 0.0f;  // the last key time over all channels
    std::vector<AnimationChannel> channels;

    // Overwrites the animated components of pose (other joints and paths keep their values).
    // Times outside a channel's key range are clamped; rotations are renormalised.
    void sample(double time, Pose& pose) const;

    // Empty when every channel is usable on a skeleton with joint_count joints.
    std::string validate(int joint_count) const;
};

}  // namespace dynskin
