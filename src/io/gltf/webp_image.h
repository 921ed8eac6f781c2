#pragma once
// WebP images (EXT_texture_webp: glTF-Transform's and gltfpack's smaller textures), decoded
// by libwebp; decode_image hands them here.

#include <cstdint>
#include <vector>

#include "io/gltf/stb_image_decoder.h"

namespace dynskin::io {

// Whether the bytes start as a WebP file does ("RIFF", a size, "WEBP").
bool looks_like_webp(const std::vector<std::uint8_t>& encoded);

// RGBA8 pixels, or the reason they cannot be had; refuses images wider or taller than
// max_dimension before allocating their pixels.
DecodedImage decode_webp(const std::vector<std::uint8_t>& encoded, int max_dimension);

}  // namespace dynskin::io
