#pragma once
// The settings of a rig that comes without any (a user's own glTF, an armature in Blender):
// the method's defaults (DynamicParameters{}) and, on top, what an unseen rig needs and a
// hand-tuned one does not: the ground contact on, so that the feet its clips plant stay
// planted (docs/your-rigs.md). Saved settings are the user's work and are never changed.

#include <optional>

#include "dynskin/character.h"
#include "dynskin/settings.h"

namespace dynskin {

DynamicSettings settings_for_unseen_rig(const Character& character);

// The saved settings when there are, else settings_for_unseen_rig; a row of joint settings
// per joint either way.
DynamicSettings saved_or_unseen_rig_settings(const std::optional<DynamicSettings>& saved, const Character& character);

}  // namespace dynskin
