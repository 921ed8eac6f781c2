#pragma once
// The SIMD sines and cosines of the kernels (simd_sincos-inl.h) over an array, on the best
// SIMD target of this CPU: how the tests check their accuracy against std::sin/cos.

#include <cstddef>

#include "core/fast/sincos_range.h"

namespace dynskin {

// `range`: the evaluation to use (sincos_range.h); the angles must lie within it.
void fast_sincos(const float* angles, float* sines, float* cosines, std::size_t count,
                 SinCosRange range = SinCosRange::kAny);

}  // namespace dynskin
