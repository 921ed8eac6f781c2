#pragma once
// How far the dynamics move the skin over a stretch of motion: the largest distance between
// a vertex's final position and its base skinning (LBS, DQS or dLBS), in character sizes L,
// and when and where it happens. Used to check that settings neither explode nor vanish on
// a clip before it is baked (dynskin-cli offsets), and by the tests of the defaults.

#include <cstddef>

#include "dynskin/character.h"
#include "dynskin/pose_sampler.h"
#include "dynskin/settings.h"

namespace dynskin {

struct OffsetSurvey {
    float largest = 0.0f;      // max over the ticks and vertices of |final - base| / L
    double largest_time = 0.0;
    std::size_t largest_vertex = 0;
    float typical = 0.0f;      // the mean over the ticks of each tick's largest offset / L
    std::size_t ticks = 0;     // ticks surveyed
};

// Plays sampler from time 0 to duration on the measurement clock (every 1/60 s tick, the
// last one at or just after duration) with settings, as the viewer and the bake do.
OffsetSurvey survey_offsets(const Character& character, const PoseSampler& sampler, const DynamicSettings& settings,
                            double duration);

}  // namespace dynskin
