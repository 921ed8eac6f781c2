#pragma once
// rotation_log (dynskin/transform.h) of a block of turns at once: the measurement clock takes
// one a joint and tick. One turn at a time, its series is a chain of dependent multiplies
// and two divisions that leaves the processor waiting; written over arrays, one value per
// lane and no branch, the compiler runs four or more turns side by side (SSE, WebAssembly's
// SIMD). The result is rotation_log's, bit for bit: the same operations in the same order,
// and the turns its series does not cover (past 0.2 rad) taken by rotation_log itself.

#include <glm/gtc/quaternion.hpp>

#include "dynskin/transform.h"

namespace dynskin {

template <int kBlock>
class TurnLogs {
public:
    // Turn i is the quaternion q (unit, either sign).
    void set(int i, const glm::quat& q) {
        x_[i] = q.x, y_[i] = q.y, z_[i] = q.z, w_[i] = q.w;
    }

    // The logs of turns 0 to count - 1, into out.
    void compute(int count, glm::vec3* out) {
        for (int i = 0; i < count; ++i) {
            // Shortest arc: q and -q are the same turn (rotation_log's first line).
            const float sign = w_[i] < 0.0f ? -1.0f : 1.0f;
            const float x = sign * x_[i], y = sign * y_[i], z = sign * z_[i], w = sign * w_[i];
            const float s2 = x * x + y * y + z * z, w2 = w * w;
            const float t = s2 / w2;
            const float series = 1.0f + t * (-1.0f / 3 + t * (1.0f / 5 + t * (-1.0f / 7 + t * (1.0f / 9 + t * (-1.0f / 11)))));
            const float k = 2.0f * series / w;
            lx_[i] = x * k, ly_[i] = y * k, lz_[i] = z * k;
            outside_[i] = !(s2 <= 0.01f * w2);
        }
        for (int i = 0; i < count; ++i)
            out[i] = outside_[i] ? rotation_log(glm::quat(w_[i], x_[i], y_[i], z_[i])) : glm::vec3(lx_[i], ly_[i], lz_[i]);
    }

private:
    float x_[kBlock], y_[kBlock], z_[kBlock], w_[kBlock];
    float lx_[kBlock], ly_[kBlock], lz_[kBlock];
    int outside_[kBlock];
};

}  // namespace dynskin
