#pragma once
// Midpoint subdivision of a skinned character: every triangle into four, new vertices
// averaging their edge's positions, normals, weights and layers. Makes a bundled character
// as large as a benchmark needs while keeping its rig and clips.

#include "dynskin/character.h"

namespace dynskin::bench {

Character subdivide(const Character& character, int levels);

}  // namespace dynskin::bench
