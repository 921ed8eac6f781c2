#include "core/delayed_kernels.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/delayed_kernels.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <algorithm>
#include <cmath>

#include <hwy/highway.h>

#include "core/simd_lanes-inl.h"
#include "core/simd_sincos-inl.h"

HWY_BEFORE_NAMESPACE();
namespace dynskin {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

struct Quat {
    V w, x, y, z;
};

// a * b, as glm's quaternion product.
HWY_INLINE Quat Multiply(const Quat& a, const Quat& b) {
    return {hn::NegMulAdd(a.z, b.z, hn::NegMulAdd(a.y, b.y, hn::NegMulAdd(a.x, b.x, hn::Mul(a.w, b.w)))),
            hn::NegMulAdd(a.z, b.y, hn::MulAdd(a.y, b.z, hn::MulAdd(a.x, b.w, hn::Mul(a.w, b.x)))),
            hn::MulAdd(a.z, b.x, hn::MulAdd(a.y, b.w, hn::NegMulAdd(a.x, b.z, hn::Mul(a.w, b.y)))),
            hn::MulAdd(a.z, b.w, hn::NegMulAdd(a.y, b.x, hn::MulAdd(a.x, b.y, hn::Mul(a.w, b.z))))};
}

// origin + q v q^-1 for a unit q and a vector v shared by all lanes:
// v + 2 r x (r x v + w v), r the vector part of q.
HWY_INLINE V3 RotateAndAdd(D d, const Quat& q, const glm::vec3& v, const V3& origin) {
    const V3 r{q.x, q.y, q.z};
    const V vx = hn::Set(d, v.x), vy = hn::Set(d, v.y), vz = hn::Set(d, v.z);
    const V3 c{hn::MulAdd(q.w, vx, hn::MulSub(r.y, vz, hn::Mul(r.z, vy))),
               hn::MulAdd(q.w, vy, hn::MulSub(r.z, vx, hn::Mul(r.x, vz))),
               hn::MulAdd(q.w, vz, hn::MulSub(r.x, vy, hn::Mul(r.y, vx)))};
    const V two = hn::Set(d, 2.0f);
    const V3 rc = Cross(r, c);
    return {hn::MulAdd(two, rc.x, hn::Add(origin.x, vx)), hn::MulAdd(two, rc.y, hn::Add(origin.y, vy)),
            hn::MulAdd(two, rc.z, hn::Add(origin.z, vz))};
}

// Where the lanes of one block find their segments of one joint's rotation. The lanes'
// targets, in ticks after tick `newest_segment + base_tick`, are fraction - offset * (60/c)
// with offset >= 0 their distance above the row's base: small numbers, exact in float.
// Their segments (relative to base_tick) lie in [lowest, highest], which also keeps them
// inside the table and not after the newest segment.
struct SegmentWindow {
    float fraction, lowest, highest;
    std::uint32_t position;  // ring position of segment `lowest`
};

HWY_INLINE SegmentWindow Window(const DelayedRotationTable& table, double ticks_per_size, float base, float spread) {
    const double oldest = static_cast<double>(table.lowest_segment());  // relative to n - 1
    const double target = std::max(table.fraction() - double(base) * ticks_per_size, oldest - 2.0);
    const double base_tick = std::floor(target);
    const float fraction = static_cast<float>(target - base_tick);
    double lowest = std::max(std::floor(double(fraction) - double(spread) * ticks_per_size), oldest - base_tick);
    double highest = std::min(0.0, -base_tick);
    if (lowest > highest) {  // all beyond the table (they read its oldest), or all at the newest
        if (oldest - base_tick > highest) highest = lowest;
        else lowest = highest;
    }
    const Tick first = table.newest_segment() + static_cast<Tick>(base_tick) + static_cast<Tick>(lowest);
    return {fraction, float(lowest), float(highest), static_cast<std::uint32_t>(first & (table.capacity() - 1))};
}

// The delayed local rotation of `joint` on the slice's lanes: slerp_shortest between the
// ticks around each lane's delayed time, as cos(phi) q0 + sin(phi) u of its segment.
HWY_INLINE Quat DelayedRotation(D d, const DelayedRotationTable& table, int joint, const SegmentWindow& window,
                                V offsets, V ticks_per_size) {
    using Table = DelayedRotationTable;
    const V zero = hn::Zero(d);
    const V target = hn::NegMulAdd(offsets, ticks_per_size, hn::Set(d, window.fraction));
    V fields[Table::kFieldCount];
    V since_start;  // ticks since the start of each lane's segment
    if (window.lowest == window.highest) {  // one segment for all lanes: broadcasts
        since_start = hn::Max(hn::Sub(target, hn::Set(d, window.lowest)), zero);
        for (int f = 0; f < Table::kFieldCount; ++f)
            fields[f] = hn::Set(d, table.row(joint, Table::Field(f))[window.position]);
    } else {
        const V lowest = hn::Set(d, window.lowest);
        const V segment = hn::Min(hn::Max(hn::Floor(target), lowest), hn::Set(d, window.highest));
        since_start = hn::Max(hn::Sub(target, segment), zero);
        const hn::RebindToSigned<D> di;
        const auto index = hn::ConvertTo(di, hn::Sub(segment, lowest));
        if (window.highest - window.lowest < float(hn::Lanes(d))) {  // one vector of segments, picked per lane
            const auto lookup = hn::IndicesFromVec(d, index);
            for (int f = 0; f < Table::kFieldCount; ++f)
                fields[f] = hn::TableLookupLanes(hn::LoadU(d, table.row(joint, Table::Field(f)) + window.position), lookup);
        } else {  // lanes far apart (a slow speed on a coarse mesh): gathers
            const auto ring = hn::And(hn::Add(index, hn::Set(di, static_cast<std::int32_t>(window.position))),
                                      hn::Set(di, table.capacity() - 1));
            for (int f = 0; f < Table::kFieldCount; ++f)
                fields[f] = hn::GatherIndex(d, table.row(joint, Table::Field(f)), ring);
        }
    }
    const V phi = hn::Mul(since_start, fields[Table::kRate]);
    V sine, cosine;
    if (table.small_angles()) SinCosOfSmall(d, phi, sine, cosine);
    else SinCos(d, phi, sine, cosine);
    return {hn::MulAdd(sine, fields[Table::kUW], hn::Mul(cosine, fields[Table::kQ0W])),
            hn::MulAdd(sine, fields[Table::kUX], hn::Mul(cosine, fields[Table::kQ0X])),
            hn::MulAdd(sine, fields[Table::kUY], hn::Mul(cosine, fields[Table::kQ0Y])),
            hn::MulAdd(sine, fields[Table::kUZ], hn::Mul(cosine, fields[Table::kQ0Z]))};
}

// One chain link in the scratch: 7 rows of kLanes floats (quaternion w x y z, translation).
HWY_INLINE void StoreLink(D d, const Quat& q, const V3& t, float* link) {
    hn::Store(q.w, d, link), hn::Store(q.x, d, link + kLanes), hn::Store(q.y, d, link + 2 * kLanes);
    hn::Store(q.z, d, link + 3 * kLanes);
    hn::Store(t.x, d, link + 4 * kLanes), hn::Store(t.y, d, link + 5 * kLanes), hn::Store(t.z, d, link + 6 * kLanes);
}

HWY_INLINE void LoadLink(D d, const float* link, Quat& q, V3& t) {
    q = {hn::Load(d, link), hn::Load(d, link + kLanes), hn::Load(d, link + 2 * kLanes), hn::Load(d, link + 3 * kLanes)};
    t = {hn::Load(d, link + 4 * kLanes), hn::Load(d, link + 5 * kLanes), hn::Load(d, link + 6 * kLanes)};
}

constexpr std::size_t kLinkFloats = 7 * kLanes;

void DeformDelayedWindows(const DelayedFrame& f, std::size_t window_begin, std::size_t window_end, float* scratch) {
    const D d;
    const BlockedSkin& s = *f.skin;
    const BlockedDelays& delays = *f.delays;
    const DelayedRotationTable& table = *f.table;
    const V ticks_per_size = hn::Set(d, static_cast<float>(f.ticks_per_size));
    for (std::size_t b = s.window_blocks[window_begin]; b < s.window_blocks[window_end]; ++b) {
        const BlockedSkin::Group& group = s.groups[s.block_group[b]];
        const std::size_t first_row = s.block_betas[b];
        for (std::size_t o = 0; o < std::size_t(kLanes); o += hn::Lanes(d)) {
            // The chain of delayed globals, parents first; a link whose parent is the link
            // just before it (the usual case) takes it from registers.
            Quat q{};
            V3 t{};
            for (std::uint32_t r = 0; r < group.ancestor_count; ++r) {
                const int joint = static_cast<int>(s.joints[group.ancestors_begin + r]);
                const std::int32_t parent = delays.slot[group.ancestors_begin + r];
                const std::size_t row = first_row + r;
                const SegmentWindow window =
                    Window(table, f.ticks_per_size, delays.row_base[row], delays.row_spread[row]);
                const Quat local = DelayedRotation(d, table, joint, window,
                                                   hn::LoadU(d, delays.offsets.data() + row * kLanes + o),
                                                   ticks_per_size);
                const DelayedJointFrame& frame = f.joints[joint];
                if (parent == BlockedDelays::kNoParent) {
                    q = local;
                    t = Broadcast(d, frame.translation);
                } else {
                    if (parent != static_cast<std::int32_t>(r) - 1) LoadLink(d, scratch + parent * kLinkFloats, q, t);
                    t = RotateAndAdd(d, q, frame.translation, t);
                    q = Multiply(q, local);
                }
                StoreLink(d, q, t, scratch + r * kLinkFloats);
            }

            // Blend sum_j w_j G_j B_j^-1 from the influences' links, then skin as LBS does.
            V m[12];
            for (V& e : m) e = hn::Zero(d);
            const float* weights = s.weights.data() + std::size_t(s.block_weights[b]) * kLanes + o;
            for (std::uint32_t r = 0; r < group.influence_count; ++r) {
                const int joint = static_cast<int>(s.joints[group.influences_begin + r]);
                Quat g;
                V3 translation;
                LoadLink(d, scratch + delays.slot[group.influences_begin + r] * kLinkFloats, g, translation);
                const V w = hn::LoadU(d, weights + std::size_t(r) * kLanes);
                // w R(g), as glm::mat3_cast, with the weight folded into the doubled products.
                const V w2 = hn::Add(w, w);
                const V ax = hn::Mul(w2, g.x), ay = hn::Mul(w2, g.y), az = hn::Mul(w2, g.z);
                const V xx = hn::Mul(g.x, ax), yy = hn::Mul(g.y, ay), zz = hn::Mul(g.z, az);
                const V xy = hn::Mul(g.x, ay), xz = hn::Mul(g.x, az), yz = hn::Mul(g.y, az);
                const V wx = hn::Mul(g.w, ax), wy = hn::Mul(g.w, ay), wz = hn::Mul(g.w, az);
                const V3 rotation[3] = {{hn::Sub(w, hn::Add(yy, zz)), hn::Add(xy, wz), hn::Sub(xz, wy)},
                                        {hn::Sub(xy, wz), hn::Sub(w, hn::Add(xx, zz)), hn::Add(yz, wx)},
                                        {hn::Add(xz, wy), hn::Sub(yz, wx), hn::Sub(w, hn::Add(xx, yy))}};
                const float* bind = f.joints[joint].bind;
                for (int c = 0; c < 4; ++c) {
                    V3 column{m[3 * c], m[3 * c + 1], m[3 * c + 2]};
                    column = MulAdd3(hn::Set(d, bind[3 * c]), rotation[0], column);
                    column = MulAdd3(hn::Set(d, bind[3 * c + 1]), rotation[1], column);
                    column = MulAdd3(hn::Set(d, bind[3 * c + 2]), rotation[2], column);
                    if (c == 3) column = MulAdd3(w, translation, column);
                    m[3 * c] = column.x, m[3 * c + 1] = column.y, m[3 * c + 2] = column.z;
                }
            }
            const V3 columns[3] = {{m[0], m[1], m[2]}, {m[3], m[4], m[5]}, {m[6], m[7], m[8]}};
            const float* rest = s.rest.data() + b * 6 * kLanes + o;
            const V3 p = LoadRows(d, rest), n = LoadRows(d, rest + 3 * kLanes);
            const V3 position =
                MulAdd3(p.z, columns[2], MulAdd3(p.y, columns[1], MulAdd3(p.x, columns[0], V3{m[9], m[10], m[11]})));
            const V3 normal = NormalizedOr(d, Cofactor(columns, n), n, hn::FirstN(d, hn::Lanes(d)));
            const LaneSlice lanes{s.vertex.data() + b * kLanes + o, s.block_contiguous[b] != 0};
            ScatterVec3(d, lanes, position, f.positions);
            ScatterVec3(d, lanes, normal, f.normals);
        }
    }
}

}  // namespace HWY_NAMESPACE
}  // namespace dynskin
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dynskin {
HWY_EXPORT(DeformDelayedWindows);

void deform_delayed_windows(const DelayedFrame& frame, std::size_t window_begin, std::size_t window_end,
                            float* scratch) {
    HWY_DYNAMIC_DISPATCH(DeformDelayedWindows)(frame, window_begin, window_end, scratch);
}
}  // namespace dynskin
#endif
