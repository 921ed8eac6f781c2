#pragma once
// The GPU path's per-joint data: kJointTexelCount RGBA32F texels a joint, in this order.
// GpuSkinning packs them by these names and shaders/skinning.vert reads them by the same
// names, which it receives from skinning_shader_constants(): the layout is written once.

#include <string>

namespace dynskin::gl {

enum JointTexel : int {
    kTexelSkinning = 0,            // 4 texels: the skinning matrix's columns
    kTexelAngularGain = 4,         // the angular drive W_j (xyz) and the gain s_j (w)
    kTexelLinear = 5,              // the linear drive (xyz)
    kTexelOrigin = 6,              // the bend origin o_j (xyz)
    kTexelDualReal = 7,            // the skinning transform's rigid part as a unit dual
    kTexelDualDual = 8,            // quaternion: real and dual parts (DQS)
    kTexelTranslationParent = 9,   // dLBS: the local translation (xyz), the parent's index (w)
    kTexelRotation = 10,           // dLBS: the local rotation at t (xyzw)
    kTexelScale = 11,              // dLBS: the local scale (xyz)
    kTexelAngularDrag = 12,        // Velocity Skinning: the drag parts of the drives,
    kTexelLinearDrag = 13,
    kTexelAngularVelocity = 14,    // the measured velocities,
    kTexelLinearVelocity = 15,
    kTexelPosition = 16,           // q_j, the squash centroid c_j and the medial direction
    kTexelCentroid = 17,
    kTexelMedial = 18,
    kJointTexelCount = 19,
};

// GLSL declarations of this layout, of the core's constants the shader shares
// (kStretchLimit, kTicksPerSecond) and of the texel tables' width (gl/texel_table.h), which
// GlProgram puts between the #version prelude and the shader's text.
std::string skinning_shader_constants();

}  // namespace dynskin::gl
