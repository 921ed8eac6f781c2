#pragma once
// Writes a baked animation (bake_frames or FrameBaker, dynskin/bake.h) as a .glb that any
// glTF viewer plays as dynskin showed it:
//   io::save_baked_glb("out.glb", character, bake_frames(character, request), {request.settings, &look});
// The file holds the character (skeleton, one skin, one mesh with the source's vertices in
// the same order), the bake's frames as morph targets in bind space (POSITION, and NORMAL
// when baked; sparse where most offsets are zero; one primitive per draw range of the look,
// with its material, all sharing the vertex data and targets), and one animation that plays
// the joints resampled at the frames (LINEAR) and a `weights` channel that puts weight 1 on
// frame k's target at frame k (LINEAR, so a viewer playing between frames blends the two
// around it). The bake's settings and schedule are in the animation's extras.dynskin_bake.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dynskin/bake.h"
#include "dynskin/character.h"
#include "dynskin/display_look.h"
#include "dynskin/gltf_write_error.h"
#include "dynskin/settings.h"

namespace dynskin::io {

struct BakedLook {
    std::optional<DynamicSettings> settings;  // stored as the file's dynskin settings
    // The source's materials (textures embedded as PNG); null: one white material.
    const DisplayLook* display = nullptr;
};

// Offsets smaller than this (in character sizes; normals: absolute) are stored as zero, so
// that still vertices cost nothing in a sparse target.
constexpr double kBakeZeroOffset = 1e-6;
constexpr double kBakeZeroNormalOffset = 1e-5;

// The .glb bytes. Throws CharacterWriteError.
std::vector<std::uint8_t> write_baked_glb(const Character& character, const BakedAnimation& baked, const BakedLook& look);

// The same into a file, written atomically. Throws CharacterWriteError.
void save_baked_glb(const std::string& path, const Character& character, const BakedAnimation& baked,
                    const BakedLook& look);

}  // namespace dynskin::io
