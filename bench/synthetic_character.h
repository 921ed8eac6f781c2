#pragma once
// A synthetic character for benchmarks: 64 joints (a root and 7 chains of 9), vertices
// scattered around the bones with 4 influences each, about 8 ancestors per vertex, and a
// clip in which every joint moves. Each bone's vertices are consecutive, as in a real mesh.

#include "dynskin/character.h"
#include "dynskin/pose_sampler.h"

namespace dynskin::bench {

Character make_synthetic_character(std::size_t vertex_count, unsigned seed = 1);

// Every joint swings about its own axis at its own frequency.
PoseSampler all_joints_moving(const Skeleton& skeleton);

}  // namespace dynskin::bench
