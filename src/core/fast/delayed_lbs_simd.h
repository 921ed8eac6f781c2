#pragma once
// The SIMD kernel of dLBS over a BlockedSkin: per block of vertices that share their
// joints, each lane composes its own chain of delayed local rotations (looked up in a
// DelayedRotationTable at the lane's delay) with the undelayed translations, as unit
// quaternions and translations, then blends the influences' matrices and skins the
// position and normal as LBS does. Dispatched at run time to the best SIMD target
// (Google Highway). delayed_linear_blend_skinning (delayed_lbs.h) is the plain version.

#include <cstddef>
#include <cstdint>

#include <glm/glm.hpp>

#include "core/fast/blocked_skin.h"
#include "core/fast/delayed_lbs_delays.h"
#include "core/fast/delayed_lbs_rotation_table.h"

namespace dynskin {

// One joint's undelayed part for the current frame. Scales must be uniform: a chain of
// uniform scales is its running product sigma times rotations, folded in here.
struct DelayedJointFrame {
    static constexpr int kNoTranslation = 3;
    static constexpr int kAnyDirection = 4;

    glm::vec3 translation{0.0f};  // sigma(parent) * local translation
    // 0, 1 or 2 when the translation lies along that axis (the other two exactly 0),
    // kNoTranslation when it is 0, else kAnyDirection.
    int along_axis = kAnyDirection;
    float bind[12] = {};  // sigma(joint) * inverse bind, 3x4 column by column
};

struct DelayedFrame {
    const BlockedSkin* skin = nullptr;
    const BlockedDelays* delays = nullptr;
    const DelayedRotationTable* table = nullptr;
    const DelayedJointFrame* joints = nullptr;
    double ticks_per_size = 0.0;  // 60 / c: a distance in sizes times this is its delay in ticks

    glm::vec3* positions = nullptr;  // indexed by mesh vertex
    glm::vec3* normals = nullptr;
};

// The floats of scratch one thread needs: its chain of quaternions and translations, and
// where each of a block's rows finds its segments.
std::size_t delayed_scratch_floats(const BlockedDelays& delays);

// Skins the vertices of windows [window_begin, window_end) of frame.skin. `scratch` holds
// delayed_scratch_floats(*frame.delays) floats, aligned to 64 bytes.
void deform_delayed_windows(const DelayedFrame& frame, std::size_t window_begin, std::size_t window_end,
                            float* scratch);

}  // namespace dynskin
