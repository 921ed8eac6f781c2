#include "core/fast/delayed_lbs_simd.h"

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "core/fast/delayed_lbs_simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/highway.h>

#include "core/fast/simd_lanes-inl.h"
#include "core/fast/simd_sincos-inl.h"

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

// Where the lanes of a block find their segments of each ancestor's rotation, for all the
// block's rows at once (rows in lanes). A row's lanes have targets, in ticks after tick
// n - 1 + base_tick, of fraction - offset * (60/c), offset >= 0 their distance above the
// row's base: small numbers, exact in float. base * (60/c) is split into hi + lo (exact,
// by FMA) so that the fraction keeps its precision for delays of many seconds. The lanes'
// segments, relative to base_tick, lie in [lowest, highest], which also keeps them inside
// the table and not after the newest segment; `position` is the ring position of
// segment `lowest`.
struct BlockWindows {
    float* fraction;
    float* lowest;
    float* highest;
    std::int32_t* position;
};

HWY_INLINE void FindWindows(D d, const DelayedRotationTable& table, V ticks_per_size, const float* base,
                            const float* spread, std::uint32_t count, const BlockWindows& out) {
    const hn::RebindToSigned<D> di;
    const V fraction_now = hn::Set(d, static_cast<float>(table.fraction()));
    const V oldest = hn::Set(d, static_cast<float>(table.lowest_segment()));  // relative to n - 1
    const V zero = hn::Zero(d);
    const auto mask = hn::Set(di, table.capacity() - 1);
    const auto newest = hn::Set(di, static_cast<std::int32_t>(table.newest_segment() & (table.capacity() - 1)));
    for (std::uint32_t r = 0; r < count; r += static_cast<std::uint32_t>(hn::Lanes(d))) {
        const V b = hn::LoadU(d, base + r), s = hn::LoadU(d, spread + r);
        const V hi = hn::Mul(b, ticks_per_size), lo = hn::MulSub(b, ticks_per_size, hi);
        const V base_tick = hn::Floor(hn::Max(hn::Sub(fraction_now, hi), hn::Sub(oldest, hn::Set(d, 2.0f))));
        const V fraction = hn::Sub(hn::Sub(fraction_now, hn::Add(hi, base_tick)), lo);
        const V oldest_here = hn::Sub(oldest, base_tick);
        V lowest = hn::Max(hn::Floor(hn::NegMulAdd(s, ticks_per_size, fraction)), oldest_here);
        V highest = hn::Min(zero, hn::Neg(base_tick));
        // Empty range: all beyond the table (they read its oldest segment), or all at the newest.
        const M empty = hn::Gt(lowest, highest), beyond = hn::Gt(oldest_here, highest);
        highest = hn::IfThenElse(hn::And(empty, beyond), lowest, highest);
        lowest = hn::IfThenElse(hn::AndNot(beyond, empty), highest, lowest);
        hn::StoreU(fraction, d, out.fraction + r);
        hn::StoreU(lowest, d, out.lowest + r);
        hn::StoreU(highest, d, out.highest + r);
        hn::StoreU(hn::And(hn::Add(newest, hn::ConvertTo(di, hn::Add(base_tick, lowest))), mask), di,
                   out.position + r);
    }
}

// The delayed local rotation of `joint` on the slice's lanes (row r of the windows):
// slerp_shortest between the ticks around each lane's delayed time, as
// cos(phi) q0 + sin(phi) u of its segment.
HWY_INLINE Quat DelayedRotation(D d, const DelayedRotationTable& table, SinCosRange range,
                                int joint, const BlockWindows& w, std::uint32_t r, V offsets, V ticks_per_size) {
    using Table = DelayedRotationTable;
    const V zero = hn::Zero(d);
    const float lowest_row = w.lowest[r], highest_row = w.highest[r];
    const std::int32_t position = w.position[r];
    V fields[Table::kFieldCount];
    V since_start;  // ticks since the start of each lane's segment
    if (lowest_row == highest_row) {  // one segment for all lanes (the usual case): broadcasts
        since_start = hn::Max(hn::NegMulAdd(offsets, ticks_per_size, hn::Set(d, w.fraction[r] - lowest_row)), zero);
        const float* segment = table.segment(joint, position);
        for (int f = 0; f < Table::kFieldCount; ++f) fields[f] = hn::Set(d, segment[f]);
    } else {
        const V target = hn::NegMulAdd(offsets, ticks_per_size, hn::Set(d, w.fraction[r]));
        const V lowest = hn::Set(d, lowest_row);
        const V segment = hn::Min(hn::Max(hn::Floor(target), lowest), hn::Set(d, highest_row));
        since_start = hn::Max(hn::Sub(target, segment), zero);
        const hn::RebindToSigned<D> di;
        const auto index = hn::ConvertTo(di, hn::Sub(segment, lowest));
        if (highest_row - lowest_row < float(hn::Lanes(d))) {  // one vector of segments, picked per lane
            const auto lookup = hn::IndicesFromVec(d, index);
            for (int f = 0; f < Table::kFieldCount; ++f)
                fields[f] = hn::TableLookupLanes(hn::LoadU(d, table.row(joint, Table::Field(f)) + position), lookup);
        } else {  // lanes far apart (a slow speed on a coarse mesh): gathers
            const auto ring = hn::And(hn::Add(index, hn::Set(di, position)), hn::Set(di, table.capacity() - 1));
            for (int f = 0; f < Table::kFieldCount; ++f)
                fields[f] = hn::GatherIndex(d, table.row(joint, Table::Field(f)), ring);
        }
    }
    const V phi = hn::Mul(since_start, fields[Table::kRate]);
    V sine, cosine;
    SinCosIn(d, range, phi, sine, cosine);
    return {hn::MulAdd(sine, fields[Table::kUW], hn::Mul(cosine, fields[Table::kQ0W])),
            hn::MulAdd(sine, fields[Table::kUX], hn::Mul(cosine, fields[Table::kQ0X])),
            hn::MulAdd(sine, fields[Table::kUY], hn::Mul(cosine, fields[Table::kQ0Y])),
            hn::MulAdd(sine, fields[Table::kUZ], hn::Mul(cosine, fields[Table::kQ0Z]))};
}

// origin + q v q^-1 for a unit q: the general case, or v along one axis (bones usually
// are), where it is v's length times one column of q's matrix: half the work.
HWY_INLINE V3 PlaceChild(D d, const Quat& q, const DelayedJointFrame& joint, const V3& origin) {
    const V two = hn::Set(d, 2.0f);
    const glm::vec3& v = joint.translation;
    switch (joint.along_axis) {
        case DelayedJointFrame::kNoTranslation:
            return origin;
        case 0: {  // column 0 of mat3_cast: 1 - 2(yy + zz), 2(xy + wz), 2(xz - wy)
            const V l = hn::Set(d, v.x), l2 = hn::Mul(two, l);
            return {hn::NegMulAdd(l2, hn::MulAdd(q.y, q.y, hn::Mul(q.z, q.z)), hn::Add(origin.x, l)),
                    hn::MulAdd(l2, hn::MulAdd(q.x, q.y, hn::Mul(q.w, q.z)), origin.y),
                    hn::MulAdd(l2, hn::MulSub(q.x, q.z, hn::Mul(q.w, q.y)), origin.z)};
        }
        case 1: {  // column 1: 2(xy - wz), 1 - 2(xx + zz), 2(yz + wx)
            const V l = hn::Set(d, v.y), l2 = hn::Mul(two, l);
            return {hn::MulAdd(l2, hn::MulSub(q.x, q.y, hn::Mul(q.w, q.z)), origin.x),
                    hn::NegMulAdd(l2, hn::MulAdd(q.x, q.x, hn::Mul(q.z, q.z)), hn::Add(origin.y, l)),
                    hn::MulAdd(l2, hn::MulAdd(q.y, q.z, hn::Mul(q.w, q.x)), origin.z)};
        }
        case 2: {  // column 2: 2(xz + wy), 2(yz - wx), 1 - 2(xx + yy)
            const V l = hn::Set(d, v.z), l2 = hn::Mul(two, l);
            return {hn::MulAdd(l2, hn::MulAdd(q.x, q.z, hn::Mul(q.w, q.y)), origin.x),
                    hn::MulAdd(l2, hn::MulSub(q.y, q.z, hn::Mul(q.w, q.x)), origin.y),
                    hn::NegMulAdd(l2, hn::MulAdd(q.x, q.x, hn::Mul(q.y, q.y)), hn::Add(origin.z, l))};
        }
        default:
            return RotateAndAdd(d, q, v, origin);
    }
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

// The blocks of a window write their vertices in the order of their delays, not of their
// indices, which the hardware prefetcher cannot follow. So each block asks, for writing,
// for its share of the cache lines the next window will write: they are in cache by the
// time it comes (measured: dLBS at 1M vertices 12-18% faster, no change at 100k).
struct NextWindowLines {
    static constexpr std::size_t kLineBytes = 64;
    const char* positions;
    const char* normals;
    std::size_t at, end;    // bytes into both arrays
    std::size_t per_block;  // bytes
};

// None when `window` is the last of the run [.., run_end) this call skins: the next one is
// another thread's, and prefetching it for writing would bounce its lines between caches.
HWY_INLINE NextWindowLines LinesAfterWindow(const BlockedSkin& s, std::size_t window, std::size_t run_end,
                                            const glm::vec3* positions, const glm::vec3* normals) {
    constexpr std::size_t kLine = NextWindowLines::kLineBytes;
    const std::size_t window_bytes = BlockedSkin::kWindowVertices * sizeof(glm::vec3);
    const std::size_t mesh_bytes = window + 1 < run_end ? s.vertex_count * sizeof(glm::vec3) : 0;
    const std::size_t begin = std::min((window + 1) * window_bytes, mesh_bytes);
    const std::size_t end = std::min(begin + window_bytes, mesh_bytes);
    const std::size_t blocks = std::max<std::size_t>(s.window_blocks[window + 1] - s.window_blocks[window], 1);
    const std::size_t lines = (end - begin + kLine - 1) / kLine;
    return {reinterpret_cast<const char*>(positions), reinterpret_cast<const char*>(normals), begin, end,
            (lines + blocks - 1) / blocks * kLine};
}

HWY_INLINE void PrefetchBlockShare(NextWindowLines& lines) {
    const std::size_t stop = std::min(lines.at + lines.per_block, lines.end);
    for (; lines.at < stop; lines.at += NextWindowLines::kLineBytes) {
        __builtin_prefetch(lines.positions + lines.at, 1);
        __builtin_prefetch(lines.normals + lines.at, 1);
    }
}

// Skins the lanes of block b: the delayed chain of each lane, then the blend.
HWY_INLINE void SkinDelayedBlock(D d, const DelayedFrame& f, std::size_t b, SinCosRange range,
                                 V ticks_per_size, const BlockWindows& windows, float* scratch) {
    const BlockedSkin& s = *f.skin;
    const BlockedDelays& delays = *f.delays;
    const DelayedRotationTable& table = *f.table;
    const BlockedSkin::Group& group = s.groups[s.block_group[b]];
    const std::size_t first_row = s.block_betas[b];
    FindWindows(d, table, ticks_per_size, delays.row_base.data() + first_row, delays.row_spread.data() + first_row,
                group.ancestor_count, windows);
    for (std::size_t o = 0; o < std::size_t(kLanes); o += hn::Lanes(d)) {
        // The chain of delayed globals, parents first; a link whose parent is the link
        // just before it (the usual case) takes it from registers, and only the links
        // read again later are stored.
        Quat q{};
        V3 t{};
        for (std::uint32_t r = 0; r < group.ancestor_count; ++r) {
            const std::size_t entry = group.ancestors_begin + r;
            const int joint = static_cast<int>(s.joints[entry]);
            const std::int32_t parent = delays.slot[entry];
            const Quat local = DelayedRotation(d, table, range, joint, windows, r,
                                               hn::LoadU(d, delays.offsets.data() + (first_row + r) * kLanes + o),
                                               ticks_per_size);
            const DelayedJointFrame& frame = f.joints[joint];
            if (parent == BlockedDelays::kNoParent) {
                q = local;
                t = Broadcast(d, frame.translation);
            } else {
                if (parent != static_cast<std::int32_t>(r) - 1) LoadLink(d, scratch + parent * kLinkFloats, q, t);
                t = PlaceChild(d, q, frame, t);
                q = Multiply(q, local);
            }
            if (delays.keep[entry]) StoreLink(d, q, t, scratch + r * kLinkFloats);
        }

        // Blend sum_j w_j G_j B_j^-1 from the influences' links, then skin as LBS does.
        V m[12];
        for (V& e : m) e = hn::Zero(d);
        const float* weights = run_start(s.weights, std::size_t(s.block_weights[b]) * kLanes + o, group.influence_count);
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
        const V3 normal = NormalizedOr(d, Cofactor(columns, n), n);
        const LaneSlice lanes{s.vertex.data() + b * kLanes + o, s.block_contiguous[b] != 0};
        ScatterVec3(d, lanes, position, f.positions);
        ScatterVec3(d, lanes, normal, f.normals);
    }
}

void DeformDelayedWindows(const DelayedFrame& f, std::size_t window_begin, std::size_t window_end, float* scratch) {
    const D d;
    const BlockedSkin& s = *f.skin;
    const BlockedDelays& delays = *f.delays;
    const V ticks_per_size = hn::Set(d, static_cast<float>(f.ticks_per_size));
    const SinCosRange range = f.table->angle_range();
    const std::size_t rows = (static_cast<std::size_t>(delays.deepest_chain) + kLanes - 1) / kLanes * kLanes;
    float* windows_area = scratch + static_cast<std::size_t>(delays.deepest_chain) * kLinkFloats;
    const BlockWindows windows{windows_area, windows_area + rows, windows_area + 2 * rows,
                               reinterpret_cast<std::int32_t*>(windows_area + 3 * rows)};
    for (std::size_t window = window_begin; window < window_end; ++window) {
        NextWindowLines next_lines = LinesAfterWindow(s, window, window_end, f.positions, f.normals);
        for (std::size_t b = s.window_blocks[window]; b < s.window_blocks[window + 1]; ++b) {
            PrefetchBlockShare(next_lines);
            SkinDelayedBlock(d, f, b, range, ticks_per_size, windows, scratch);
        }
    }
}

}  // namespace HWY_NAMESPACE
}  // namespace dynskin
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace dynskin {

std::size_t delayed_scratch_floats(const BlockedDelays& delays) {
    constexpr std::size_t L = BlockedSkin::kLanes;
    const std::size_t chain = static_cast<std::size_t>(delays.deepest_chain);
    return chain * 7 * L + 4 * ((chain + L - 1) / L * L);
}

HWY_EXPORT(DeformDelayedWindows);

void deform_delayed_windows(const DelayedFrame& frame, std::size_t window_begin, std::size_t window_end,
                            float* scratch) {
    HWY_DYNAMIC_DISPATCH(DeformDelayedWindows)(frame, window_begin, window_end, scratch);
}
}  // namespace dynskin
#endif
