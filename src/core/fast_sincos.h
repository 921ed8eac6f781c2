#pragma once
// The SIMD sines and cosines of the kernels (simd_sincos-inl.h) over an array, on the best
// SIMD target of this CPU: how the tests check their accuracy against std::sin/cos.

#include <cstddef>

namespace dynskin {

// Which evaluation: any angle (range reduction), or one that only holds for |angle| <= pi/4
// (kSmall) or |angle| <= 0.125 (kTiny).
enum class SinCosRange { kAny, kSmall, kTiny };

void fast_sincos(const float* angles, float* sines, float* cosines, std::size_t count,
                 SinCosRange range = SinCosRange::kAny);

}  // namespace dynskin
