#include "dynskin/rig_defaults.h"

namespace dynskin {

DynamicSettings settings_for_unseen_rig(const Character& character) {
    DynamicSettings settings;
    settings.parameters.ground_contact = kDefaultGroundContact;
    settings.joints.resize(static_cast<std::size_t>(character.skeleton.joint_count()));
    return settings;
}

DynamicSettings saved_or_unseen_rig_settings(const std::optional<DynamicSettings>& saved, const Character& character) {
    if (!saved) return settings_for_unseen_rig(character);
    DynamicSettings settings = *saved;
    settings.joints.resize(static_cast<std::size_t>(character.skeleton.joint_count()));
    return settings;
}

}  // namespace dynskin
