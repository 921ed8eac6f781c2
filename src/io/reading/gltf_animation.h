#pragma once
// The file's animations as clips of joint and morph weight channels; channels the character
// cannot play are skipped with a warning.

#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "dynskin/animation_clip.h"
#include "dynskin/morph_targets.h"
#include "io/reading/gltf_skeleton.h"

namespace dynskin::io {

// morph_group_of_node: per node, its group in morphs (-1: none), as build_mesh made them.
std::vector<AnimationClip> read_animations(const tinygltf::Model& model, const SkeletonFromNodes& skeleton,
                                           const MorphTargets& morphs, const std::vector<int>& morph_group_of_node,
                                           std::vector<std::string>& warnings);

}  // namespace dynskin::io
