#pragma once
// The settings of a rig that comes without any (a user's own glTF, an armature in Blender):
// the method's defaults (DynamicParameters{}) and, on top, what an unseen rig needs and a
// hand-tuned one does not: the ground contact on, so that the feet its clips plant stay
// planted, and the strength sized to the clip it plays (docs/your-rigs.md). Saved settings
// are the user's work and are never changed.

#include <optional>

#include "dynskin/character.h"
#include "dynskin/offset_survey.h"
#include "dynskin/settings.h"

namespace dynskin {

// With a clip, the strength is sized to it (offset_survey.h: A, D and the translation gain
// scaled so that its largest offset is about 0.08 L and almost none of the skin moves past
// 0.1 L): a fast run no longer folds the body, a slow idle still shows. It costs a few
// plays of the clip's first 8 s.
DynamicSettings settings_for_unseen_rig(const Character& character, const AnimationClip* clip = nullptr);

// The saved settings when there are, else settings_for_unseen_rig (sized to clip when given);
// a row of joint settings per joint either way.
DynamicSettings saved_or_unseen_rig_settings(const std::optional<DynamicSettings>& saved, const Character& character,
                                             const AnimationClip* clip = nullptr);

}  // namespace dynskin
