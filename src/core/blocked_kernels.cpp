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

// The bend of the slice about the joints that move (apply_bend, lane-parallel): offset
// added to position, normal by the cofactor of the accumulated Jacobian.
HWY_INLINE void BendSlice(D d, const BlockedFrame& f, const BlockedSkin::Group& group, const std::uint32_t* slots,
                          std::uint32_t slot_count, const float* betas, V gamma, V3& position, V3& normal) {
    const V zero = hn::Zero(d), one = hn::Set(d, 1.0f);
    const bool limited = f.max_angle > 0.0f;
    const V max_angle = hn::Set(d, limited ? f.max_angle : 1.0f);
    const V3 p = position;
    V3 offset{zero, zero, zero};
    V3 jacobian[3] = {{one, zero, zero}, {zero, one, zero}, {zero, zero, one}};
    M moved = hn::FirstN(d, 0);

    for (std::uint32_t k = 0; k < slot_count; ++k) {
        const std::uint32_t slot = slots[k];
        const BendJointFrame& joint = f.joints[f.skin->joints[group.ancestors_begin + slot]];
        const V beta = hn::LoadU(d, betas + std::size_t(slot) * kLanes);
        V3 u = Sub3(p, Broadcast(d, joint.origin));
        if (joint.turns) {
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
            const V3 linear = Broadcast(d, joint.linear);
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
            if (slot_count > 0)
                BendSlice(d, f, group, slots, slot_count, s.betas.data() + std::size_t(s.block_betas[b]) * kLanes + o,
                          GatherFloat(d, lanes, f.bend_weights), position, normal);
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
