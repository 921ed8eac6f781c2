#pragma once
// How far the dynamics move the skin over a stretch of motion: the largest distance between
// a vertex's final position and its base skinning (LBS, DQS or dLBS), in character sizes L,
// when and where it happens, how much of the skin moves far, and how far the parts on the
// ground move. Used to check that settings neither explode nor vanish on
// a clip before it is baked (dynskin-cli offsets), and by the tests of the defaults.

#include <cstddef>

#include "dynskin/character.h"
#include "dynskin/pose_sampler.h"
#include "dynskin/settings.h"

namespace dynskin {

// An offset past this many character sizes is far: the share of the vertices one tick moves
// that far tells a body that folds from extremities that wobble.
constexpr float kFarOffset = 0.1f;
// A vertex is on the ground at a tick when its base position lies within this many character
// sizes above the lowest base position of the whole survey (glTF's up, +Y): a planted foot, a
// body lying down, a foot sliding back on the spot in a clip animated in place.
constexpr float kGroundBand = 0.02f;

struct OffsetSurvey {
    float largest = 0.0f;      // max over the ticks and vertices of |final - base| / L
    double largest_time = 0.0;
    std::size_t largest_vertex = 0;
    float typical = 0.0f;      // the mean over the ticks of each tick's largest offset / L
    float far_share = 0.0f;    // the largest share (0 to 1) of the vertices one tick moves past kFarOffset L
    double far_share_time = 0.0;
    float grounded_largest = 0.0f;  // the largest offset / L of a vertex while it is on the ground
    double grounded_largest_time = 0.0;
    std::size_t ticks = 0;     // ticks surveyed
};

// Sizing a rig's dynamics to one of its clips (rig_defaults.h): A, D and the translation gain
// scaled by one factor so that the largest offset the clip shows is about kSizedLargest L and
// at most a twentieth of the skin moves past kSizedSpread L at any tick (it moves past 0.1 L
// nowhere else), within [kSizedScaleMin, kSizedScaleMax]. Surveyed on the clip looping, for
// its duration (at least 3 s, at most kSizingSeconds: a long clip's first seconds).
constexpr float kSizedLargest = 0.08f;
constexpr float kSizedSpread = 0.08f;
constexpr float kSizedScaleMin = 0.01f, kSizedScaleMax = 4.0f;
constexpr double kSizingSeconds = 8.0;

struct ClipSizing {
    float scale = 1.0f;    // the factor of A, D and the translation gain
    float largest = 0.0f;  // the largest offset / L surveyed with it
    float spread = 0.0f;   // the largest over the ticks of the offset / L a twentieth of the skin passes
    bool moves = false;    // false: the clip moves nothing (scale 1)
};
ClipSizing size_dynamics_to_clip(const Character& character, const AnimationClip& clip, const DynamicSettings& base);
// base with A, D (global and per joint) and the translation gain times scale.
DynamicSettings scaled_strength(DynamicSettings base, float scale);

// Plays sampler from time 0 to duration on the measurement clock (every 1/60 s tick, the
// last one at or just after duration) with settings, as the viewer and the bake do.
OffsetSurvey survey_offsets(const Character& character, const PoseSampler& sampler, const DynamicSettings& settings,
                            double duration);

}  // namespace dynskin
