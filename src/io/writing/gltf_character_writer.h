#pragma once
// Writes a whole Character as a binary glTF: skeleton nodes, one skin, one mesh (positions,
// normals, optional UVs and colours, JOINTS_n/WEIGHTS_n, the bend layer as _DYNSKIN_BEND),
// the clips as animations and the settings as the DYNSKIN_dynamic_skinning extension (the
// global parameters on the root, each joint's non-default settings on its node). load_gltf reads it
// back as the same character: same joint and vertex order, same values (colours are stored
// as 8-bit normalised values, exact for multiples of 1/255; normals and weights are
// renormalised by the reader, to within a float's rounding).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "dynskin/character.h"
#include "dynskin/gltf_write_error.h"
#include "dynskin/settings.h"
#include "io/writing/gltf_binary_builder.h"

namespace dynskin::io {

// The .glb bytes; the same input always gives the same bytes. Throws CharacterWriteError when
// the character does not validate, or when its joints are not in depth-first order (the
// order a glTF scene is read in, so reading back would reorder them).
std::vector<std::uint8_t> write_character_glb(const Character& character,
                                              const std::optional<DynamicSettings>& settings);

// The document before it is joined, for writers that add to it (the bake writer): the
// joints are nodes 0..J-1, the mesh node is node J with meshes[0] (one primitive) and
// skins[0], the material is materials[0]. with_clips: the clips as animations.
GltfBinaryBuilder character_gltf(const Character& character, const std::optional<DynamicSettings>& settings,
                                 bool with_clips);

// The same into a file, written atomically. Throws CharacterWriteError.
void save_character_glb(const std::string& path, const Character& character,
                        const std::optional<DynamicSettings>& settings);

}  // namespace dynskin::io
