#pragma once
// The per-vertex shader's inputs as every GPU path lays them out (the desktop's, the
// browser's, dynskin-three's): the public JointRow (dynskin/joint_row.h), kJointTexelCount
// RGBA32F texels a joint, uploaded as the deformer writes it, in texel tables of a fixed
// width. shaders/skinning.vert reads the texels by these names, which it receives from
// skinning_shader_constants(), with the values that JointRow's layout gives them: the layout
// is written once. No GL here: a front end without dynskin's renderer uses it too.

#include <array>
#include <cstddef>
#include <string>

#include "dynskin/joint_row.h"
#include "dynskin/skinning_constants.h"

namespace dynskin {

// A field's first texel in its joint's row.
#define DYNSKIN_TEXEL_OF(field) static_cast<int>(offsetof(JointRow, field) / sizeof(glm::vec4))
enum JointTexel : int {
    kTexelSkinning = DYNSKIN_TEXEL_OF(skinning),  // 4 texels: the columns
    kTexelAngularGain = DYNSKIN_TEXEL_OF(angular_gain),
    kTexelLinear = DYNSKIN_TEXEL_OF(linear),
    kTexelOrigin = DYNSKIN_TEXEL_OF(origin),
    kTexelDualReal = DYNSKIN_TEXEL_OF(dual_real),
    kTexelDualDual = DYNSKIN_TEXEL_OF(dual_dual),
    kTexelTranslationParent = DYNSKIN_TEXEL_OF(translation_parent),
    kTexelRotation = DYNSKIN_TEXEL_OF(rotation),
    kTexelScale = DYNSKIN_TEXEL_OF(scale),
    kTexelAngularDrag = DYNSKIN_TEXEL_OF(angular_drag),
    kTexelLinearDrag = DYNSKIN_TEXEL_OF(linear_drag),
    kTexelAngularVelocity = DYNSKIN_TEXEL_OF(angular_velocity),
    kTexelLinearVelocity = DYNSKIN_TEXEL_OF(linear_velocity),
    kTexelPosition = DYNSKIN_TEXEL_OF(position),
    kTexelCentroid = DYNSKIN_TEXEL_OF(centroid),
    kTexelMedial = DYNSKIN_TEXEL_OF(medial),
    kJointTexelCount = kJointRowTexels,
};
#undef DYNSKIN_TEXEL_OF

// Lookup tables are 2D float textures of kTexelTableWidth texels a row: texel i sits at
// (i mod width, i / width), which the shader finds with a mask and a shift.
inline constexpr int kTexelTableWidthLog2 = 10;
// 1024 texels a row: within what every WebGL 2 implementation allows (2048).
inline constexpr int kTexelTableWidth = 1 << kTexelTableWidthLog2;

// A uniform of the per-vertex stage whose value SkinningConstants gives: its name and type in
// shaders/skinning.vert, and the value. Every GPU path (the desktop's, the browser's,
// dynskin-three's) sets these from this table; the rotation ring's own uniforms (ring_ticks,
// rows_kept, newest_row) are set by whoever mirrors the ring.
enum class UniformType { Float, Bool };
struct SkinningUniform {
    const char* name;  // "character_size"
    UniformType type;
    // Whole blocks of the stage run only when it is on (a bool, or a float whose 0 is off): a
    // program may fix it at compile time, so that the blocks it never runs are dropped.
    bool switches_blocks;
    double (*value)(const SkinningConstants&);
};
// In the order the uniforms are declared and read in. A constant array, so that a loop over
// it that writes the values (the WebAssembly core's, every frame) compiles to plain loads
// instead of an indirect call a uniform.
inline constexpr std::array<SkinningUniform, 15> kSkinningUniforms{{
    {"character_size", UniformType::Float, false, [](const SkinningConstants& c) -> double { return c.size; }},
    {"bend_enabled", UniformType::Bool, true, [](const SkinningConstants& c) -> double { return c.bend; }},
    {"dual_quaternion", UniformType::Bool, true, [](const SkinningConstants& c) -> double { return c.dual_quaternion; }},
    {"max_angle", UniformType::Float, true, [](const SkinningConstants& c) -> double { return c.max_angle; }},
    {"max_offset", UniformType::Float, true, [](const SkinningConstants& c) -> double { return c.max_offset; }},
    {"ground_band", UniformType::Float, true, [](const SkinningConstants& c) -> double { return c.ground_band; }},
    {"ground_height", UniformType::Float, false, [](const SkinningConstants& c) -> double { return c.ground_height; }},
    {"ground_up_x", UniformType::Float, false, [](const SkinningConstants& c) -> double { return c.ground_up.x; }},
    {"ground_up_y", UniformType::Float, false, [](const SkinningConstants& c) -> double { return c.ground_up.y; }},
    {"ground_up_z", UniformType::Float, false, [](const SkinningConstants& c) -> double { return c.ground_up.z; }},
    {"squash", UniformType::Float, true, [](const SkinningConstants& c) -> double { return c.squash; }},
    {"squash_about_centroid", UniformType::Bool, true, [](const SkinningConstants& c) -> double { return c.squash_about_centroid; }},
    {"delayed", UniformType::Bool, true, [](const SkinningConstants& c) -> double { return c.delayed; }},
    {"propagation_speed", UniformType::Float, false, [](const SkinningConstants& c) -> double { return c.propagation_speed; }},
    {"since_previous_tick", UniformType::Float, false, [](const SkinningConstants& c) -> double { return c.since_previous_tick; }},
}};
static_assert(kSkinningUniforms.back().name != nullptr, "as many uniforms as the array's size");
inline const std::array<SkinningUniform, 15>& skinning_uniform_table() { return kSkinningUniforms; }

// The parts of the joint rows the stage reads under these constants (the uniforms that switch
// its blocks): a writer of rows for this shader alone (a crowd's table, a browser runtime's)
// fills only them, for the constants it uploads with them.
JointRowParts stage_reads(const SkinningConstants& constants);
const char* glsl_type(UniformType type);

// GLSL declarations of this layout, of the core's constants the shader shares
// (kStretchLimit, kTicksPerSecond) and of the texel tables' width, which
// GlProgram puts between the #version prelude and the shader's text.
std::string skinning_shader_constants();

}  // namespace dynskin
