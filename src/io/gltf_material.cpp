#include "io/gltf_material.h"

#include <cmath>

#include "io/stb_image_decoder.h"

namespace dynskin::io {

void read_base_color(const tinygltf::Model& model, const std::vector<std::vector<std::uint8_t>>& image_bytes,
                     int material, LoadedCharacter& loaded) {
    if (material < 0) return;
    if (static_cast<std::size_t>(material) >= model.materials.size()) {
        loaded.warnings.push_back("material " + std::to_string(material) + " does not exist; the default is used");
        return;
    }
    const tinygltf::PbrMetallicRoughness& pbr = model.materials[static_cast<std::size_t>(material)].pbrMetallicRoughness;
    if (pbr.baseColorFactor.size() == 4) {
        glm::vec4 factor;
        for (int k = 0; k < 4; ++k) factor[k] = static_cast<float>(pbr.baseColorFactor[static_cast<std::size_t>(k)]);
        if (std::isfinite(factor.x) && std::isfinite(factor.y) && std::isfinite(factor.z) && std::isfinite(factor.w))
            loaded.base_color_factor = factor;
    }
    const int texture = pbr.baseColorTexture.index;
    if (texture < 0) return;
    if (static_cast<std::size_t>(texture) >= model.textures.size()) {
        loaded.warnings.push_back("the base colour texture " + std::to_string(texture) + " does not exist");
        return;
    }
    const int image = model.textures[static_cast<std::size_t>(texture)].source;
    if (image < 0 || static_cast<std::size_t>(image) >= model.images.size()) {
        loaded.warnings.push_back("the base colour texture has no image");
        return;
    }
    const tinygltf::Image& source = model.images[static_cast<std::size_t>(image)];
    const std::string name = "image " + std::to_string(image) + (source.uri.empty() ? "" : " ('" + source.uri + "')");
    const std::vector<std::uint8_t>& bytes = image_bytes[static_cast<std::size_t>(image)];
    if (bytes.empty()) {
        loaded.warnings.push_back(name + " is missing; the base colour is shown without it");
        return;
    }
    DecodedImage decoded = decode_image(bytes);
    if (!decoded.error.empty()) {
        loaded.warnings.push_back(name + " cannot be decoded (" + decoded.error + "); the base colour is shown without it");
        return;
    }
    loaded.base_color.width = decoded.width;
    loaded.base_color.height = decoded.height;
    loaded.base_color.rgba = std::move(decoded.rgba);
}

}  // namespace dynskin::io
