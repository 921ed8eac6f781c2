#pragma once
// The base colour (factor and texture) of the character's material, for display.

#include <cstdint>
#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "io/gltf_loader.h"

namespace dynskin::io {

// Fills base_color and base_color_factor of `loaded` from material `material` (-1: none).
// A missing or undecodable image is a warning, never an error.
void read_base_color(const tinygltf::Model& model, const std::vector<std::vector<std::uint8_t>>& image_bytes,
                     int material, LoadedCharacter& loaded);

}  // namespace dynskin::io
