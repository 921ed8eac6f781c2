#include "dynskin/rig_defaults.h"

namespace dynskin {

DynamicSettings settings_for_unseen_rig(const Character& character, const AnimationClip* clip) {
    DynamicSettings settings;
    settings.parameters.ground_contact = kDefaultGroundContact;
    settings.joints.resize(static_cast<std::size_t>(character.skeleton.joint_count()));
    if (!clip) return settings;
    return scaled_strength(settings, size_dynamics_to_clip(character, *clip, settings).scale);
}

DynamicSettings saved_or_unseen_rig_settings(const std::optional<DynamicSettings>& saved, const Character& character,
                                             const AnimationClip* clip) {
    if (!saved) return settings_for_unseen_rig(character, clip);
    DynamicSettings settings = *saved;
    settings.joints.resize(static_cast<std::size_t>(character.skeleton.joint_count()));
    return settings;
}

}  // namespace dynskin
