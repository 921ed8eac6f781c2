#pragma once
// What the fast-path tests share: a branching test character whose blocks are padded and not
// contiguous, and a way to run a check on every SIMD target this CPU runs.

#include <cstddef>
#include <functional>

#include "dynskin/character.h"

namespace dynskin::test {

// A branching skeleton and a skin in shuffled order with 1 to 5 influences per vertex
// (a joint listed twice, zero weights), so that blocks are padded and not contiguous.
Character make_tree_character(std::size_t vertex_count, bool shuffled);

// Runs `check` once per SIMD target this build has and this CPU runs (only the forced one
// under DYNSKIN_SIMD_TARGET), then gives the run's own back; returns how many ran.
int on_every_simd_target(const char* kernel, const std::function<void()>& check);

// How many targets on_every_simd_target runs: all this CPU runs (2 or more on any x86-64
// but the oldest), or the forced one.
int simd_targets_under_test();

}  // namespace dynskin::test
