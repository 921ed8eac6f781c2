#pragma once
// Small skinned files with the properties of rigs from the wild: a tube creature (a chain of
// bones along its length, a proper closed-ish surface) written in other units under a scaled
// armature node, turned Z-up to Y-up by a node matrix, bound in a pose far from its rest
// pose, or animated by a violent clip. What the tests of framing, character size and safe
// defaults load.

#include <string>

#include "gltf_writer.h"

namespace dynskin::test {

enum class WildClip {
    None,
    Swing,    // a few turns of the chain, at moderate speed, then a stop
    Violent,  // fast spins, a fall, a teleport of the root, joints snapping back and forth
    Short,    // three keys in 0.1 s with half-turns between them
};

struct WildRigOptions {
    // The stored vertices and joint translations are in units of 1/units metres; an armature
    // node scaled by 1/units above the skeleton brings the character back to metres (the
    // Mixamo / FBX export of a centimetre rig: units = 100).
    float units = 1.0f;
    // The creature is built along +Z, and the armature node's matrix turns Z-up into Y-up
    // (as COLLADA exports do) instead of along +Y with no turn.
    bool z_up_matrix = false;
    // The vertices are stored in a bind pose where the chain is straight; the rest pose (the
    // nodes' own transforms) bends each bone by 40 degrees.
    bool bind_far_from_rest = false;
    WildClip clip = WildClip::Swing;
    int bones = 4;
};

// The creature is 2 m long (1.6 m of bones plus its rounded ends), about 0.3 m thick, in the
// world, whatever the options.
GltfWriter wild_rig(const WildRigOptions& options);

}  // namespace dynskin::test
