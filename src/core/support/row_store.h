#pragma once
// Storing joint rows into a large table (a crowd's: tens of megabytes a frame) without first
// reading the table's lines into the cache: non-temporal stores where the CPU has them and
// the row is 16-byte aligned, a plain copy otherwise; only the parts its reader asked for.
// finish_row_stores() on the storing thread orders them before what it does next
// (JointLevelState::write_joint_rows calls it).

#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "dynskin/joint_row.h"
#include "dynskin/shader_layout.h"

namespace dynskin {

static_assert(kTexelSkinning == 0 && kTexelOrigin == 6 && kTexelDualDual == kTexelDualReal + 1 &&
                  kTexelScale == kTexelTranslationParent + 2 && kTexelLinearDrag == kTexelAngularDrag + 1 &&
                  kTexelMedial == kTexelAngularVelocity + 4 && kJointRowTexels == kTexelMedial + 1,
              "stream_row's ranges are the row's parts");

inline void stream_row(JointRow& to, const JointRow& from, JointRowParts parts) {
    const float* source = reinterpret_cast<const float*>(&from);
    float* target = reinterpret_cast<float*>(&to);
    const auto texels = [&](int first, int count) {
#if defined(__SSE2__)
        if (reinterpret_cast<std::uintptr_t>(target) % 16 == 0) {
            for (int texel = first; texel < first + count; ++texel)
                _mm_stream_ps(target + 4 * texel, _mm_loadu_ps(source + 4 * texel));
            return;
        }
#endif
        std::memcpy(target + 4 * first, source + 4 * first, sizeof(glm::vec4) * std::size_t(count));
    };
    // In the row's order (the streamed lines fill whole): skinning, drives and origin; the
    // dual quaternion; the local transform; the drags; the squash's texels.
    texels(kTexelSkinning, 7);
    if (parts.dual_quaternion) texels(kTexelDualReal, 2);
    if (parts.local_transform) texels(kTexelTranslationParent, 3);
    texels(kTexelAngularDrag, 2);
    if (parts.squash) texels(kTexelAngularVelocity, 5);
}

inline void finish_row_stores() {
#if defined(__SSE2__)
    _mm_sfence();
#endif
}

}  // namespace dynskin
