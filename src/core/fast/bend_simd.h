#pragma once
// The SIMD kernels over a BlockedSkin: LBS and the bend with its normals, fused per block
// so that a vertex is read once and written once. Dispatched at run time to the best
// SIMD target of the CPU (Google Highway). apply_bend and linear_blend_skinning are the
// plain versions these are tested against; the formulas are theirs, rearranged where that
// saves work (bend_simd.cpp says how at each place).

#include <cstddef>
#include <cstdint>

#include <glm/glm.hpp>

#include "core/fast/blocked_skin.h"
#include "core/formulas/bend.h"

namespace dynskin {

// One joint's bend drive for the current frame, in the form the kernels broadcast.
struct BendJointFrame {
    glm::vec3 axis{0.0f};       // W_j / |W_j|
    float turn_rate = 0.0f;     // -s_j |W_j| / L: theta = gamma * turn_rate * |u_perp|
    float projector[6] = {};    // I - axis axis^T: xx, yy, zz, xy, xz, yz
    glm::vec3 linear{0.0f};     // s_j V_j / L: the lag is -beta gamma |u| linear
    glm::vec3 origin{0.0f};     // o_j
    bool turns = false;         // |W_j| > 0 (or its drag part, when the floppy layer is painted)
    bool translates = false;    // V_j != 0 (or its drag part, likewise)

    // With a painted floppy layer phi: the drive is s_j/L (W_j + (phi - 1) W_j^drag) per lane.
    glm::vec3 angular{0.0f};       // s_j W_j / L
    glm::vec3 angular_drag{0.0f};  // s_j W_j^drag / L
    glm::vec3 linear_drag{0.0f};   // s_j V_j^drag / L

    // Squash & stretch (squash.h), with k = S sigma_i s_j / L per lane: stretches along
    // up to two velocities (the joint's translation; and, about the centroid, its turn
    // carried to the centroid) about the centroid, and, about the axis, the turn's.
    int stretch_count = 0;
    glm::vec3 stretch_direction[2]{};
    float stretch_speed[2] = {};
    bool squash_turns = false;
    glm::vec3 turn_axis{0.0f};  // w^, the turn across the medial axis
    float turn = 0.0f;          // |w|
    glm::vec3 e1{0.0f}, e2{0.0f};
    glm::vec3 position{0.0f};   // q_j
    glm::vec3 centroid{0.0f};   // c_j
    float squash_gain = 0.0f;   // s_j / L
    bool squashes() const { return stretch_count > 0 || squash_turns; }
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
    float max_offset = 0.0f; // soft limit of a vertex's whole offset (world units), 0: none
    GroundFade ground;       // the ground contact's fade, after the limit
    const float* floppy_weights = nullptr;  // phi_i, null when uniform 1
    const float* squash_weights = nullptr;  // sigma_i, null when uniform 1
    float squash = 0.0f;                     // S, 0: no squash

    glm::vec3* base_positions = nullptr;
    glm::vec3* base_normals = nullptr;
    glm::vec3* positions = nullptr;  // null (with normals) when there is no bend: the base is all
    glm::vec3* normals = nullptr;
    // base_normals and normals null: no normals (DeformerOutputs::normals off).
    // With the skinning: A_i^-1 (position_i - base_i), A_i the blended matrix's linear part
    // (DeformerOutputs::bind_space_offsets); null: not wanted.
    glm::vec3* bind_space_offsets = nullptr;
};

// Deforms the vertices of windows [window_begin, window_end) of frame.skin.
void deform_blocked_windows(const BlockedFrame& frame, std::size_t window_begin, std::size_t window_end);

}  // namespace dynskin
