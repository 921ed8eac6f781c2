// Sine and cosine of a vector of angles at once, for the bend's rotations: one shared range
// reduction and two short polynomials instead of two libm calls per lane. Cody-Waite
// reduction by pi/2 in three parts and the Cephes single-precision polynomials: absolute
// error below 1e-6 (about 1e-7) for |x| up to 1e4, far beyond any bend angle.
// Per-target Highway header: included once per SIMD target by foreach_target.h.

#if defined(DYNSKIN_CORE_SIMD_SINCOS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef DYNSKIN_CORE_SIMD_SINCOS_INL_H_
#undef DYNSKIN_CORE_SIMD_SINCOS_INL_H_
#else
#define DYNSKIN_CORE_SIMD_SINCOS_INL_H_
#endif

#include <hwy/highway.h>

#include "core/fast/sincos_range.h"

HWY_BEFORE_NAMESPACE();
namespace dynskin {
namespace HWY_NAMESPACE {

// Sine of r in [-pi/4, pi/4] and cos r - 1, the two polynomials alone: cos r - 1 without
// the cancellation of 1 - cos r for small r (the bend needs c - 1, not c).
template <class D, class V = hwy::HWY_NAMESPACE::Vec<D>>
HWY_INLINE void SinCosMinusOneOfSmall(D d, V r, V& sine, V& cosine_minus_one) {
    namespace hn = hwy::HWY_NAMESPACE;
    const V r2 = hn::Mul(r, r);
    V s = hn::MulAdd(hn::Set(d, -1.9515295891e-4f), r2, hn::Set(d, 8.3321608736e-3f));
    s = hn::MulAdd(s, r2, hn::Set(d, -1.6666654611e-1f));
    sine = hn::MulAdd(hn::Mul(s, r2), r, r);
    V c = hn::MulAdd(hn::Set(d, 2.443315711809948e-5f), r2, hn::Set(d, -1.388731625493765e-3f));
    c = hn::MulAdd(c, r2, hn::Set(d, 4.166664568298827e-2f));
    cosine_minus_one = hn::Mul(hn::MulAdd(c, r2, hn::Set(d, -0.5f)), r2);
}

// Sine and cosine of r in [-pi/4, pi/4]. SinCos gives the very same values there, so a
// caller whose angles are all small may call this directly.
template <class D, class V = hwy::HWY_NAMESPACE::Vec<D>>
HWY_INLINE void SinCosOfSmall(D d, V r, V& sine, V& cosine) {
    V cosine_minus_one;
    SinCosMinusOneOfSmall(d, r, sine, cosine_minus_one);
    cosine = hwy::HWY_NAMESPACE::Add(cosine_minus_one, hwy::HWY_NAMESPACE::Set(d, 1.0f));
}

// Sine and cosine of |r| <= kTinyAngle = 0.125 by their Taylor series to r^5 and r^4: the first terms
// left out are below 1e-10 and 6e-9, under float rounding; 6 operations instead of 10.
template <class D, class V = hwy::HWY_NAMESPACE::Vec<D>>
HWY_INLINE void SinCosOfTiny(D d, V r, V& sine, V& cosine) {
    namespace hn = hwy::HWY_NAMESPACE;
    const V r2 = hn::Mul(r, r);
    const V s = hn::MulAdd(hn::Set(d, 1.0f / 120.0f), r2, hn::Set(d, -1.0f / 6.0f));
    sine = hn::MulAdd(hn::Mul(s, r2), r, r);
    cosine = hn::MulAdd(hn::MulAdd(hn::Set(d, 1.0f / 24.0f), r2, hn::Set(d, -0.5f)), r2, hn::Set(d, 1.0f));
}

template <class D, class V = hwy::HWY_NAMESPACE::Vec<D>>
HWY_INLINE void SinCos(D d, V x, V& sine, V& cosine) {
    namespace hn = hwy::HWY_NAMESPACE;
    const hn::RebindToSigned<D> di;
    // Quadrant q = round(x / (pi/2)); r = x - q pi/2 in [-pi/4, pi/4].
    const V q = hn::Round(hn::Mul(x, hn::Set(d, 0.636619772367581343f)));
    V r = hn::NegMulAdd(q, hn::Set(d, 1.5703125f), x);
    r = hn::NegMulAdd(q, hn::Set(d, 4.837512969970703125e-4f), r);
    r = hn::NegMulAdd(q, hn::Set(d, 7.549789948768648e-8f), r);
    V s, c;
    SinCosOfSmall(d, r, s, c);

    // sin x = (s, c, -s, -c) and cos x = (c, -s, -c, s) for q = 0, 1, 2, 3 (mod 4).
    const auto qi = hn::ConvertTo(di, q);
    const auto one = hn::Set(di, 1), two = hn::Set(di, 2);
    const auto swap = hn::RebindMask(d, hn::Eq(hn::And(qi, one), one));
    const auto negate_sine = hn::RebindMask(d, hn::Eq(hn::And(qi, two), two));
    const auto negate_cosine = hn::RebindMask(d, hn::Eq(hn::And(hn::Add(qi, one), two), two));
    const V sine_abs = hn::IfThenElse(swap, c, s), cosine_abs = hn::IfThenElse(swap, s, c);
    sine = hn::IfThenElse(negate_sine, hn::Neg(sine_abs), sine_abs);
    cosine = hn::IfThenElse(negate_cosine, hn::Neg(cosine_abs), cosine_abs);
}

// Sine and cosine of x by the evaluation its range allows (sincos_range.h).
template <class D, class V = hwy::HWY_NAMESPACE::Vec<D>>
HWY_INLINE void SinCosIn(D d, SinCosRange range, V x, V& sine, V& cosine) {
    switch (range) {
        case SinCosRange::kTiny: return SinCosOfTiny(d, x, sine, cosine);
        case SinCosRange::kSmall: return SinCosOfSmall(d, x, sine, cosine);
        default: return SinCos(d, x, sine, cosine);
    }
}

}  // namespace HWY_NAMESPACE
}  // namespace dynskin
HWY_AFTER_NAMESPACE();

#endif  // DYNSKIN_CORE_SIMD_SINCOS_INL_H_
