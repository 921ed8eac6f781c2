#pragma once
// How the viewer draws each part of a loaded character: the parts of glTF's materials it
// shows (base colour factor and texture with its sampler, alpha mode, double-sidedness) and
// which triangles use which. Display data only: the core never sees it.

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace dynskin::io {

// RGBA8 pixels of a decoded image, rows as stored (top first).
struct Image {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;
};

// glTF's sampler values, which are the OpenGL enums of the same names.
enum class TextureFilter : int {
    Nearest = 9728,
    Linear = 9729,
    NearestMipmapNearest = 9984,
    LinearMipmapNearest = 9985,
    NearestMipmapLinear = 9986,
    LinearMipmapLinear = 9987,
};
enum class TextureWrap : int { Repeat = 10497, ClampToEdge = 33071, MirroredRepeat = 33648 };

struct TextureSampler {
    TextureFilter mag_filter = TextureFilter::Linear;  // Nearest or Linear only
    TextureFilter min_filter = TextureFilter::LinearMipmapLinear;
    TextureWrap wrap_s = TextureWrap::Repeat;
    TextureWrap wrap_t = TextureWrap::Repeat;

    bool operator==(const TextureSampler& o) const {
        return mag_filter == o.mag_filter && min_filter == o.min_filter && wrap_s == o.wrap_s && wrap_t == o.wrap_t;
    }
};

enum class AlphaMode { Opaque, Mask, Blend };

// glTF's default material (white, opaque, single-sided) unless set otherwise.
struct DisplayMaterial {
    std::string name;
    glm::vec4 base_color_factor{1.0f};
    int base_color_image = -1;  // index into the character's images; -1: no texture
    TextureSampler sampler;     // how base_color_image is sampled
    AlphaMode alpha_mode = AlphaMode::Opaque;
    float alpha_cutoff = 0.5f;  // Mask: fragments with alpha below it are not drawn
    bool double_sided = false;  // false: back faces are culled
};

// Triangles [first_triangle, first_triangle + triangle_count) of mesh.triangles (three
// indices each) are drawn with one material.
struct DrawRange {
    std::size_t first_triangle = 0;
    std::size_t triangle_count = 0;
    int material = 0;  // index into the character's materials
};

// Everything above for one character. Texture coordinates: per vertex, the set its
// material's base colour texture reads; empty when no material has a texture.
struct DisplayLook {
    std::vector<DisplayMaterial> materials;
    std::vector<DrawRange> draw_ranges;  // in mesh order, covering every triangle once
    std::vector<Image> images;           // the images the materials use, each decoded once
    std::vector<glm::vec2> texture_uvs;

    // One default material over `triangle_count` triangles: for characters made in code.
    static DisplayLook single_default(std::size_t triangle_count) {
        DisplayLook look;
        look.materials.emplace_back();
        look.draw_ranges.push_back({0, triangle_count, 0});
        return look;
    }
};

}  // namespace dynskin::io
