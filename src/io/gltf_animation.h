#pragma once
// The file's animations as clips of joint channels; channels the skeleton cannot play are
// skipped with a warning.

#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "core/animation_clip.h"
#include "io/gltf_skeleton.h"

namespace dynskin::io {

std::vector<AnimationClip> read_animations(const tinygltf::Model& model, const SkeletonFromNodes& skeleton,
                                           std::vector<std::string>& warnings);

}  // namespace dynskin::io
