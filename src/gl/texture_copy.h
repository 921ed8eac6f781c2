#pragma once
// Copies a texture onto the bound framebuffer's viewport by drawing it (one triangle).
//
// Why not glBlitFramebuffer: in the browser on a software renderer (Chromium's ANGLE on
// SwiftShader) a full-window blit into the canvas took about 25 ms a frame, the floor the
// viewer's frame rate hit whatever it drew; a draw sampling a texture costs a few ms
// (docs/performance.md, "The browser viewer"). It leaves depth test, blending, culling and the
// scissor test off, no program, vertex array or texture bound.

#include <glm/glm.hpp>

#include "gl/gl_objects.h"

namespace dynskin::gl {

class TextureCopy {
public:
    TextureCopy();
    // source: a 2D texture whose own filter (GL_NEAREST or GL_LINEAR) samples it; drawn
    // over the viewport, which the caller sets.
    void draw(const GlTexture& source) const;
    // draw() inside a box of the viewport alone (x, y, width, height; pixels, y up): with a
    // texture the viewport's size, sampled nearest, that box's pixels copied as they are.
    void draw_box(const GlTexture& source, const glm::ivec4& box) const;

private:
    void copy(const GlTexture& source) const;  // with the scissor test as the caller set it

    GlProgram program_;
    GlVertexArray vao_;  // empty: core profiles draw only with a vertex array bound
};

}  // namespace dynskin::gl
