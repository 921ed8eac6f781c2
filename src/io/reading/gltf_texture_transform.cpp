#include "io/reading/gltf_texture_transform.h"

#include <algorithm>
#include <cmath>

namespace dynskin::io {
namespace {

// A number, or the members of an array of n numbers, from a KHR_texture_transform member;
// false where it is present but not that.
bool read_numbers(const tinygltf::Value& object, const char* key, int n, float* out) {
    if (!object.Has(key)) return true;
    const tinygltf::Value& value = object.Get(key);
    const auto number = [](const tinygltf::Value& v, float& into) {
        if (!v.IsNumber()) return false;
        into = static_cast<float>(v.GetNumberAsDouble());
        return std::isfinite(into);
    };
    if (n == 1) return number(value, out[0]);
    if (!value.IsArray() || value.ArrayLen() != static_cast<std::size_t>(n)) return false;
    for (int i = 0; i < n; ++i)
        if (!number(value.Get(i), out[i])) return false;
    return true;
}

}  // namespace

glm::vec2 BaseColorTexcoords::sampled_at(glm::vec2 uv) const {
    const float c = std::cos(rotation), s = std::sin(rotation);
    const glm::vec2 scaled = uv * scale;
    return offset + glm::vec2(c * scaled.x + s * scaled.y, -s * scaled.x + c * scaled.y);
}

BaseColorTexcoords base_color_texcoords(const tinygltf::Model& model, int material, std::vector<std::string>& warnings) {
    BaseColorTexcoords texcoords;
    if (material < 0 || static_cast<std::size_t>(material) >= model.materials.size()) return texcoords;
    const tinygltf::TextureInfo& texture = model.materials[static_cast<std::size_t>(material)].pbrMetallicRoughness.baseColorTexture;
    if (texture.index < 0) return texcoords;
    texcoords.set = texture.texCoord;
    const auto extension = texture.extensions.find("KHR_texture_transform");
    if (extension == texture.extensions.end()) return texcoords;
    const tinygltf::Value& transform = extension->second;
    BaseColorTexcoords read = texcoords;
    float set = static_cast<float>(texcoords.set);
    const bool valid = transform.IsObject() && read_numbers(transform, "offset", 2, &read.offset.x) &&
                       read_numbers(transform, "scale", 2, &read.scale.x) && read_numbers(transform, "rotation", 1, &read.rotation) &&
                       read_numbers(transform, "texCoord", 1, &set) && set >= 0.0f && set == std::floor(set) && set < 64.0f;
    if (!valid) {
        const std::string name = model.materials[static_cast<std::size_t>(material)].name;
        const std::string warning = "material " + std::to_string(material) + (name.empty() ? "" : " ('" + name + "')") +
                                    ": its base colour texture's KHR_texture_transform is invalid and is ignored";
        if (std::find(warnings.begin(), warnings.end(), warning) == warnings.end()) warnings.push_back(warning);
        return texcoords;
    }
    read.set = static_cast<int>(set);
    return read;
}

}  // namespace dynskin::io
