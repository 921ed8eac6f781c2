#include "core/fast/bend_simd.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/fast/bend_simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/contrib/math/math-inl.h>
#include <hwy/highway.h>

#include "core/fast/simd_lanes-inl.h"
#include "core/fast/simd_sincos-inl.h"
#include "core/formulas/squash.h"

HWY_BEFORE_NAMESPACE();
namespace dynskin {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// The first kEntries of the slice's blended 3x4 skinning matrix (column by column): 9, its
// linear part; 12, all of it.
template <int kEntries>
HWY_INLINE void Blend(D d, const float* skinning, const std::uint32_t* influence_joints, std::uint32_t count,
                      const float* weights, V* m) {
    for (int e = 0; e < kEntries; ++e) m[e] = hn::Zero(d);
    for (std::uint32_t r = 0; r < count; ++r) {
        const V w = hn::LoadU(d, weights + std::size_t(r) * kLanes);
        const float* s = skinning + 12 * std::size_t(influence_joints[r]);
        for (int e = 0; e < kEntries; ++e) m[e] = hn::MulAdd(w, hn::Set(d, s[e]), m[e]);
    }
}

// LBS of the slice: the blended matrix, the position, and (kNormals) the normal by its cofactor.
template <bool kNormals>
HWY_INLINE void SkinSlice(D d, const float* skinning, const std::uint32_t* influence_joints, std::uint32_t count,
                          const float* weights, const float* rest, V3& position, V3& normal) {
    V m[12];
    Blend<12>(d, skinning, influence_joints, count, weights, m);
    const V3 columns[3] = {{m[0], m[1], m[2]}, {m[3], m[4], m[5]}, {m[6], m[7], m[8]}};
    const V3 p = LoadRows(d, rest);
    position = MulAdd3(p.z, columns[2], MulAdd3(p.y, columns[1], MulAdd3(p.x, columns[0], V3{m[9], m[10], m[11]})));
    if constexpr (kNormals) {
        const V3 n = LoadRows(d, rest + 3 * kLanes);
        normal = NormalizedOr(d, Cofactor(columns, n), n);
    }
}

// A^-1 x for the blended linear part A (columns c): the rows of A^-1 are c1 x c2, c2 x c0 and
// c0 x c1 over det A. Lanes whose A is singular get 0, as bind_space_offsets gives them.
HWY_INLINE V3 SolveBlended(D d, const V3 c[3], V3 x) {
    const V3 r0 = Cross(c[1], c[2]), r1 = Cross(c[2], c[0]), r2 = Cross(c[0], c[1]);
    const V det = Dot(c[0], r0);
    const V3 solved = Scale(hn::Div(hn::Set(d, 1.0f), det), V3{Dot(r0, x), Dot(r1, x), Dot(r2, x)});
    const M ok = hn::And(hn::Ge(hn::Abs(det), hn::Set(d, 1e-18f)),
                         hn::And(hn::IsFinite(solved.x), hn::And(hn::IsFinite(solved.y), hn::IsFinite(solved.z))));
    return ZeroUnless(ok, solved);
}

// The stretch e(x) = exp(m tanh(x / m)) of squash.h and its derivative, per lane.
HWY_INLINE void StretchLanes(D d, V x, V& factor, V& slope) {
    const float limit = kStretchLimit;
    const V th = hn::Tanh(d, hn::Mul(x, hn::Set(d, 1.0f / limit)));
    factor = hn::Exp(d, hn::Mul(hn::Set(d, limit), th));
    slope = hn::Mul(factor, hn::NegMulAdd(th, th, hn::Set(d, 1.0f)));
}

// What the joints add up for the lanes of a slice: the offset and the Jacobian's columns.
// The turns' rotation parts beta (c - 1)(I - a a^T) + beta s [a]x are symmetric plus skew:
// their off-diagonal entries are summed apart (xy, xz, yz and the skew vector) and folded
// into the columns once per slice, 6 FMAs per joint instead of 12.
struct Accumulated {
    V3 offset;
    V3 jacobian[3];
    V symmetric[3];  // xy, xz, yz
    V3 skew;         // sum beta s a: the matrix [skew]x
};

HWY_INLINE Accumulated StartAccumulating(D d) {
    const V zero = hn::Zero(d), one = hn::Set(d, 1.0f);
    return {{zero, zero, zero},
            {{one, zero, zero}, {zero, one, zero}, {zero, zero, one}},
            {zero, zero, zero},
            {zero, zero, zero}};
}

HWY_INLINE void FoldOffDiagonals(Accumulated& acc) {
    V3* j = acc.jacobian;
    const V* s = acc.symmetric;
    const V3& k = acc.skew;
    j[0].y = hn::Add(j[0].y, hn::Add(s[0], k.z)), j[1].x = hn::Add(j[1].x, hn::Sub(s[0], k.z));
    j[0].z = hn::Add(j[0].z, hn::Sub(s[1], k.y)), j[2].x = hn::Add(j[2].x, hn::Add(s[1], k.y));
    j[1].z = hn::Add(j[1].z, hn::Add(s[2], k.x)), j[2].y = hn::Add(j[2].y, hn::Sub(s[2], k.x));
}

// The bend's turn about one joint: core/formulas/bend.h's add_turn (its one definition)
// restated lane by lane, and tested against it (tests/core: the fast path against
// apply_bend), in two halves: TurnLanes, the long chain of dependent operations from the
// vertex to what the joint adds, and AddTurn, the sums. theta = rate |u_perp| with
// rate = -gamma s_j |W| / L, then the soft limit; with w = a x u, R u - u = s w + (c - 1) u_perp
// and the Jacobian's (a x R u) grad(theta)^T = (c w - s u_perp) (rate slope / |u_perp|) u_perp^T.
// The axis a is the same for all lanes (the joint's drive) or each lane's own (the floppy
// layer painted: W = W_j + (phi_i - 1) W_j^drag).
struct TurnTerms {
    V bs, bc;   // beta sin(theta), beta (cos(theta) - 1)
    V3 u_perp, w;
    V3 v;       // beta (c w - s u_perp) rate slope / |u_perp|
    static constexpr int kRows = 11;
};

// support/soft_limit.h's soft_limit of x on each lane past the knee (half the limit), and the
// limit's slope multiplied into `scaled`; lanes below it, and all of them in the common
// case, are left as they are.
HWY_INLINE void SoftLimitLanes(D d, V limit, V& x, V& scaled) {
    const V knee = hn::Mul(limit, hn::Set(d, 0.5f));
    const V magnitude = hn::Abs(x);
    const M past = hn::Gt(magnitude, knee);
    if (HWY_LIKELY(hn::AllFalse(d, past))) return;
    const V th = hn::Tanh(d, hn::Div(hn::Sub(magnitude, knee), knee));
    x = hn::IfThenElse(past, hn::CopySign(hn::MulAdd(knee, th, knee), x), x);
    scaled = hn::IfThenElse(past, hn::Mul(scaled, hn::NegMulAdd(th, th, hn::Set(d, 1.0f))), scaled);
}

// The turn's axis: a unit vector (or 0: no turn) and its projector I - a a^T (xx, yy, zz,
// xy, xz, yz), per lane or broadcast from the joint's precomputed one.
struct TurnAxis {
    V3 a;
    V projector[6];
};

HWY_INLINE TurnAxis JointAxis(D d, const BendJointFrame& joint) {
    const float* P = joint.projector;
    return {Broadcast(d, joint.axis),
            {hn::Set(d, P[0]), hn::Set(d, P[1]), hn::Set(d, P[2]), hn::Set(d, P[3]), hn::Set(d, P[4]), hn::Set(d, P[5])}};
}

// The joint's -gamma s_j |W_j| / L for each lane's gamma.
HWY_INLINE V JointRate(D d, const BendJointFrame& joint, V gamma) { return hn::Mul(gamma, hn::Set(d, joint.turn_rate)); }

// Each lane's own drive w = s_j W / L: its axis and (through `rate`) -gamma |w|.
HWY_INLINE TurnAxis LaneAxis(D d, V3 w, V gamma, V& rate) {
    const V speed2 = Dot(w, w);
    const V inverse_speed = InverseSqrtOrZero(d, speed2);
    rate = hn::Neg(hn::Mul(gamma, hn::Mul(speed2, inverse_speed)));
    const V3 a = Scale(inverse_speed, w);  // 0 where the lane's drive is
    const V one = hn::Set(d, 1.0f);
    return {a,
            {hn::NegMulAdd(a.x, a.x, one), hn::NegMulAdd(a.y, a.y, one), hn::NegMulAdd(a.z, a.z, one),
             hn::Neg(hn::Mul(a.x, a.y)), hn::Neg(hn::Mul(a.x, a.z)), hn::Neg(hn::Mul(a.y, a.z))}};
}

template <bool kLimited>
HWY_INLINE TurnTerms TurnLanes(D d, const V3& a, V rate, V beta, V3 u, V max_angle) {
    const V zero = hn::Zero(d), one = hn::Set(d, 1.0f);
    const V along = Dot(u, a);
    V3 u_perp = {hn::NegMulAdd(along, a.x, u.x), hn::NegMulAdd(along, a.y, u.y), hn::NegMulAdd(along, a.z, u.z)};
    // |u_perp| = (x y) t and its inverse y t. x is kept above 0 so that both are finite
    // where u_perp is 0: there theta is about 0 and u_perp zeroes what it multiplies.
    const V x = hn::Max(Dot(u_perp, u_perp), hn::Set(d, 1e-30f));
    V y, t;
    InverseSqrtFactors(d, x, y, t);
    V theta = hn::Mul(hn::Mul(hn::Mul(rate, x), y), t);
    V h = hn::Mul(hn::Mul(hn::Mul(beta, rate), y), t);
    if constexpr (kLimited) SoftLimitLanes(d, max_angle, theta, h);
    V sine, cosine_minus_one;
    if (HWY_LIKELY(hn::AllTrue(d, hn::Le(hn::Abs(theta), hn::Set(d, float(kSmallAngle)))))) {  // finite and small
        SinCosMinusOneOfSmall(d, theta, sine, cosine_minus_one);
    } else {  // lanes whose theta is not finite take no part, as in apply_bend
        const M ok = hn::And(hn::IsFinite(theta), hn::Ne(theta, zero));
        theta = hn::IfThenElseZero(ok, theta);
        h = hn::IfThenElseZero(ok, h);
        u_perp = ZeroUnless(ok, u_perp);
        u = ZeroUnless(ok, u);
        V cosine;
        SinCos(d, theta, sine, cosine);
        cosine_minus_one = hn::Sub(cosine, one);
    }
    const V3 w = Cross(a, u);
    const V hc = hn::MulAdd(h, cosine_minus_one, h), hs = hn::Mul(h, sine);
    const V3 v = {hn::NegMulAdd(hs, u_perp.x, hn::Mul(hc, w.x)), hn::NegMulAdd(hs, u_perp.y, hn::Mul(hc, w.y)),
                  hn::NegMulAdd(hs, u_perp.z, hn::Mul(hc, w.z))};
    return {hn::Mul(beta, sine), hn::Mul(beta, cosine_minus_one), u_perp, w, v};
}

HWY_INLINE void AddTurn(const TurnAxis& axis, const TurnTerms& t, Accumulated& acc) {
    acc.offset = MulAdd3(t.bs, t.w, MulAdd3(t.bc, t.u_perp, acc.offset));
    // beta (R - I) = beta (c - 1)(I - a a^T) + beta s [a]x
    const V* P = axis.projector;
    acc.jacobian[0].x = hn::MulAdd(t.bc, P[0], acc.jacobian[0].x);
    acc.jacobian[1].y = hn::MulAdd(t.bc, P[1], acc.jacobian[1].y);
    acc.jacobian[2].z = hn::MulAdd(t.bc, P[2], acc.jacobian[2].z);
    for (int e = 0; e < 3; ++e) acc.symmetric[e] = hn::MulAdd(t.bc, P[3 + e], acc.symmetric[e]);
    acc.skew = MulAdd3(t.bs, axis.a, acc.skew);
    // + v u_perp^T
    acc.jacobian[0] = MulAdd3(t.u_perp.x, t.v, acc.jacobian[0]);
    acc.jacobian[1] = MulAdd3(t.u_perp.y, t.v, acc.jacobian[1]);
    acc.jacobian[2] = MulAdd3(t.u_perp.z, t.v, acc.jacobian[2]);
}

// TurnTerms as kRows rows of kLanes floats, between the two passes of BendSlice.
HWY_INLINE void StoreTerms(D d, const TurnTerms& t, float* rows) {
    const V all[TurnTerms::kRows] = {t.bs,  t.bc,  t.u_perp.x, t.u_perp.y, t.u_perp.z, t.w.x,
                                     t.w.y, t.w.z, t.v.x,      t.v.y,      t.v.z};
    for (int r = 0; r < TurnTerms::kRows; ++r) hn::Store(all[r], d, rows + r * kLanes);
}

HWY_INLINE TurnTerms LoadTerms(D d, const float* rows) {
    auto row = [&](int r) { return hn::Load(d, rows + r * kLanes); };
    return {row(0), row(1), {row(2), row(3), row(4)}, {row(5), row(6), row(7)}, {row(8), row(9), row(10)}};
}

// -beta gamma |u| V (apply_bend's add_lag) and its derivative; `linear` per lane.
HWY_INLINE void AddLag(D d, V3 linear, V beta, V gamma, V3 u, Accumulated& acc) {
    const V distance2 = Dot(u, u);
    V inverse_distance = InverseSqrtOrZero(d, distance2);
    const V distance = hn::Mul(distance2, inverse_distance);
    const V beta_gamma = hn::Mul(beta, gamma);
    V3 lag = Scale(hn::Neg(hn::Mul(beta_gamma, distance)), linear);
    const M ok = hn::And(hn::IsFinite(lag.x), hn::And(hn::IsFinite(lag.y), hn::IsFinite(lag.z)));
    if (!hn::AllTrue(d, ok)) {
        lag = ZeroUnless(ok, lag);
        inverse_distance = hn::IfThenElseZero(ok, inverse_distance);
        u = ZeroUnless(ok, u);
    }
    acc.offset = Add3(acc.offset, lag);
    // + outer(-beta gamma linear, u / |u|)
    const V3 column = Scale(hn::Neg(beta_gamma), linear);
    const V3 direction = Scale(inverse_distance, u);
    acc.jacobian[0] = MulAdd3(direction.x, column, acc.jacobian[0]);
    acc.jacobian[1] = MulAdd3(direction.y, column, acc.jacobian[1]);
    acc.jacobian[2] = MulAdd3(direction.z, column, acc.jacobian[2]);
}

// One joint's squash & stretch of the lanes: restates core/formulas/squash.cpp's add_squash
// (its one definition); k = S sigma_i s_j / L.
HWY_INLINE void SquashLanes(D d, const BendJointFrame& joint, V beta, V k, V3 p, Accumulated& acc) {
    const V one = hn::Set(d, 1.0f);
    const V3 from_centroid = Sub3(p, Broadcast(d, joint.centroid));
    for (int t = 0; t < joint.stretch_count; ++t) {
        // M = across I + (e - 1 - across) v^ v^T about the centroid.
        V e, unused;
        StretchLanes(d, hn::Mul(k, hn::Set(d, joint.stretch_speed[t])), e, unused);
        const V across = hn::Sub(hn::Div(one, hn::Sqrt(e)), one);
        const V along = hn::Sub(hn::Sub(e, one), across);
        const V3 v = Broadcast(d, joint.stretch_direction[t]);
        const V b_across = hn::Mul(beta, across), b_along = hn::Mul(beta, along);
        acc.offset = MulAdd3(hn::Mul(b_along, Dot(v, from_centroid)), v, MulAdd3(b_across, from_centroid, acc.offset));
        const V along_of[3] = {hn::Mul(b_along, v.x), hn::Mul(b_along, v.y), hn::Mul(b_along, v.z)};
        for (int c = 0; c < 3; ++c) acc.jacobian[c] = MulAdd3(along_of[c], v, acc.jacobian[c]);
        acc.jacobian[0].x = hn::Add(acc.jacobian[0].x, b_across);
        acc.jacobian[1].y = hn::Add(acc.jacobian[1].y, b_across);
        acc.jacobian[2].z = hn::Add(acc.jacobian[2].z, b_across);
    }
    if (joint.squash_turns) {
        // M = (e - 1) e1 e1^T + (1/e - 1) e2 e2^T with e by each lane's own speed.
        const V3 w = Broadcast(d, joint.turn_axis), e1 = Broadcast(d, joint.e1), e2 = Broadcast(d, joint.e2);
        const V3 u = Sub3(p, Broadcast(d, joint.position));
        const V3 u_perp = MulAdd3(hn::Neg(Dot(u, w)), w, u);
        const V radius2 = Dot(u_perp, u_perp);
        const V inverse_radius = InverseSqrtOrZero(d, radius2);
        const V k_turn = hn::Mul(k, hn::Set(d, joint.turn));
        V e, slope;
        StretchLanes(d, hn::Mul(k_turn, hn::Mul(radius2, inverse_radius)), e, slope);
        const V inverse_e = hn::Div(one, e);
        const V s1 = Dot(e1, from_centroid), s2 = Dot(e2, from_centroid);
        const V a1 = hn::Mul(beta, hn::Sub(e, one)), a2 = hn::Mul(beta, hn::Sub(inverse_e, one));
        acc.offset = MulAdd3(hn::Mul(a2, s2), e2, MulAdd3(hn::Mul(a1, s1), e1, acc.offset));
        const V e1_of[3] = {e1.x, e1.y, e1.z}, e2_of[3] = {e2.x, e2.y, e2.z};
        // + beta (dM/dx (p - c)) grad(x)^T, grad(x) = k |w| u_perp / |u_perp|
        const V3 dm = MulAdd3(hn::Neg(hn::Mul(hn::Mul(slope, hn::Mul(inverse_e, inverse_e)), s2)), e2,
                              Scale(hn::Mul(slope, s1), e1));
        const V3 grad = Scale(hn::Mul(hn::Mul(beta, k_turn), inverse_radius), u_perp);
        const V grad_of[3] = {grad.x, grad.y, grad.z};
        for (int c = 0; c < 3; ++c)
            acc.jacobian[c] = MulAdd3(grad_of[c], dm, MulAdd3(hn::Mul(a2, e2_of[c]), e2,
                                                               MulAdd3(hn::Mul(a1, e1_of[c]), e1, acc.jacobian[c])));
    }
}

// bend.h's limit_offset on the lanes past the knee (half the limit); the others,
// almost always all of them, keep their offset and Jacobian as they are.
HWY_INLINE void LimitOffset(D d, float limit, Accumulated& acc) {
    const V knee = hn::Set(d, 0.5f * limit), one = hn::Set(d, 1.0f);
    const V length2 = Dot(acc.offset, acc.offset);
    const M past = hn::Gt(length2, hn::Mul(knee, knee));
    if (HWY_LIKELY(hn::AllFalse(d, past))) return;
    const V length = hn::Sqrt(length2);
    V limited = length, slope = one;
    SoftLimitLanes(d, hn::Set(d, limit), limited, slope);
    const V scale = hn::IfThenElse(past, hn::Div(limited, length), one);
    const V3 direction = ZeroUnless(past, Scale(hn::Div(one, length), acc.offset));
    // J' = I + s D + (slope - s) d^ (d^T D), column by column, with D = J - I.
    const V extra = hn::Sub(slope, scale);
    for (int c = 0; c < 3; ++c) {
        V3 column = acc.jacobian[c];
        if (c == 0) column.x = hn::Sub(column.x, one);
        if (c == 1) column.y = hn::Sub(column.y, one);
        if (c == 2) column.z = hn::Sub(column.z, one);
        column = MulAdd3(hn::Mul(extra, Dot(direction, column)), direction, Scale(scale, column));
        if (c == 0) column.x = hn::Add(column.x, one);
        if (c == 1) column.y = hn::Add(column.y, one);
        if (c == 2) column.z = hn::Add(column.z, one);
        acc.jacobian[c] = column;
    }
    acc.offset = Scale(scale, acc.offset);
}

// bend.h's fade_near_ground on the lanes below the band's top; the others, most of a
// character, keep their offset and Jacobian as they are.
HWY_INLINE void FadeNearGround(D d, const GroundFade& ground, V3 p, Accumulated& acc) {
    const V height = Dot(Broadcast(d, ground.up), p);
    const float hold = 0.25f * ground.band, span = ground.band - hold;
    const V x = hn::Mul(hn::Sub(height, hn::Set(d, ground.height + hold)), hn::Set(d, 1.0f / span));
    const V one = hn::Set(d, 1.0f), zero = hn::Zero(d);
    if (HWY_LIKELY(hn::AllFalse(d, hn::Lt(x, one)))) return;
    const V t = hn::Min(hn::Max(x, zero), one);  // x clamped: a and its slope are then 1 and 0, or 0 and 0
    const V a = hn::Mul(hn::Mul(t, t), hn::NegMulAdd(hn::Set(d, 2.0f), t, hn::Set(d, 3.0f)));
    const V slope = hn::Mul(hn::Mul(hn::Set(d, 6.0f / span), t), hn::Sub(one, t));
    // J' = I + a (J - I) + slope d up^T
    for (int c = 0; c < 3; ++c) {
        V3 column = Scale(a, acc.jacobian[c]);
        if (c == 0) column.x = hn::Add(column.x, hn::Sub(one, a));
        if (c == 1) column.y = hn::Add(column.y, hn::Sub(one, a));
        if (c == 2) column.z = hn::Add(column.z, hn::Sub(one, a));
        if (ground.up[c] != 0.0f) column = MulAdd3(hn::Mul(slope, hn::Set(d, ground.up[c])), acc.offset, column);
        acc.jacobian[c] = column;
    }
    acc.offset = Scale(a, acc.offset);
}

// Velocity Skinning's per-lane layers: phi - 1 (floppy) and S sigma (squash), when in use.
struct LaneLayers {
    V gamma;
    V floppy;  // phi - 1
    V squash;  // S sigma
};

// The bend of the slice about the joints that move (apply_bend, lane-parallel): offset
// added to position, normal by the cofactor of the accumulated Jacobian (renormalised on
// every lane; apply_bend leaves the normals of vertices no joint moves as they are: the
// same to rounding, and no mask to keep per joint). kVelocity: with
// Velocity Skinning's floppy layer or squash; without, the loop is the bend alone, short
// enough to keep its sums in registers. kNormals: the normal too (else the Jacobian's sums
// are dead code, left out by the compiler).
template <bool kVelocity, bool kLimited, bool kNormals>
HWY_INLINE void BendSlice(D d, const BlockedFrame& f, const BlockedSkin::Group& group, const std::uint32_t* slots,
                          std::uint32_t slot_count, const float* betas, const LaneLayers& layers, V3& position,
                          V3& normal) {
    const V gamma = layers.gamma;
    const V max_angle = hn::Set(d, kLimited ? f.max_angle : 1.0f);
    const V3 p = position;
    Accumulated acc = StartAccumulating(d);
    auto joint_of = [&](std::uint32_t k) -> const BendJointFrame& {
        return f.joints[f.skin->joints[group.ancestors_begin + slots[k]]];
    };
    auto beta_of = [&](std::uint32_t k) { return hn::LoadU(d, betas + std::size_t(slots[k]) * kLanes); };

    if constexpr (kVelocity) {
        const bool floppy = f.floppy_weights != nullptr, squash = f.squash != 0.0f;
        for (std::uint32_t k = 0; k < slot_count; ++k) {
            const BendJointFrame& joint = joint_of(k);
            const V beta = beta_of(k);
            const V3 u = Sub3(p, Broadcast(d, joint.origin));
            if (squash && joint.squashes())
                SquashLanes(d, joint, beta, hn::Mul(layers.squash, hn::Set(d, joint.squash_gain)), p, acc);
            if (joint.turns && floppy) {
                V rate;
                const TurnAxis axis = LaneAxis(
                    d, MulAdd3(layers.floppy, Broadcast(d, joint.angular_drag), Broadcast(d, joint.angular)), gamma, rate);
                AddTurn(axis, TurnLanes<kLimited>(d, axis.a, rate, beta, u, max_angle), acc);
            } else if (joint.turns) {
                const TurnAxis axis = JointAxis(d, joint);
                AddTurn(axis, TurnLanes<kLimited>(d, axis.a, JointRate(d, joint, gamma), beta, u, max_angle), acc);
            }
            if (joint.translates) {
                V3 linear = Broadcast(d, joint.linear);
                if (floppy) linear = MulAdd3(layers.floppy, Broadcast(d, joint.linear_drag), linear);
                AddLag(d, linear, beta, gamma, u, acc);
            }
        }
    } else {
        // Two passes over up to 16 joints at a time: first each turn's terms (long chains
        // of dependent operations, but no joint waits for another, so the CPU overlaps
        // them), then their sums. In one pass each joint waited for the one before: the
        // bend measured 15-20% slower.
        constexpr std::uint32_t kChunk = 16;
        HWY_ALIGN float terms[kChunk * TurnTerms::kRows * kLanes];
        for (std::uint32_t first = 0; first < slot_count; first += kChunk) {
            const std::uint32_t last = std::min(slot_count, first + kChunk);
            for (std::uint32_t k = first; k < last; ++k) {
                const BendJointFrame& joint = joint_of(k);
                if (joint.turns)
                    StoreTerms(d,
                               TurnLanes<kLimited>(d, Broadcast(d, joint.axis), JointRate(d, joint, gamma), beta_of(k),
                                                   Sub3(p, Broadcast(d, joint.origin)), max_angle),
                               terms + (k - first) * TurnTerms::kRows * kLanes);
            }
            for (std::uint32_t k = first; k < last; ++k) {
                const BendJointFrame& joint = joint_of(k);
                if (joint.turns)
                    AddTurn(JointAxis(d, joint), LoadTerms(d, terms + (k - first) * TurnTerms::kRows * kLanes), acc);
                if (joint.translates)
                    AddLag(d, Broadcast(d, joint.linear), beta_of(k), gamma, Sub3(p, Broadcast(d, joint.origin)), acc);
            }
        }
    }
    FoldOffDiagonals(acc);
    if (f.max_offset > 0.0f) LimitOffset(d, f.max_offset, acc);
    if (f.ground.on()) FadeNearGround(d, f.ground, p, acc);
    position = Add3(p, acc.offset);
    if constexpr (kNormals) normal = NormalizedOr(d, Cofactor(acc.jacobian, normal), normal);
}

// kNormals: the normals too (base and final, each where its array is given); without, the
// bend's Jacobian is dead code. Each kernel is large to build: Velocity Skinning's layers
// always come with the normals.
template <bool kVelocity, bool kLimited, bool kNormals>
void DeformWindows(const BlockedFrame& f, std::size_t window_begin, std::size_t window_end) {
    const D d;
    const BlockedSkin& s = *f.skin;
    const bool bend = f.bend_weights != nullptr;
    for (std::size_t b = s.window_blocks[window_begin]; b < s.window_blocks[window_end]; ++b) {
        const std::uint32_t g = s.block_group[b];
        const BlockedSkin::Group& group = s.groups[g];
        const std::uint32_t slot_count = bend ? f.active_count[g] : 0;
        const std::uint32_t* slots = slot_count > 0 ? f.active_slots + group.ancestors_begin : nullptr;
        for (std::size_t o = 0; o < std::size_t(kLanes); o += hn::Lanes(d)) {
            const LaneSlice lanes{s.vertex.data() + b * kLanes + o, s.block_contiguous[b] != 0};
            V3 position, normal;
            if (f.skinning) {
                SkinSlice<kNormals>(d, f.skinning, s.joints.data() + group.influences_begin, group.influence_count,
                                    run_start(s.weights, std::size_t(s.block_weights[b]) * kLanes + o,
                                              group.influence_count),
                                    s.rest.data() + b * 6 * kLanes + o, position, normal);
                ScatterVec3(d, lanes, position, f.base_positions);
                if (kNormals && f.base_normals) ScatterVec3(d, lanes, normal, f.base_normals);
            } else {
                position = GatherVec3(d, lanes, f.base_positions);
                if constexpr (kNormals)
                    normal = f.base_normals ? GatherVec3(d, lanes, f.base_normals) : V3{hn::Zero(d), hn::Zero(d), hn::Zero(d)};
            }
            if (slot_count > 0) {
                LaneLayers layers{GatherFloat(d, lanes, f.bend_weights), hn::Zero(d), hn::Zero(d)};
                if (f.floppy_weights) layers.floppy = hn::Sub(GatherFloat(d, lanes, f.floppy_weights), hn::Set(d, 1.0f));
                if (f.squash != 0.0f)
                    layers.squash = f.squash_weights ? hn::Mul(hn::Set(d, f.squash), GatherFloat(d, lanes, f.squash_weights))
                                                     : hn::Set(d, f.squash);
                const float* betas = run_start(s.betas, std::size_t(s.block_betas[b]) * kLanes + o, group.ancestor_count);
                BendSlice<kVelocity, kLimited, kNormals>(d, f, group, slots, slot_count, betas, layers, position, normal);
            }
            if (f.positions) {
                ScatterVec3(d, lanes, position, f.positions);
                if (kNormals && f.normals) ScatterVec3(d, lanes, normal, f.normals);
            }
            if (f.bind_space_offsets) {
                // A^-1 (position - base), A the blended linear part, blended again here: kept
                // from the skinning, it held registers across the bend (5 to 7 % slower).
                V m[9];
                Blend<9>(d, f.skinning, s.joints.data() + group.influences_begin, group.influence_count,
                         run_start(s.weights, std::size_t(s.block_weights[b]) * kLanes + o, group.influence_count), m);
                const V3 columns[3] = {{m[0], m[1], m[2]}, {m[3], m[4], m[5]}, {m[6], m[7], m[8]}};
                const V3 offset = Sub3(position, GatherVec3(d, lanes, f.base_positions));
                ScatterVec3(d, lanes, SolveBlended(d, columns, offset), f.bind_space_offsets);
            }
        }
    }
}

template <bool kLimited>
void DeformWindowsOf(const BlockedFrame& f, std::size_t window_begin, std::size_t window_end) {
    if (f.floppy_weights != nullptr || f.squash != 0.0f)
        DeformWindows<true, kLimited, true>(f, window_begin, window_end);
    else if (f.normals || f.base_normals)
        DeformWindows<false, kLimited, true>(f, window_begin, window_end);
    else
        DeformWindows<false, kLimited, false>(f, window_begin, window_end);
}

void DeformBlockedWindows(const BlockedFrame& f, std::size_t window_begin, std::size_t window_end) {
    f.max_angle > 0.0f ? DeformWindowsOf<true>(f, window_begin, window_end)
                       : DeformWindowsOf<false>(f, window_begin, window_end);
}

}  // namespace HWY_NAMESPACE
}  // namespace dynskin
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dynskin {
HWY_EXPORT(DeformBlockedWindows);

void deform_blocked_windows(const BlockedFrame& frame, std::size_t window_begin, std::size_t window_end) {
    HWY_DYNAMIC_DISPATCH(DeformBlockedWindows)(frame, window_begin, window_end);
}
}  // namespace dynskin
#endif
