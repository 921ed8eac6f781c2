#include "core/fast/fast_sincos.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/fast/fast_sincos.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "core/fast/simd_sincos-inl.h"

HWY_BEFORE_NAMESPACE();
namespace dynskin {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

void FastSinCos(const float* angles, float* sines, float* cosines, std::size_t count, SinCosRange range) {
    const hn::ScalableTag<float> d;
    const std::size_t n = hn::Lanes(d);
    std::size_t i = 0;
    for (; i + n <= count; i += n) {
        hn::Vec<decltype(d)> s, c;
        SinCosIn(d, range, hn::LoadU(d, angles + i), s, c);
        hn::StoreU(s, d, sines + i);
        hn::StoreU(c, d, cosines + i);
    }
    for (; i < count; ++i) {  // the tail one lane at a time, through the same code
        const hn::CappedTag<float, 1> d1;
        hn::Vec<decltype(d1)> s, c;
        SinCosIn(d1, range, hn::LoadU(d1, angles + i), s, c);
        hn::StoreU(s, d1, sines + i);
        hn::StoreU(c, d1, cosines + i);
    }
}

}  // namespace HWY_NAMESPACE
}  // namespace dynskin
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dynskin {
HWY_EXPORT(FastSinCos);

void fast_sincos(const float* angles, float* sines, float* cosines, std::size_t count, SinCosRange range) {
    HWY_DYNAMIC_DISPATCH(FastSinCos)(angles, sines, cosines, count, range);
}
}  // namespace dynskin
#endif
