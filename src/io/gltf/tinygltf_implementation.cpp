// The one translation unit that compiles tinygltf and stb_image (see CMakeLists.txt).
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define TINYGLTF_IMPLEMENTATION
#include <tiny_gltf.h>

#include "io/gltf/stb_image_decoder.h"
#include "io/gltf/webp_image.h"

namespace dynskin::io {

// stb_image is internal to this file, so decoding is offered from here.
DecodedImage decode_image(const std::vector<std::uint8_t>& encoded, int max_dimension) {
    DecodedImage result;
    if (encoded.empty() || encoded.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
        result.error = "no image data";
        return result;
    }
    if (looks_like_webp(encoded)) return decode_webp(encoded, max_dimension);
    const int size = static_cast<int>(encoded.size());
    int width = 0, height = 0, channels = 0;
    // Read the header first: a few bytes can claim a gigapixel image.
    if (!stbi_info_from_memory(encoded.data(), size, &width, &height, &channels)) {
        result.error = stbi_failure_reason();
        return result;
    }
    if (width <= 0 || height <= 0 || width > max_dimension || height > max_dimension) {
        result.error = "image size " + std::to_string(width) + "x" + std::to_string(height) + " is too large";
        return result;
    }
    stbi_uc* pixels = stbi_load_from_memory(encoded.data(), size, &width, &height, &channels, 4);
    if (!pixels) {
        result.error = stbi_failure_reason();
        return result;
    }
    result.width = width;
    result.height = height;
    result.rgba.assign(pixels, pixels + static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4);
    stbi_image_free(pixels);
    return result;
}

std::vector<std::uint8_t> encode_png(int width, int height, const std::vector<std::uint8_t>& rgba) {
    std::vector<std::uint8_t> png;
    if (width <= 0 || height <= 0 || rgba.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4)
        return png;
    const auto append = [](void* context, void* data, int size) {
        auto* out = static_cast<std::vector<std::uint8_t>*>(context);
        out->insert(out->end(), static_cast<std::uint8_t*>(data), static_cast<std::uint8_t*>(data) + size);
    };
    if (!stbi_write_png_to_func(append, &png, width, height, 4, rgba.data(), width * 4)) png.clear();
    return png;
}

}  // namespace dynskin::io
