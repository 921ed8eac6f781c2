#include "io/gltf/webp_image.h"

#include <webp/decode.h>

#include <cstring>
#include <string>

namespace dynskin::io {

bool looks_like_webp(const std::vector<std::uint8_t>& encoded) {
    return encoded.size() >= 12 && std::memcmp(encoded.data(), "RIFF", 4) == 0 && std::memcmp(encoded.data() + 8, "WEBP", 4) == 0;
}

DecodedImage decode_webp(const std::vector<std::uint8_t>& encoded, int max_dimension) {
    DecodedImage result;
    int width = 0, height = 0;
    // The header first: a few bytes can claim a huge image.
    if (!WebPGetInfo(encoded.data(), encoded.size(), &width, &height)) {
        result.error = "not a WebP image libwebp can read";
        return result;
    }
    if (width <= 0 || height <= 0 || width > max_dimension || height > max_dimension) {
        result.error = "image size " + std::to_string(width) + "x" + std::to_string(height) + " is too large";
        return result;
    }
    std::vector<std::uint8_t> rgba(static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
    if (!WebPDecodeRGBAInto(encoded.data(), encoded.size(), rgba.data(), rgba.size(), width * 4)) {
        result.error = "its WebP data does not decode";
        return result;
    }
    result.width = width;
    result.height = height;
    result.rgba = std::move(rgba);
    return result;
}

}  // namespace dynskin::io
