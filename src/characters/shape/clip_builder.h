#pragma once
// Animation clips from functions of time: each channel is sampled at a fixed key rate with
// linear interpolation, which any glTF viewer plays the same way.

#include <functional>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "dynskin/animation_clip.h"

namespace dynskin::characters {

// Rotation by Euler angles in degrees, applied X, then Y, then Z (about fixed axes).
glm::quat euler_degrees(float x, float y, float z);

// A rotation channel sampled from t = 0 to duration (both included).
AnimationChannel sampled_rotation(int joint, float duration, float keys_per_second,
                                  const std::function<glm::quat(float t)>& rotation);

// A translation channel (the joint's full local translation) sampled the same way.
AnimationChannel sampled_translation(int joint, float duration, float keys_per_second,
                                     const std::function<glm::vec3(float t)>& translation);

// A clip of those channels; its duration is the last key time, as a glTF reader finds it.
AnimationClip make_clip(const std::string& name, std::vector<AnimationChannel> channels);

// 0 before start, 1 after end, smooth (cubic ease in and out) between.
float ease(float t, float start, float end);

// 0 before start, 1 at end, accelerating then stopping dead: the motion that shows the wobble.
float ease_in(float t, float start, float end);

}  // namespace dynskin::characters
