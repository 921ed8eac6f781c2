#pragma once
// The ground at the character's feet: grid lines on the world's multiples of a cell (every
// tenth a major line) within a disc, fading toward its rim, the minor lines by half its radius
// (a fine grid where the character stands, a coarse one around it; nine lines in ten are
// minor, and a software renderer pays for their pixels: the Fox's grid at 4x MSAA costs about
// half what it did), and where they crowd closer than a few pixels on screen.
//
// Each line is drawn in pieces, so only the lines' pixels are shaded, and only where they show
// (grid.vert). A shader over the whole ground disc cost most of a frame on a software renderer
// (the browser's SwiftShader: 26 ms of 44 at 2560x1600 for the fox; in pieces, 5 ms).
// Into a single-sampled target a piece is a quad two pixels wide whose coverage falls from 1
// on the line to 0 a pixel away (anti-aliased, the same profile as a per-pixel grid), blended.
// Into a multisampled one, which anti-aliases by itself, it is a line one pixel wide, its
// colour mixed with the background's in the shader, written without blending: in the
// browser's SwiftShader at 4x MSAA the blended quads cost 25 ms of the fox's 64 a frame at
// 1280x800, these lines about 15 (docs/performance.md, "Like for like").

#include <vector>

#include <glm/glm.hpp>

#include "gl/gl_objects.h"

namespace dynskin::gl {

struct GroundLine {
    glm::vec3 a, b;  // its ends, on the disc's rim
    bool major = false;
};

// The lines within the disc of radius `extent` about `center` (at its height), `cell` apart.
// When there would be more than kMostLinesAcross across the disc, only the major lines are
// kept (they then are `cell` x 10 apart); none for a non-finite or non-positive size.
std::vector<GroundLine> ground_lines(glm::vec3 center, float extent, float cell);
inline constexpr int kMostLinesAcross = 400;

class GroundGrid {
public:
    GroundGrid();  // compiles the shaders (throws GlError)

    // Draws the grid into the bound framebuffer (viewport: its size in pixels), without
    // writing depth. The lines are made again only when the disc or the cell changed.
    // Blended over what is there, behind what is nearer if the caller has the depth test on.
    void draw(const glm::mat4& view_projection, glm::vec3 center, float extent, float cell, glm::ivec2 viewport);
    // Into a multisampled framebuffer just cleared to `background`, before anything else is
    // drawn: the lines overwrite what is there, the major ones last so that they win where
    // lines cross. Leaves blending off.
    void draw_over_background(const glm::mat4& view_projection, glm::vec3 center, float extent, float cell,
                              glm::ivec2 viewport, glm::vec3 background);

private:
    void make_lines(glm::vec3 center, float extent, float cell);
    // The program and uniforms of both ways, the lines made; false when there are none.
    bool bind(const glm::mat4& view_projection, glm::vec3 center, float extent, float cell, glm::ivec2 viewport);

    GlProgram program_;
    GlVertexArray vao_;
    GlBuffer vertices_, indices_;  // the quads' triangles, then the lines' ends
    GLint view_projection_, viewport_, center_, extent_, cell_, half_width_, background_, opaque_;
    glm::vec3 made_center_{0.0f};
    float made_extent_ = 0.0f, made_cell_ = 0.0f;
    GLsizei quad_index_count_ = 0, line_index_count_ = 0;
};

}  // namespace dynskin::gl
