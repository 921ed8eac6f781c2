#include "gl/texel_table.h"

#include <algorithm>
#include <string>

namespace dynskin::gl {
namespace {

GLenum internal_format(int components) { return components == 2 ? GL_RG32F : GL_RGBA32F; }
GLenum pixel_format(int components) { return components == 2 ? GL_RG : GL_RGBA; }

}  // namespace

TexelTable TexelTable::create(int components) {
    if (components != 2 && components != 4) throw GlError("a texel table holds 2 or 4 floats a texel");
    return TexelTable(GlTexture::create(), components);
}

void TexelTable::reserve(std::size_t count) {
    const std::size_t rows = std::max<std::size_t>(1, (count + kTexelTableWidth - 1) / kTexelTableWidth);
    if (rows <= rows_) return;
    glBindTexture(GL_TEXTURE_2D, texture_.id());
    glTexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(internal_format(components_)), kTexelTableWidth,
                 static_cast<GLsizei>(rows), 0, pixel_format(components_), GL_FLOAT, nullptr);
    // One level, no filtering: float textures cannot be filtered on ES, and a texture that
    // expects mipmaps it lacks is incomplete (texelFetch then reads zeros).
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
    rows_ = rows;
}

void TexelTable::write(std::size_t first, std::size_t count, const float* data) {
    if (first + count > capacity())
        throw GlError("texel table: writing texels up to " + std::to_string(first + count) + " past its " +
                      std::to_string(capacity()));
    if (count == 0) return;
    glBindTexture(GL_TEXTURE_2D, texture_.id());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    const std::size_t width = kTexelTableWidth, end = first + count;
    for (std::size_t i = first; i < end;) {
        const std::size_t x = i % width, y = i / width;
        // Whole rows in one call when the span starts a row; else the rest of this row.
        const std::size_t rows = x == 0 ? (end - i) / width : 0;
        const std::size_t w = rows > 0 ? width : std::min(width - x, end - i);
        const std::size_t h = rows > 0 ? rows : 1;
        glTexSubImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(x), static_cast<GLint>(y), static_cast<GLsizei>(w),
                        static_cast<GLsizei>(h), pixel_format(components_), GL_FLOAT,
                        data + (i - first) * std::size_t(components_));
        i += w * h;
    }
}

void TexelTable::assign(std::size_t count, const float* data) {
    reserve(count);
    write(0, count, data);
}

void TexelTable::bind(GLint unit) const {
    glActiveTexture(GL_TEXTURE0 + static_cast<GLenum>(unit));
    glBindTexture(GL_TEXTURE_2D, texture_.id());
}

}  // namespace dynskin::gl
