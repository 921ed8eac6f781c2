#pragma once
// Everything the method needs about one character: skeleton, skin, clips and its size.

#include <string>
#include <vector>

#include "core/animation_clip.h"
#include "core/skeleton.h"
#include "core/skinned_mesh.h"

namespace dynskin {

struct Character {
    std::string name;
    Skeleton skeleton;
    SkinnedMesh mesh;
    std::vector<AnimationClip> clips;

    // Empty when skeleton, mesh and clips are consistent, else the first problem.
    std::string validate() const;
};

// The character size L that makes presets scale-invariant: the diagonal of the bounding box
// of the rest joint positions, or of the rest mesh when the skeleton is too small to say
// (a rigid character has a single joint).
float character_size(const Skeleton& skeleton, const SkinnedMesh& mesh);

}  // namespace dynskin
