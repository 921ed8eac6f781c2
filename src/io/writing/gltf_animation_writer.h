#pragma once
// A dynskin AnimationClip as a glTF animation (one sampler per channel, keys as stored).

#include <vector>

#include <nlohmann/json.hpp>

#include "dynskin/animation_clip.h"
#include "io/writing/gltf_binary_builder.h"

namespace dynskin::io {

// node_of_joint maps the clip's joints to the document's nodes; channels of a joint without
// a node (-1, such as a rigid character's synthetic root) and morph weight channels are left
// out. Empty: joint j is node j.
nlohmann::json animation_json(const AnimationClip& clip, GltfBinaryBuilder& builder,
                              const std::vector<int>& node_of_joint = {});

}  // namespace dynskin::io
