#pragma once
// Everything the method needs about one character: skeleton, skin, clips and its size.

#include <string>
#include <vector>

#include "dynskin/animation_clip.h"
#include "dynskin/skeleton.h"
#include "dynskin/skinned_mesh.h"

namespace dynskin {

struct Character {
    std::string name;
    Skeleton skeleton;
    SkinnedMesh mesh;
    std::vector<AnimationClip> clips;

    // Empty when skeleton, mesh and clips are consistent, else the first problem.
    std::string validate() const;
};

// The rest pose as the file places it in the world: each joint's rest local transform,
// composed from the root, then LBS of the skin (the bind space of the stored vertices may
// differ from the world by the armature's scale or axes, and the bind pose from the rest pose).
std::vector<glm::vec3> rest_pose_positions(const Skeleton& skeleton, const SkinnedMesh& mesh);

// The character size L that makes presets scale-invariant, measured in the world on the
// rest pose: the diagonal of the bounding box of the joint positions, unless the skeleton
// says little about the skin (a rigid character's single joint, joints bunched in one spot,
// or helper joints far outside the character), then that of the skin itself.
float character_size(const Skeleton& skeleton, const SkinnedMesh& mesh);

}  // namespace dynskin
