#pragma once
// The texture coordinates a material's base colour texture samples: the TEXCOORD_n set it
// names and, with KHR_texture_transform, that set offset, turned and scaled (gltfpack and
// glTF-Transform write it when they quantize texture coordinates; atlases use it too). The
// transform is affine, so it is applied to the coordinates of the vertices once, at load.

#include <string>
#include <vector>

#include <glm/vec2.hpp>
#include <tiny_gltf.h>

namespace dynskin::io {

struct BaseColorTexcoords {
    int set = -1;  // the TEXCOORD_n set; -1: the material has no base colour texture
    glm::vec2 offset{0.0f}, scale{1.0f};
    float rotation = 0.0f;  // radians, counter-clockwise in UV space

    bool operator==(const BaseColorTexcoords& o) const {
        return set == o.set && offset == o.offset && scale == o.scale && rotation == o.rotation;
    }
    // The coordinates the texture is sampled at, from those of the set (glTF's order:
    // scale, then rotation, then offset).
    glm::vec2 sampled_at(glm::vec2 uv) const;
};

// What material `material` (-1 or out of range: none) samples its base colour texture at. An
// invalid transform (not numbers, not finite) is said once in warnings and left out.
BaseColorTexcoords base_color_texcoords(const tinygltf::Model& model, int material, std::vector<std::string>& warnings);

}  // namespace dynskin::io
