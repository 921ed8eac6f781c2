#pragma once
// A table of float texels in a 2D texture, addressed by one index: texel i sits at
// (i mod kTexelTableWidth, i / kTexelTableWidth). The GPU path's per-joint and per-vertex
// lookups live in these. Texture buffers would hold them as one line, but WebGL 2 (OpenGL ES
// 3.0) has none; a 2D texture of a fixed power-of-two width works on both, and the shader
// finds a texel with a mask and a shift (table_coordinate in shaders/skinning.vert, which
// receives the width from skinning_shader_constants()).

#include <cstddef>
#include <utility>

#include "dynskin/shader_layout.h"  // kTexelTableWidth
#include "gl/gl_objects.h"

namespace dynskin::gl {

class TexelTable {
public:
    // components: 2 (RG32F texels) or 4 (RGBA32F).
    static TexelTable create(int components);

    // Room for `count` texels (one row at least). The texture is made again, its contents
    // lost, only when `count` is more than it holds.
    void reserve(std::size_t count);
    // Texels [first, first + count) from count x components floats: the rows they touch and no
    // more (glTexSubImage2D of a partial first row, the whole rows, a partial last row).
    // Throws GlError past the capacity.
    void write(std::size_t first, std::size_t count, const float* data);
    // reserve(count), then write(0, count, data).
    void assign(std::size_t count, const float* data);

    void bind(GLint unit) const;
    std::size_t capacity() const { return rows_ * std::size_t(kTexelTableWidth); }

private:
    TexelTable(GlTexture texture, int components) : texture_(std::move(texture)), components_(components) {}

    GlTexture texture_;
    int components_ = 4;
    std::size_t rows_ = 0;
};

}  // namespace dynskin::gl
