#pragma once
// What changed in a draw list from one frame to the next: the UI renderer keeps the panel in
// a texture (ui_renderer.h) and draws it again only where it changed. A playing clip moves
// the panel's Time slider every frame and nothing else; on a software renderer drawing the
// whole panel again cost about as much as the character.
//
// Triangles compare by their corners (position, uv, colour), texture and clip rectangle, in
// drawing order. The triangles the two frames begin with alike, and those they end with
// alike, draw the same pixels in the same order; whatever lies between differs, and
// changed_rect() bounds it. Outside that rectangle both frames' pixels are the same.

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include <glm/glm.hpp>

#include "gl/ui_renderer.h"

namespace dynskin::gl {

// A draw list kept from an earlier frame: its own copy of the triangles.
struct KeptUiList {
    std::vector<UiVertex> vertices;
    std::vector<std::uint16_t> indices;
    std::vector<UiCommand> commands;

    void keep(const UiDrawList& list);
    // The kept triangles as a draw list (valid while this is unchanged).
    UiDrawList view() const;
};

// The rectangle (x0, y0, x1, y1 in the UI's coordinates) covering every triangle that is not
// alike in both frames, each cut to its clip rectangle; none when the frames draw alike.
std::optional<glm::vec4> changed_rect(const KeptUiList& before, const UiDrawList& now);

// The rectangle covering all of a list's triangles, each cut to its clip rectangle; none for
// a list with no triangle.
std::optional<glm::vec4> drawn_rect(const UiDrawList& list);

// The run of command c's triangles that may draw inside rect, as index positions
// [first, last) of the list: from the first triangle whose bounds meet the rectangle to the
// last that does (first == last: none). Those outside the run draw nothing there.
std::pair<std::uint32_t, std::uint32_t> indices_touching(const UiDrawList& list, std::size_t c, const glm::vec4& rect);

}  // namespace dynskin::gl
