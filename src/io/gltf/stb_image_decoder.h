#pragma once
// Decoding of PNG/JPEG/... bytes to RGBA8 with stb_image (WebP with libwebp), guarded against
// huge headers, and encoding RGBA8 back to PNG (stb_image_write) for writers that embed an image.

#include <cstdint>
#include <string>
#include <vector>

namespace dynskin::io {

struct DecodedImage {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;  // width * height * 4 bytes, empty on failure
    std::string error;               // why decoding failed, empty on success
};

// Refuses images wider or taller than max_dimension before allocating their pixels.
DecodedImage decode_image(const std::vector<std::uint8_t>& encoded, int max_dimension = 16384);

// PNG bytes of width * height RGBA8 pixels (rows top first); empty on failure.
std::vector<std::uint8_t> encode_png(int width, int height, const std::vector<std::uint8_t>& rgba);

}  // namespace dynskin::io
