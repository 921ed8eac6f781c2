#pragma once
// UI draw lists made of axis-aligned quads, two triangles each, as ImGui makes them: for the
// tests of what changed between two lists (ui_damage_test.cpp) and of the kept panel
// (ui_renderer_test.cpp).

#include <cstdint>

#include <glm/glm.hpp>

#include "gl/ui_damage.h"

namespace dynskin::gl::test {

struct UiQuads : KeptUiList {
    // Starts a command: the quads added after it are clipped to `clip` and drawn with `texture`.
    void command(const glm::vec4& clip, GLuint texture) {
        commands.push_back({clip, texture, static_cast<std::uint32_t>(indices.size()), 0});
    }
    // A quad from lo to hi in the last command, its texture coordinates from uv to uv + uv_size.
    void quad(glm::vec2 lo, glm::vec2 hi, std::uint32_t rgba, glm::vec2 uv = glm::vec2(0.0f), glm::vec2 uv_size = glm::vec2(0.0f)) {
        const auto first = static_cast<std::uint16_t>(vertices.size());
        for (const glm::vec2 corner : {glm::vec2(0, 0), glm::vec2(1, 0), glm::vec2(1, 1), glm::vec2(0, 1)})
            vertices.push_back({lo + corner * (hi - lo), uv + corner * uv_size, rgba});
        for (const int k : {0, 1, 2, 0, 2, 3}) indices.push_back(static_cast<std::uint16_t>(first + k));
        commands.back().index_count += 6;
    }
};

}  // namespace dynskin::gl::test
