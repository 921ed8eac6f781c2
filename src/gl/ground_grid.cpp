#include "gl/ground_grid.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include <glm/gtc/type_ptr.hpp>

namespace dynskin::gl {
namespace {

enum Attribute : GLuint { kEndA = 0, kEndB = 1, kCorner = 2, kMajor = 3 };

// A corner of a line's quad: the line's two ends (each corner needs both, for the line's
// direction on screen), which end and which side it is at.
struct GridVertex {
    glm::vec3 a, b;
    glm::vec2 corner;  // x: 0 at a, 1 at b; y: -1 or 1 across
    float major;
};

// The lines of one direction: at x = k * step (axis 0) or z = k * step (axis 2), chords of the disc.
void add_lines(std::vector<GroundLine>& lines, glm::vec3 center, float extent, double step, int axis, bool all_major) {
    const int other = 2 - axis;
    const long long first = static_cast<long long>(std::ceil((center[axis] - extent) / step));
    const long long last = static_cast<long long>(std::floor((center[axis] + extent) / step));
    for (long long k = first; k <= last; ++k) {
        const double offset = k * step - center[axis];
        const double half = std::sqrt(std::max(double(extent) * extent - offset * offset, 0.0));
        if (half <= 0.0) continue;
        GroundLine line;
        line.a = line.b = center;
        line.a[axis] = line.b[axis] = static_cast<float>(k * step);
        line.a[other] = static_cast<float>(center[other] - half);
        line.b[other] = static_cast<float>(center[other] + half);
        line.major = all_major || k % 10 == 0;
        lines.push_back(line);
    }
}

}  // namespace

std::vector<GroundLine> ground_lines(glm::vec3 center, float extent, float cell) {
    std::vector<GroundLine> lines;
    if (!(extent > 0.0f) || !(cell > 0.0f) || !std::isfinite(extent) || !std::isfinite(cell) ||
        !std::isfinite(center.x) || !std::isfinite(center.y) || !std::isfinite(center.z))
        return lines;
    double step = cell;
    const bool majors_only = 2.0 * extent / step > kMostLinesAcross;
    if (majors_only) step *= 10.0;
    if (2.0 * extent / step > kMostLinesAcross) return lines;  // too fine to show at all
    add_lines(lines, center, extent, step, 0, majors_only);
    add_lines(lines, center, extent, step, 2, majors_only);
    return lines;
}

GroundGrid::GroundGrid()
    : program_(GlProgram::from_files("grid.vert", "grid.frag")),
      vao_(GlVertexArray::create()),
      vertices_(GlBuffer::create()),
      indices_(GlBuffer::create()) {
    // Uniform locations once: nothing is asked of GL while drawing.
    view_projection_ = program_.uniform("view_projection");
    viewport_ = program_.uniform("viewport");
    center_ = program_.uniform("center");
    extent_ = program_.uniform("extent");
    cell_ = program_.uniform("cell");
    half_width_ = program_.uniform("half_width");
    background_ = program_.uniform("background");
    opaque_ = program_.uniform("opaque");
    glBindVertexArray(vao_.id());
    glBindBuffer(GL_ARRAY_BUFFER, vertices_.id());
    const auto attribute = [](GLuint location, int components, std::size_t offset) {
        glEnableVertexAttribArray(location);
        glVertexAttribPointer(location, components, GL_FLOAT, GL_FALSE, sizeof(GridVertex),
                              reinterpret_cast<const void*>(offset));
    };
    attribute(kEndA, 3, offsetof(GridVertex, a));
    attribute(kEndB, 3, offsetof(GridVertex, b));
    attribute(kCorner, 2, offsetof(GridVertex, corner));
    attribute(kMajor, 1, offsetof(GridVertex, major));
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_.id());  // kept by the vertex array
    glBindVertexArray(0);
    check_errors("creating the ground grid");
}

void GroundGrid::make_lines(glm::vec3 center, float extent, float cell) {
    std::vector<GroundLine> lines = ground_lines(center, extent, cell);
    std::stable_partition(lines.begin(), lines.end(), [](const GroundLine& line) { return !line.major; });
    // In pieces at most a quarter of the radius long: how strongly a line shows is worked out
    // at each piece's ends (grid.vert), and pieces that do not show cost no pixel.
    const float piece = 0.25f * extent;  // so at most 8 pieces a line
    static_assert(8 * 4 * 2 * (kMostLinesAcross + 1) <= 65536, "the pieces' corners have 16-bit indices");
    std::vector<GridVertex> vertices;
    std::vector<std::uint16_t> indices, line_indices;
    for (const GroundLine& line : lines) {
        const int pieces = std::clamp(static_cast<int>(std::ceil(glm::length(line.b - line.a) / piece)), 1, 8);
        for (int i = 0; i < pieces; ++i) {
            const glm::vec3 a = glm::mix(line.a, line.b, float(i) / pieces);
            const glm::vec3 b = glm::mix(line.a, line.b, float(i + 1) / pieces);
            const auto first = static_cast<std::uint16_t>(vertices.size());
            for (const glm::vec2 corner : {glm::vec2(0, -1), glm::vec2(0, 1), glm::vec2(1, -1), glm::vec2(1, 1)})
                vertices.push_back({a, b, corner, line.major ? 1.0f : 0.0f});
            for (const int k : {0, 1, 2, 2, 1, 3}) indices.push_back(static_cast<std::uint16_t>(first + k));
            for (const int k : {0, 2}) line_indices.push_back(static_cast<std::uint16_t>(first + k));  // one side
        }
    }
    glBindVertexArray(0);
    quad_index_count_ = static_cast<GLsizei>(indices.size());
    line_index_count_ = static_cast<GLsizei>(line_indices.size());
    indices.insert(indices.end(), line_indices.begin(), line_indices.end());
    vertices_.upload(GL_ARRAY_BUFFER, vertices.size() * sizeof(GridVertex), vertices.data(), GL_STATIC_DRAW);
    indices_.upload(GL_ELEMENT_ARRAY_BUFFER, indices.size() * sizeof(std::uint16_t), indices.data(), GL_STATIC_DRAW);
    made_center_ = center;
    made_extent_ = extent;
    made_cell_ = cell;
}

bool GroundGrid::bind(const glm::mat4& view_projection, glm::vec3 center, float extent, float cell,
                      glm::ivec2 viewport) {
    if (center != made_center_ || extent != made_extent_ || cell != made_cell_) make_lines(center, extent, cell);
    if (quad_index_count_ == 0) return false;
    glDepthMask(GL_FALSE);
    glUseProgram(program_.id());
    glUniformMatrix4fv(view_projection_, 1, GL_FALSE, glm::value_ptr(view_projection));
    glUniform2f(viewport_, float(viewport.x), float(viewport.y));
    glUniform3fv(center_, 1, glm::value_ptr(center));
    glUniform1f(extent_, extent);
    glUniform1f(cell_, cell);
    glBindVertexArray(vao_.id());
    return true;
}

void GroundGrid::draw(const glm::mat4& view_projection, glm::vec3 center, float extent, float cell,
                      glm::ivec2 viewport) {
    if (!bind(view_projection, center, extent, cell, viewport)) return;
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glUniform1f(half_width_, 1.0f);
    glUniform1i(opaque_, 0);
    glDrawElements(GL_TRIANGLES, quad_index_count_, GL_UNSIGNED_SHORT, nullptr);
    glBindVertexArray(0);
    glDepthMask(GL_TRUE);
}

void GroundGrid::draw_over_background(const glm::mat4& view_projection, glm::vec3 center, float extent, float cell,
                                      glm::ivec2 viewport, glm::vec3 background) {
    glDisable(GL_BLEND);
    if (!bind(view_projection, center, extent, cell, viewport)) return;
    glUniform1f(half_width_, 0.0f);
    glUniform1i(opaque_, 1);
    glUniform3fv(background_, 1, glm::value_ptr(background));
    glDrawElements(GL_LINES, line_index_count_, GL_UNSIGNED_SHORT,
                   reinterpret_cast<const void*>(std::size_t(quad_index_count_) * sizeof(std::uint16_t)));
    glBindVertexArray(0);
    glDepthMask(GL_TRUE);
}

}  // namespace dynskin::gl
