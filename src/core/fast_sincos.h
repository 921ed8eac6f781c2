#pragma once
// The SIMD sine and cosine of the bend kernels (simd_sincos-inl.h) over an array, on the
// best SIMD target of this CPU: how the tests check its accuracy against std::sin/cos.

#include <cstddef>

namespace dynskin {

void fast_sincos(const float* angles, float* sines, float* cosines, std::size_t count);

}  // namespace dynskin
