#pragma once
// From a recipe (rig, implicit shape, clips, preset) to a skinned Character: polygonise the
// shape, shade it with the field's gradient, colour it and lay the bend layer from its parts,
// and weight it automatically to the rig.

#include <string>
#include <vector>

#include "characters/shape/automatic_weights.h"
#include "characters/shape/implicit_surface.h"
#include "characters/shape/rig.h"
#include "dynskin/character.h"
#include "dynskin/settings.h"

namespace dynskin::characters {

// A bundled character's preset is tuned by eye on its own clips, exaggeration included: the
// safety limits meant for unknown rigs (DynamicParameters' max_angle, max_offset) are off
// unless a recipe sets them.
inline DynamicSettings tuned_preset() {
    DynamicSettings settings;
    settings.parameters.max_angle = 0.0f;
    settings.parameters.max_offset = 0.0f;
    return settings;
}

struct CharacterRecipe {
    std::string name;
    Rig rig;
    ImplicitShape shape;
    float cell = 0.03f;            // polygonisation grid step: sets the vertex count
    float color_edge = 0.01f;      // width over which neighbouring parts' colours mix
    float bend_edge = 0.08f;       // the same for the bend layer, softer
    WeightDiffusion weights;
    std::vector<AnimationClip> clips;
    DynamicSettings preset = tuned_preset();  // its joints list may be empty: defaults for every joint

    // Joint j's own settings in the preset (the list made as long as the rig's joints first).
    JointSettings& joint_settings(int j);
};

// A character together with the settings tuned for it.
struct BundledCharacter {
    Character character;
    DynamicSettings preset;
};

BundledCharacter build_character(const CharacterRecipe& recipe);

}  // namespace dynskin::characters
