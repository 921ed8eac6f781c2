// The vector helpers the blocked kernels share (bend_simd.cpp, delayed_lbs_simd.cpp):
// 3-vectors of lanes, the cofactor and normalisation of normals, and moving a slice of a
// block's lanes between the SoA vectors and the mesh's arrays (a contiguous block by
// interleaved loads and stores, else lane by lane, skipping padding lanes).
// Per-target Highway header: included once per SIMD target by foreach_target.h.

#if defined(DYNSKIN_CORE_SIMD_LANES_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef DYNSKIN_CORE_SIMD_LANES_INL_H_
#undef DYNSKIN_CORE_SIMD_LANES_INL_H_
#else
#define DYNSKIN_CORE_SIMD_LANES_INL_H_
#endif

#include <cstdint>

#include <glm/glm.hpp>
#include <hwy/highway.h>

#include "core/fast/blocked_skin.h"

HWY_BEFORE_NAMESPACE();
namespace dynskin {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

constexpr int kLanes = BlockedSkin::kLanes;
using D = hn::CappedTag<float, kLanes>;
using V = hn::Vec<D>;
using M = hn::Mask<D>;

struct V3 {
    V x, y, z;
};

HWY_INLINE V3 Broadcast(D d, const glm::vec3& v) { return {hn::Set(d, v.x), hn::Set(d, v.y), hn::Set(d, v.z)}; }
HWY_INLINE V3 Add3(V3 a, V3 b) { return {hn::Add(a.x, b.x), hn::Add(a.y, b.y), hn::Add(a.z, b.z)}; }
HWY_INLINE V3 Sub3(V3 a, V3 b) { return {hn::Sub(a.x, b.x), hn::Sub(a.y, b.y), hn::Sub(a.z, b.z)}; }
HWY_INLINE V3 Scale(V s, V3 a) { return {hn::Mul(s, a.x), hn::Mul(s, a.y), hn::Mul(s, a.z)}; }
HWY_INLINE V3 MulAdd3(V s, V3 a, V3 acc) {
    return {hn::MulAdd(s, a.x, acc.x), hn::MulAdd(s, a.y, acc.y), hn::MulAdd(s, a.z, acc.z)};
}
HWY_INLINE V Dot(V3 a, V3 b) { return hn::MulAdd(a.x, b.x, hn::MulAdd(a.y, b.y, hn::Mul(a.z, b.z))); }
HWY_INLINE V3 Cross(V3 a, V3 b) {
    return {hn::MulSub(a.y, b.z, hn::Mul(a.z, b.y)), hn::MulSub(a.z, b.x, hn::Mul(a.x, b.z)),
            hn::MulSub(a.x, b.y, hn::Mul(a.y, b.x))};
}
HWY_INLINE V3 Select(M m, V3 a, V3 b) {
    return {hn::IfThenElse(m, a.x, b.x), hn::IfThenElse(m, a.y, b.y), hn::IfThenElse(m, a.z, b.z)};
}
HWY_INLINE V3 ZeroUnless(M m, V3 a) {
    return {hn::IfThenElseZero(m, a.x), hn::IfThenElseZero(m, a.y), hn::IfThenElseZero(m, a.z)};
}
// cofactor_transform: cross(m1, m2) n.x + cross(m2, m0) n.y + cross(m0, m1) n.z.
HWY_INLINE V3 Cofactor(const V3 m[3], V3 n) {
    return MulAdd3(n.z, Cross(m[0], m[1]), MulAdd3(n.y, Cross(m[2], m[0]), Scale(n.x, Cross(m[1], m[2]))));
}
// 1/sqrt(x) for x > 0 as the product y t of the hardware estimate y and one Newton step's
// factor t = 1.5 - x y^2 / 2 (relative error below 1e-6, for a fraction of sqrt + div);
// kept apart so that sqrt(x) = (x y) t costs one product more. The portable targets'
// estimate (SCALAR, EMU128) is a bit trick, too coarse for one step: there y is exact
// and t = 1.
HWY_INLINE void InverseSqrtFactors(D d, V x, V& y, V& t) {
#if HWY_TARGET == HWY_SCALAR || HWY_TARGET == HWY_EMU128
    y = hn::Div(hn::Set(d, 1.0f), hn::Sqrt(x));
    t = hn::Set(d, 1.0f);
#else
    y = hn::ApproximateReciprocalSqrt(x);
    t = hn::NegMulAdd(hn::Mul(hn::Set(d, 0.5f), x), hn::Mul(y, y), hn::Set(d, 1.5f));
#endif
}

HWY_INLINE V InverseSqrtOfPositive(D d, V x) {
    V y, t;
    InverseSqrtFactors(d, x, y, t);
    return hn::Mul(y, t);
}

// The same, and 0 where x is 0, so that x * it is sqrt(x) there too.
HWY_INLINE V InverseSqrtOrZero(D d, V x) {
    return hn::IfThenElseZero(hn::Gt(x, hn::Zero(d)), InverseSqrtOfPositive(d, x));
}

// v / |v| where that is well defined, else the fallback (as normalized_or).
HWY_INLINE V3 NormalizedOr(D d, V3 v, V3 fallback) {
    const V length = hn::Sqrt(Dot(v, v));
    const M ok = hn::And(hn::Gt(length, hn::Set(d, 1e-20f)), hn::IsFinite(length));
    const V inverse = hn::Div(hn::Set(d, 1.0f), length);
    return Select(ok, Scale(inverse, v), fallback);
}

// The lanes [o, o + Lanes(d)) of a block: `vertex` and the SoA rows start at lane o.
struct LaneSlice {
    const std::uint32_t* vertex;
    bool contiguous;
};

HWY_INLINE V3 LoadRows(D d, const float* rows) {
    return {hn::LoadU(d, rows), hn::LoadU(d, rows + kLanes), hn::LoadU(d, rows + 2 * kLanes)};
}

HWY_INLINE V3 GatherVec3(D d, LaneSlice lanes, const glm::vec3* array) {
    if (lanes.contiguous) {
        V3 v;
        hn::LoadInterleaved3(d, &array[lanes.vertex[0]].x, v.x, v.y, v.z);
        return v;
    }
    HWY_ALIGN float x[kLanes], y[kLanes], z[kLanes];
    for (std::size_t l = 0; l < hn::Lanes(d); ++l) {
        const std::uint32_t i = lanes.vertex[l];
        const glm::vec3 v = i == BlockedSkin::kNoVertex ? glm::vec3(0.0f, 0.0f, 1.0f) : array[i];
        x[l] = v.x, y[l] = v.y, z[l] = v.z;
    }
    return {hn::Load(d, x), hn::Load(d, y), hn::Load(d, z)};
}

HWY_INLINE V GatherFloat(D d, LaneSlice lanes, const float* array) {
    if (lanes.contiguous) return hn::LoadU(d, array + lanes.vertex[0]);
    HWY_ALIGN float v[kLanes];
    for (std::size_t l = 0; l < hn::Lanes(d); ++l)
        v[l] = lanes.vertex[l] == BlockedSkin::kNoVertex ? 0.0f : array[lanes.vertex[l]];
    return hn::Load(d, v);
}

HWY_INLINE void ScatterVec3(D d, LaneSlice lanes, V3 v, glm::vec3* array) {
    if (lanes.contiguous) {
        hn::StoreInterleaved3(v.x, v.y, v.z, d, &array[lanes.vertex[0]].x);
        return;
    }
#if HWY_TARGET <= HWY_AVX3
    // 16 lanes, all real vertices (padding is rare): (x, y, z, z) of each lane gathered in
    // a 128-bit block by 6 shuffles, then stored with a mask of 3 floats: 3 instructions a
    // lane instead of 9 for three floats apart, which weighed on dLBS.
    const __m512i vertices = _mm512_loadu_si512(lanes.vertex);
    if (_mm512_cmpeq_epi32_mask(vertices, _mm512_set1_epi32(-1)) == 0) {
        const __m512 xy_low = _mm512_unpacklo_ps(v.x.raw, v.y.raw), xy_high = _mm512_unpackhi_ps(v.x.raw, v.y.raw);
        const __m512 zz_low = _mm512_unpacklo_ps(v.z.raw, v.z.raw), zz_high = _mm512_unpackhi_ps(v.z.raw, v.z.raw);
        const __m512 lane_of[4] = {_mm512_shuffle_ps(xy_low, zz_low, _MM_SHUFFLE(1, 0, 1, 0)),
                                   _mm512_shuffle_ps(xy_low, zz_low, _MM_SHUFFLE(3, 2, 3, 2)),
                                   _mm512_shuffle_ps(xy_high, zz_high, _MM_SHUFFLE(1, 0, 1, 0)),
                                   _mm512_shuffle_ps(xy_high, zz_high, _MM_SHUFFLE(3, 2, 3, 2))};
        float* out = &array[0].x;
        for (int k = 0; k < 4; ++k) {  // lanes k, 4 + k, 8 + k, 12 + k
            _mm_mask_storeu_ps(out + 3 * std::size_t(lanes.vertex[k]), 0x7, _mm512_castps512_ps128(lane_of[k]));
            _mm_mask_storeu_ps(out + 3 * std::size_t(lanes.vertex[4 + k]), 0x7, _mm512_extractf32x4_ps(lane_of[k], 1));
            _mm_mask_storeu_ps(out + 3 * std::size_t(lanes.vertex[8 + k]), 0x7, _mm512_extractf32x4_ps(lane_of[k], 2));
            _mm_mask_storeu_ps(out + 3 * std::size_t(lanes.vertex[12 + k]), 0x7, _mm512_extractf32x4_ps(lane_of[k], 3));
        }
        return;
    }
#endif
    HWY_ALIGN float x[kLanes], y[kLanes], z[kLanes];
    hn::Store(v.x, d, x), hn::Store(v.y, d, y), hn::Store(v.z, d, z);
    for (std::size_t l = 0; l < hn::Lanes(d); ++l)
        if (lanes.vertex[l] != BlockedSkin::kNoVertex) array[lanes.vertex[l]] = glm::vec3(x[l], y[l], z[l]);
}

}  // namespace HWY_NAMESPACE
}  // namespace dynskin
HWY_AFTER_NAMESPACE();

#endif  // DYNSKIN_CORE_SIMD_LANES_INL_H_
