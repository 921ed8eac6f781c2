#pragma once
// The ground at the character's feet: grid lines on the world's multiples of a cell (every
// tenth a major line) within a disc, fading toward its rim, minor lines fading out where they
// crowd closer than a few pixels on screen.
//
// Each line is drawn as quads two pixels wide whose coverage falls from 1 on the line to 0 a
// pixel away (anti-aliased, the same profile as a per-pixel grid), one per piece of the line,
// so only the lines' pixels are shaded, and only where they show (grid.vert). A shader over
// the whole ground disc cost most of a frame on a software renderer (the browser's
// SwiftShader: 26 ms of 44 at 2560x1600 for the fox; these lines, 5 ms).

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

    // Draws the grid into the bound framebuffer (viewport: its size in pixels), blended over
    // what is there, behind what is nearer if the caller has the depth test on, without writing
    // depth. The lines are made again only when the disc or the cell changed.
    void draw(const glm::mat4& view_projection, glm::vec3 center, float extent, float cell, glm::ivec2 viewport);

private:
    void make_lines(glm::vec3 center, float extent, float cell);

    GlProgram program_;
    GlVertexArray vao_;
    GlBuffer vertices_, indices_;
    GLint view_projection_, viewport_, center_, extent_, cell_;
    glm::vec3 made_center_{0.0f};
    float made_extent_ = 0.0f, made_cell_ = 0.0f;
    GLsizei index_count_ = 0;
};

}  // namespace dynskin::gl
