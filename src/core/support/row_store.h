#pragma once
// Storing joint rows into a large table (a crowd's: tens of megabytes a frame) without first
// reading the table's lines into the cache: non-temporal stores where the CPU has them and
// the row is 16-byte aligned, a plain copy otherwise. finish_row_stores() on the storing
// thread orders them before what it does next (JointLevelState::write_joint_rows calls it).

#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "dynskin/joint_row.h"

namespace dynskin {

inline void store_row(JointRow& to, const JointRow& from, bool streaming) {
#if defined(__SSE2__)
    if (streaming && reinterpret_cast<std::uintptr_t>(&to) % 16 == 0) {
        const float* source = reinterpret_cast<const float*>(&from);
        float* target = reinterpret_cast<float*>(&to);
        for (int texel = 0; texel < kJointRowTexels; ++texel)
            _mm_stream_ps(target + 4 * texel, _mm_loadu_ps(source + 4 * texel));
        return;
    }
#endif
    (void)streaming;
    std::memcpy(&to, &from, sizeof(JointRow));
}

inline void finish_row_stores() {
#if defined(__SSE2__)
    _mm_sfence();
#endif
}

}  // namespace dynskin
