#pragma once
// How large the angles of a SIMD sine/cosine may be, which decides how it is evaluated
// (simd_sincos-inl.h's SinCosIn): kTiny, |x| <= kTinyAngle, by short Taylor polynomials;
// kSmall, |x| <= kSmallAngle, by the polynomials alone; kAny, with range reduction.
// dLBS's rotation table reports the range of its angles; the tests check each evaluation
// over its range.

namespace dynskin {

enum class SinCosRange { kTiny, kSmall, kAny };

constexpr double kTinyAngle = 0.125;                 // Taylor terms left out below 1e-8
constexpr double kSmallAngle = 0.78539816339744831;  // pi / 4

// The range an angle of magnitude `largest` needs (kAny for NaN).
inline SinCosRange sincos_range_of(double largest) {
    return largest <= kTinyAngle ? SinCosRange::kTiny : largest <= kSmallAngle ? SinCosRange::kSmall : SinCosRange::kAny;
}

}  // namespace dynskin
