#pragma once
// Everything the method needs about one character: skeleton, skin, clips, its size and ground.

#include <limits>
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
    // L when > 0, given by a host that knows more of the character than this mesh: Blender
    // gives the size of everything one armature deforms, so that a hat on the head moves with
    // it. 0: measured (character_size).
    float size = 0.0f;
    // The ground of the contact fade (DynamicParameters::ground_contact): the plane at height
    // `ground` along the axis `up_axis` (0 x, 1 y, 2 z) of the skin's space. glTF's up is +y,
    // Blender's +z. NaN: measured, the rest pose's lowest point (ground_of); a host that
    // knows more (the lowest point of every mesh on one armature) gives it.
    int up_axis = 1;
    float ground = std::numeric_limits<float>::quiet_NaN();

    // Empty when skeleton, mesh, clips and size are consistent, else the first problem.
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
// The same rule on given rest positions, in the world: the joints' and the skin's. A host
// whose character is several meshes on one skeleton gives every mesh's vertices.
float character_size(const std::vector<glm::vec3>& joints, const std::vector<glm::vec3>& skin);
// The character's L: its given size, else the measured one.
float size_of(const Character& character);
// The height of the character's ground along its up axis: the given one, else the lowest
// point of the rest pose as the file places it in the world.
float ground_of(const Character& character);

}  // namespace dynskin
