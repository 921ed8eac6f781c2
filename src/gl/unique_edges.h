#pragma once
// The wireframe's lines: every edge of a triangle mesh once, as GL_LINES index pairs.
// WebGL 2 has no glPolygonMode, so the wireframe is drawn from this list on every platform.
// No GL here: plain data for the renderer to upload.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace dynskin::gl {

struct EdgeList {
    std::vector<std::uint32_t> indices;  // 2 a line: the smaller vertex index first
    // The first shared_count lines are edges of two triangles or more, the rest of one (an
    // open border). Outlining each triangle (the look glPolygonMode gave) drew a shared edge
    // twice, so the renderer draws these a little darker.
    std::size_t shared_count = 0;

    std::size_t line_count() const { return indices.size() / 2; }
};

// triangles: 3 vertex indices a triangle. Degenerate edges (a vertex to itself) are left out.
EdgeList unique_edges(const std::vector<std::uint32_t>& triangles);

}  // namespace dynskin::gl
