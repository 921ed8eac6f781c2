#include "core/model/pose_blend.h"

#include <algorithm>
#include <cmath>

namespace dynskin {

Trs blend(const Trs& from, const Trs& to, float a) {
    Trs r;
    r.translation = from.translation + a * (to.translation - from.translation);
    r.scale = from.scale + a * (to.scale - from.scale);
    r.rotation = a <= 1.0f ? slerp_shortest(from.rotation, to.rotation, a) : great_circle(from.rotation, to.rotation, a);
    return r;
}

namespace {

constexpr int kBlock = 64;

// The rotations of a block, one array per component, and what the lanes make of them.
// Every expression below is slerp_shortest's and great_circle's own, in glm's order of
// operations (its quaternion dot product sums (w w + x x) + (y y + z z)), so that the
// floats are theirs.
struct RotationLanes {
    float x0[kBlock], y0[kBlock], z0[kBlock], w0[kBlock];
    float x1[kBlock], y1[kBlock], z1[kBlock], w1[kBlock];
    float x[kBlock], y[kBlock], z[kBlock], w[kBlock];
    int by_blend[kBlock];  // the lane's arc needs a sine: blend() takes it

    // between: a in (0, 1) (slerp_shortest: the normalised lerp below 0.03 rad apart, else the
    // great circle); otherwise a > 1 (great_circle alone).
    void compute(int count, float a, bool between) {
        // great_circle's weights sin(k theta) / sin(theta) as its series in theta^2.
        const auto weight = [](float k, float theta2) {
            const float k2 = k * k;
            return k * (1.0f + theta2 * ((1.0f - k2) / 6 + theta2 * (7.0f - 10.0f * k2 + 3.0f * k2 * k2) / 360));
        };
        for (int i = 0; i < count; ++i) {
            const float d = (w0[i] * w1[i] + x0[i] * x1[i]) + (y0[i] * y1[i] + z0[i] * z1[i]);
            const float sign = d < 0.0f ? -1.0f : 1.0f;
            const float ax = sign * x1[i], ay = sign * y1[i], az = sign * z1[i], aw = sign * w1[i];  // q1 on q0's side
            const float near = sign * d;
            // The normalised lerp (glm::normalize: 1 / length, identity for a zero length).
            const float lx = x0[i] + a * (ax - x0[i]), ly = y0[i] + a * (ay - y0[i]);
            const float lz = z0[i] + a * (az - z0[i]), lw = w0[i] + a * (aw - w0[i]);
            const float length = std::sqrt((lw * lw + lx * lx) + (ly * ly + lz * lz));
            const float inverse = 1.0f / length;
            const bool zero = length <= 0.0f;
            // The great circle's series.
            const float e = 1.0f - near;
            const float theta2 = e * (2.0f + e * (1.0f / 3 + e * (4.0f / 45)));
            const float from_weight = weight(1.0f - a, theta2), to_weight = weight(a, theta2);
            const float cx = x0[i] * from_weight + ax * to_weight, cy = y0[i] * from_weight + ay * to_weight;
            const float cz = z0[i] * from_weight + az * to_weight, cw = w0[i] * from_weight + aw * to_weight;
            const bool lerp = between & (near > 0.9995f);
            x[i] = lerp ? (zero ? 0.0f : lx * inverse) : cx;
            y[i] = lerp ? (zero ? 0.0f : ly * inverse) : cy;
            z[i] = lerp ? (zero ? 0.0f : lz * inverse) : cz;
            w[i] = lerp ? (zero ? 1.0f : lw * inverse) : cw;
            by_blend[i] = !lerp & !(near >= 0.995f);
        }
    }
};

}  // namespace

void blend_all(const std::vector<Trs>& from, const std::vector<Trs>& to, float a, std::vector<Trs>& out) {
    const int n = static_cast<int>(from.size());
    out.resize(from.size());
    // The ends of slerp_shortest's range are its ends exactly.
    if (a <= 0.0f || a == 1.0f) {
        for (int j = 0; j < n; ++j) out[j] = blend(from[j], to[j], a);
        return;
    }
    RotationLanes lanes;
    for (int first = 0; first < n; first += kBlock) {
        const int count = std::min(kBlock, n - first);
        for (int i = 0; i < count; ++i) {
            const glm::quat& q0 = from[first + i].rotation;
            const glm::quat& q1 = to[first + i].rotation;
            lanes.x0[i] = q0.x, lanes.y0[i] = q0.y, lanes.z0[i] = q0.z, lanes.w0[i] = q0.w;
            lanes.x1[i] = q1.x, lanes.y1[i] = q1.y, lanes.z1[i] = q1.z, lanes.w1[i] = q1.w;
        }
        lanes.compute(count, a, a < 1.0f);
        for (int i = 0; i < count; ++i) {
            const Trs& f = from[first + i];
            const Trs& t = to[first + i];
            Trs& r = out[first + i];
            if (lanes.by_blend[i]) {
                r = blend(f, t, a);
                continue;
            }
            r.translation = f.translation + a * (t.translation - f.translation);
            r.scale = f.scale + a * (t.scale - f.scale);
            r.rotation = glm::quat(lanes.w[i], lanes.x[i], lanes.y[i], lanes.z[i]);
        }
    }
}

}  // namespace dynskin
