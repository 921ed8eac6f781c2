#include "core/blocked_kernels.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/blocked_kernels.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/contrib/math/math-inl.h>
#include <hwy/highway.h>

#include "core/simd_lanes-inl.h"
#include "core/simd_sincos-inl.h"

HWY_BEFORE_NAMESPACE();
namespace dynskin {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// LBS of the slice: the blended matrix, the position, and the normal by its cofactor.
HWY_INLINE void SkinSlice(D d, const float* skinning, const std::uint32_t* influence_joints, std::uint32_t count,
                          const float* weights, const float* rest, V3& position, V3& normal) {
    V m[12];
    for (V& e : m) e = hn::Zero(d);
    for (std::uint32_t r = 0; r < count; ++r) {
        const V w = hn::LoadU(d, weights + std::size_t(r) * kLanes);
        const float* s = skinning + 12 * std::size_t(influence_joints[r]);
        for (int e = 0; e < 12; ++e) m[e] = hn::MulAdd(w, hn::Set(d, s[e]), m[e]);
    }
    const V3 columns[3] = {{m[0], m[1], m[2]}, {m[3], m[4], m[5]}, {m[6], m[7], m[8]}};
    const V3 p = LoadRows(d, rest), n = LoadRows(d, rest + 3 * kLanes);
    position = MulAdd3(p.z, columns[2], MulAdd3(p.y, columns[1], MulAdd3(p.x, columns[0], V3{m[9], m[10], m[11]})));
    normal = NormalizedOr(d, Cofactor(columns, n), n, hn::FirstN(d, hn::Lanes(d)));
}

// The stretch e(x) = exp(m tanh(x / m)) of squash.h and its derivative, per lane.
HWY_INLINE void StretchLanes(D d, V x, V& factor, V& slope) {
    const float limit = 1.0986122887f;  // ln(kMaxStretch) = ln 3
    const V th = hn::Tanh(d, hn::Mul(x, hn::Set(d, 1.0f / limit)));
    factor = hn::Exp(d, hn::Mul(hn::Set(d, limit), th));
    slope = hn::Mul(factor, hn::NegMulAdd(th, th, hn::Set(d, 1.0f)));
}

// What the joints add up for the lanes of a slice: the offset and the Jacobian's columns.
struct Accumulated {
    V3 offset;
    V3 jacobian[3];
    M moved;
};

// The bend about one joint with a drive that differs per lane (the floppy layer painted):
// apply_bend's add_turn with the axis and rate of each lane's own drive `drive` (s_j W / L).
HWY_INLINE void TurnPerLane(D d, V3 drive, V beta, V gamma, V3 u, float max_angle_value, Accumulated& acc) {
    const V zero = hn::Zero(d), one = hn::Set(d, 1.0f);
    const V speed2 = Dot(drive, drive);
    const V inverse_speed = InverseSqrtOrZero(d, speed2);
    const V3 a = Scale(inverse_speed, drive);  // 0 where the lane's drive is
    V3 u_perp = MulAdd3(hn::Neg(Dot(u, a)), a, u);
    const V distance2 = Dot(u_perp, u_perp);
    V inverse_distance = InverseSqrtOrZero(d, distance2);
    const V rate = hn::Mul(gamma, hn::Mul(speed2, inverse_speed));  // gamma s |W| / L
    V theta = hn::Neg(hn::Mul(rate, hn::Mul(distance2, inverse_distance)));
    V slope = one;
    if (max_angle_value > 0.0f) {
        const V max_angle = hn::Set(d, max_angle_value);
        const V th = hn::Tanh(d, hn::Div(theta, max_angle));
        theta = hn::Mul(max_angle, th);
        slope = hn::NegMulAdd(th, th, one);
    }
    const M ok = hn::And(hn::IsFinite(theta), hn::Ne(theta, zero));
    theta = hn::IfThenElseZero(ok, theta);
    inverse_distance = hn::IfThenElseZero(ok, inverse_distance);
    u_perp = ZeroUnless(ok, u_perp);
    const V3 u_rotating = ZeroUnless(ok, u);
    acc.moved = hn::Or(acc.moved, ok);
    V sine, cosine;
    SinCos(d, theta, sine, cosine);
    const V one_minus_cos = hn::Sub(one, cosine);
    const V3 rotated_minus_u = MulAdd3(hn::Neg(one_minus_cos), u_perp, Scale(sine, Cross(a, u_rotating)));
    acc.offset = MulAdd3(beta, rotated_minus_u, acc.offset);
    // beta (R - I) = beta (c - 1)(I - a a^T) + beta s [a]x, column by column.
    const V bc = hn::Neg(hn::Mul(beta, one_minus_cos)), bs = hn::Mul(beta, sine);
    const V3 cross_columns[3] = {{zero, a.z, hn::Neg(a.y)}, {hn::Neg(a.z), zero, a.x}, {a.y, hn::Neg(a.x), zero}};
    const V a_of[3] = {a.x, a.y, a.z};
    for (int c = 0; c < 3; ++c) {
        V3 column = Scale(hn::Neg(a_of[c]), a);
        if (c == 0) column.x = hn::Add(column.x, one);
        if (c == 1) column.y = hn::Add(column.y, one);
        if (c == 2) column.z = hn::Add(column.z, one);
        acc.jacobian[c] = MulAdd3(bc, column, MulAdd3(bs, cross_columns[c], acc.jacobian[c]));
    }
    const V3 v = Scale(beta, Cross(a, Add3(u_rotating, rotated_minus_u)));
    const V3 grad = Scale(hn::Neg(hn::Mul(rate, hn::Mul(slope, inverse_distance))), u_perp);
    acc.jacobian[0] = MulAdd3(grad.x, v, acc.jacobian[0]);
    acc.jacobian[1] = MulAdd3(grad.y, v, acc.jacobian[1]);
    acc.jacobian[2] = MulAdd3(grad.z, v, acc.jacobian[2]);
}

// One joint's squash & stretch of the lanes (squash.h's add_squash); k = S sigma_i s_j / L.
HWY_INLINE void SquashLanes(D d, const BendJointFrame& joint, V beta, V k, V3 p, Accumulated& acc) {
    const V one = hn::Set(d, 1.0f);
    const V3 before = acc.offset;
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
    const M changed = hn::Or(hn::Ne(acc.offset.x, before.x), hn::Or(hn::Ne(acc.offset.y, before.y),
                                                                    hn::Ne(acc.offset.z, before.z)));
    acc.moved = hn::Or(acc.moved, changed);
}

// Velocity Skinning's per-lane layers: phi - 1 (floppy) and S sigma (squash), when in use.
struct LaneLayers {
    V gamma;
    V floppy;  // phi - 1
    V squash;  // S sigma
};

// The bend of the slice about the joints that move (apply_bend, lane-parallel): offset
// added to position, normal by the cofactor of the accumulated Jacobian.
HWY_INLINE void BendSlice(D d, const BlockedFrame& f, const BlockedSkin::Group& group, const std::uint32_t* slots,
                          std::uint32_t slot_count, const float* betas, const LaneLayers& layers, V3& position,
                          V3& normal) {
    const V zero = hn::Zero(d), one = hn::Set(d, 1.0f);
    const V gamma = layers.gamma;
    const bool floppy = f.floppy_weights != nullptr, squash = f.squash != 0.0f;
    const bool limited = f.max_angle > 0.0f;
    const V max_angle = hn::Set(d, limited ? f.max_angle : 1.0f);
    const V3 p = position;
    Accumulated acc{{zero, zero, zero}, {{one, zero, zero}, {zero, one, zero}, {zero, zero, one}}, hn::FirstN(d, 0)};
    V3& offset = acc.offset;
    V3* jacobian = acc.jacobian;
    M& moved = acc.moved;

    for (std::uint32_t k = 0; k < slot_count; ++k) {
        const std::uint32_t slot = slots[k];
        const BendJointFrame& joint = f.joints[f.skin->joints[group.ancestors_begin + slot]];
        const V beta = hn::LoadU(d, betas + std::size_t(slot) * kLanes);
        V3 u = Sub3(p, Broadcast(d, joint.origin));
        if (squash && joint.squashes())
            SquashLanes(d, joint, beta, hn::Mul(layers.squash, hn::Set(d, joint.squash_gain)), p, acc);
        if (joint.turns && floppy) {
            TurnPerLane(d, MulAdd3(layers.floppy, Broadcast(d, joint.angular_drag), Broadcast(d, joint.angular)), beta,
                        gamma, u, f.max_angle, acc);
        } else if (joint.turns) {
            const V3 a = Broadcast(d, joint.axis);
            V3 u_perp = MulAdd3(hn::Neg(Dot(u, a)), a, u);
            const V distance2 = Dot(u_perp, u_perp);
            V inverse_distance = InverseSqrtOrZero(d, distance2);
            const V distance = hn::Mul(distance2, inverse_distance);
            const V rate = hn::Mul(gamma, hn::Set(d, joint.angular_rate));
            V theta = hn::Neg(hn::Mul(rate, distance));
            V slope = one;
            if (limited) {
                const V th = hn::Tanh(d, hn::Div(theta, max_angle));
                theta = hn::Mul(max_angle, th);
                slope = hn::NegMulAdd(th, th, one);
            }
            const M ok = hn::And(hn::IsFinite(theta), hn::Ne(theta, zero));
            V3 u_rotating = u;
            if (!hn::AllTrue(d, ok)) {  // those lanes take no part, as in apply_bend
                theta = hn::IfThenElseZero(ok, theta);
                inverse_distance = hn::IfThenElseZero(ok, inverse_distance);
                u_perp = ZeroUnless(ok, u_perp);
                u_rotating = ZeroUnless(ok, u);
            }
            moved = hn::Or(moved, ok);
            V sine, cosine;
            if (hn::AllTrue(d, hn::Le(hn::Abs(theta), hn::Set(d, 0.785398163f))))  // the usual case
                SinCosOfSmall(d, theta, sine, cosine);
            else
                SinCos(d, theta, sine, cosine);
            const V one_minus_cos = hn::Sub(one, cosine);
            const V3 rotated_minus_u = MulAdd3(hn::Neg(one_minus_cos), u_perp, Scale(sine, Cross(a, u_rotating)));
            offset = MulAdd3(beta, rotated_minus_u, offset);

            // beta (R - I) = beta (c - 1)(I - a a^T) + beta s [a]x
            const V bc = hn::Neg(hn::Mul(beta, one_minus_cos)), bs = hn::Mul(beta, sine);
            const float* P = joint.projector;
            const glm::vec3& ax = joint.axis;
            auto add = [&](V& entry, float projector, float cross) {
                entry = hn::MulAdd(bc, hn::Set(d, projector), hn::MulAdd(bs, hn::Set(d, cross), entry));
            };
            jacobian[0].x = hn::MulAdd(bc, hn::Set(d, P[0]), jacobian[0].x);
            jacobian[1].y = hn::MulAdd(bc, hn::Set(d, P[1]), jacobian[1].y);
            jacobian[2].z = hn::MulAdd(bc, hn::Set(d, P[2]), jacobian[2].z);
            add(jacobian[0].y, P[3], ax.z);
            add(jacobian[1].x, P[3], -ax.z);
            add(jacobian[0].z, P[4], -ax.y);
            add(jacobian[2].x, P[4], ax.y);
            add(jacobian[1].z, P[5], ax.x);
            add(jacobian[2].y, P[5], -ax.x);

            // + beta (axis x R u) grad(theta)^T, grad(theta) = -k |W| slope u_perp / |u_perp|
            const V3 v = Scale(beta, Cross(a, Add3(u_rotating, rotated_minus_u)));
            const V3 grad = Scale(hn::Neg(hn::Mul(rate, hn::Mul(slope, inverse_distance))), u_perp);
            jacobian[0] = MulAdd3(grad.x, v, jacobian[0]);
            jacobian[1] = MulAdd3(grad.y, v, jacobian[1]);
            jacobian[2] = MulAdd3(grad.z, v, jacobian[2]);
        }
        if (joint.translates) {
            const V distance2 = Dot(u, u);
            V inverse_distance = InverseSqrtOrZero(d, distance2);
            const V distance = hn::Mul(distance2, inverse_distance);
            const V beta_gamma = hn::Mul(beta, gamma);
            V3 linear = Broadcast(d, joint.linear);
            if (floppy) linear = MulAdd3(layers.floppy, Broadcast(d, joint.linear_drag), linear);
            V3 lag = Scale(hn::Neg(hn::Mul(beta_gamma, distance)), linear);
            const M ok = hn::And(hn::IsFinite(lag.x), hn::And(hn::IsFinite(lag.y), hn::IsFinite(lag.z)));
            if (!hn::AllTrue(d, ok)) {
                lag = ZeroUnless(ok, lag);
                inverse_distance = hn::IfThenElseZero(ok, inverse_distance);
                u = ZeroUnless(ok, u);
            }
            moved = hn::Or(moved, ok);
            offset = Add3(offset, lag);
            // + outer(-beta gamma linear, u / |u|)
            const V3 column = Scale(hn::Neg(beta_gamma), linear);
            const V3 direction = Scale(inverse_distance, u);
            jacobian[0] = MulAdd3(direction.x, column, jacobian[0]);
            jacobian[1] = MulAdd3(direction.y, column, jacobian[1]);
            jacobian[2] = MulAdd3(direction.z, column, jacobian[2]);
        }
    }
    position = Add3(p, offset);
    normal = NormalizedOr(d, Cofactor(jacobian, normal), normal, moved);
}

void DeformBlockedWindows(const BlockedFrame& f, std::size_t window_begin, std::size_t window_end) {
    const D d;
    const BlockedSkin& s = *f.skin;
    const bool bend = f.bend_weights != nullptr;
    for (std::size_t b = s.window_blocks[window_begin]; b < s.window_blocks[window_end]; ++b) {
        const std::uint32_t g = s.block_group[b];
        const BlockedSkin::Group& group = s.groups[g];
        const std::uint32_t slot_count = bend ? f.active_count[g] : 0;
        const std::uint32_t* slots = bend ? f.active_slots + group.ancestors_begin : nullptr;
        for (std::size_t o = 0; o < std::size_t(kLanes); o += hn::Lanes(d)) {
            const LaneSlice lanes{s.vertex.data() + b * kLanes + o, s.block_contiguous[b] != 0};
            V3 position, normal;
            if (f.skinning) {
                SkinSlice(d, f.skinning, s.joints.data() + group.influences_begin, group.influence_count,
                          s.weights.data() + std::size_t(s.block_weights[b]) * kLanes + o,
                          s.rest.data() + b * 6 * kLanes + o,
                          position, normal);
                ScatterVec3(d, lanes, position, f.base_positions);
                ScatterVec3(d, lanes, normal, f.base_normals);
            } else {
                position = GatherVec3(d, lanes, f.base_positions);
                normal = GatherVec3(d, lanes, f.base_normals);
            }
            if (slot_count > 0) {
                LaneLayers layers{GatherFloat(d, lanes, f.bend_weights), hn::Zero(d), hn::Zero(d)};
                if (f.floppy_weights) layers.floppy = hn::Sub(GatherFloat(d, lanes, f.floppy_weights), hn::Set(d, 1.0f));
                if (f.squash != 0.0f)
                    layers.squash = f.squash_weights ? hn::Mul(hn::Set(d, f.squash), GatherFloat(d, lanes, f.squash_weights))
                                                     : hn::Set(d, f.squash);
                BendSlice(d, f, group, slots, slot_count, s.betas.data() + std::size_t(s.block_betas[b]) * kLanes + o,
                          layers, position, normal);
            }
            if (f.positions) {
                ScatterVec3(d, lanes, position, f.positions);
                ScatterVec3(d, lanes, normal, f.normals);
            }
        }
    }
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
