#pragma once
// A pose between two poses (PoseFrames: the clock's ticks between the frames an engine gives,
// and one tick past the newest): translations and scales linearly, rotations along the
// shortest arc, a in [0, 1] between them and a in (1, 2] carried on past `to`.

#include <vector>

#include "dynskin/transform.h"

namespace dynskin {

// One joint: slerp_shortest for a <= 1, great_circle beyond (dynskin/transform.h).
Trs blend(const Trs& from, const Trs& to, float a);

// blend() of every joint, into out (resized to from's size), bit for bit: a block of
// joints at once, the rotations in lanes without a branch (one interpolation per joint and
// tick kept the processor waiting on each joint's chain of products), those that need a sine
// (more than 0.2 rad apart) by blend() itself.
void blend_all(const std::vector<Trs>& from, const std::vector<Trs>& to, float a, std::vector<Trs>& out);

}  // namespace dynskin
