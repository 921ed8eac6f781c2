#pragma once
// The SIMD kernels over a BlockedSkin: LBS and the bend with its normals, fused per block
// so that a vertex is read once and written once. Dispatched at run time to the best
// SIMD target of the CPU (Google Highway). apply_bend and linear_blend_skinning are the
// plain versions these are tested against; the formulas are theirs, step for step.

#include <cstddef>
#include <cstdint>

#include <glm/glm.hpp>

#include "core/blocked_skin.h"

namespace dynskin {

// One joint's bend drive for the current frame, in the form the kernels broadcast.
struct BendJointFrame {
    glm::vec3 axis{0.0f};       // W_j / |W_j|
    float angular_rate = 0.0f;  // s_j |W_j| / L: theta = -gamma * angular_rate * |u_perp|
    float projector[6] = {};    // I - axis axis^T: xx, yy, zz, xy, xz, yz
    glm::vec3 linear{0.0f};     // s_j V_j / L: the lag is -beta gamma |u| linear
    glm::vec3 origin{0.0f};     // o_j
    bool turns = false;         // |W_j| > 0
    bool translates = false;    // V_j != 0
};

// Everything one frame's kernel reads and writes. Arrays are indexed by mesh vertex.
struct BlockedFrame {
    const BlockedSkin* skin = nullptr;
    // 12 floats per joint (the 3x4 skinning matrix, column by column), or null: the base
    // positions and normals are already in base_positions/base_normals (DQS, dLBS).
    const float* skinning = nullptr;

    // The bend; active_slots[groups[g].ancestors_begin + k], k < active_count[g], are the
    // ancestor rows of group g whose joint moves. bend_weights null: no bend.
    const float* bend_weights = nullptr;
    const BendJointFrame* joints = nullptr;
    const std::uint32_t* active_slots = nullptr;
    const std::uint32_t* active_count = nullptr;
    float max_angle = 0.0f;  // soft limit, 0: none

    glm::vec3* base_positions = nullptr;
    glm::vec3* base_normals = nullptr;
    glm::vec3* positions = nullptr;  // null (with normals) when there is no bend: the base is all
    glm::vec3* normals = nullptr;
};

// Deforms the vertices of windows [window_begin, window_end) of frame.skin.
void deform_blocked_windows(const BlockedFrame& frame, std::size_t window_begin, std::size_t window_end);

}  // namespace dynskin
