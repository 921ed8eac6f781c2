#include "gl/ui_renderer.h"

#include <cstddef>

#include <glm/gtc/type_ptr.hpp>

namespace dynskin::gl {

UiRenderer::UiRenderer()
    : program_(GlProgram::from_files("ui.vert", "ui.frag")),
      vao_(GlVertexArray::create()),
      vertices_(GlBuffer::create()),
      indices_(GlBuffer::create()) {
    // Uniform locations once: nothing is asked of GL while drawing.
    projection_ = program_.uniform("projection");
    glUseProgram(program_.id());
    glUniform1i(program_.uniform("ui_texture"), 0);
    glUseProgram(0);
    glBindVertexArray(vao_.id());
    glBindBuffer(GL_ARRAY_BUFFER, vertices_.id());
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(UiVertex), reinterpret_cast<const void*>(offsetof(UiVertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(UiVertex), reinterpret_cast<const void*>(offsetof(UiVertex, uv)));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(UiVertex), reinterpret_cast<const void*>(offsetof(UiVertex, rgba)));
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_.id());  // kept by the vertex array
    glBindVertexArray(0);
    check_errors("creating the UI renderer");
}

GLuint UiRenderer::set_font_atlas(int width, int height, const unsigned char* rgba, glm::vec2 white_uv) {
    glUseProgram(program_.id());
    glUniform2f(program_.uniform("white_uv"), white_uv.x, white_uv.y);
    glUseProgram(0);
    font_ = GlTexture::create();
    glBindTexture(GL_TEXTURE_2D, font_.id());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    glBindTexture(GL_TEXTURE_2D, 0);
    check_errors("uploading the UI's font atlas");
    return font_.id();
}

void UiRenderer::draw(const UiFrame& frame, const std::vector<UiDrawList>& lists) {
    const glm::vec2 pixels = frame.size * frame.framebuffer_scale;
    const int width = static_cast<int>(pixels.x), height = static_cast<int>(pixels.y);
    if (width <= 0 || height <= 0) return;

    glViewport(0, 0, width, height);
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);
    glEnable(GL_SCISSOR_TEST);
    glUseProgram(program_.id());
    // The UI's rectangle onto clip space, y down.
    const float l = frame.origin.x, r = frame.origin.x + frame.size.x;
    const float t = frame.origin.y, b = frame.origin.y + frame.size.y;
    const glm::mat4 projection(glm::vec4(2.0f / (r - l), 0.0f, 0.0f, 0.0f), glm::vec4(0.0f, 2.0f / (t - b), 0.0f, 0.0f),
                               glm::vec4(0.0f, 0.0f, -1.0f, 0.0f),
                               glm::vec4((r + l) / (l - r), (t + b) / (b - t), 0.0f, 1.0f));
    glUniformMatrix4fv(projection_, 1, GL_FALSE, glm::value_ptr(projection));
    glBindVertexArray(vao_.id());
    glActiveTexture(GL_TEXTURE0);
    glBindSampler(0, 0);

    GLuint bound_texture = 0;
    // A rectangle of the UI's coordinates to GL's scissor box (framebuffer pixels, y up).
    const auto scissor = [&](const glm::vec4& rect) {
        const glm::vec2 lo = (glm::vec2(rect.x, rect.y) - frame.origin) * frame.framebuffer_scale;
        const glm::vec2 hi = (glm::vec2(rect.z, rect.w) - frame.origin) * frame.framebuffer_scale;
        if (hi.x <= lo.x || hi.y <= lo.y) return false;
        glScissor(static_cast<int>(lo.x), static_cast<int>(float(height) - hi.y), static_cast<int>(hi.x - lo.x),
                  static_cast<int>(hi.y - lo.y));
        return true;
    };
    for (const UiDrawList& list : lists) {
        if (list.backdrop && scissor(list.backdrop->rect)) {
            glClearColor(list.backdrop->color.r, list.backdrop->color.g, list.backdrop->color.b, 1.0f);
            glClear(GL_COLOR_BUFFER_BIT);
        }
        vertices_.upload(GL_ARRAY_BUFFER, list.vertex_count * sizeof(UiVertex), list.vertices, GL_STREAM_DRAW);
        indices_.upload(GL_ELEMENT_ARRAY_BUFFER, list.index_count * sizeof(std::uint16_t), list.indices, GL_STREAM_DRAW);
        for (const UiCommand& command : list.commands) {
            if (command.index_count == 0 || !scissor(command.clip)) continue;
            if (command.texture != bound_texture) {
                glBindTexture(GL_TEXTURE_2D, command.texture);
                bound_texture = command.texture;
            }
            glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(command.index_count), GL_UNSIGNED_SHORT,
                           reinterpret_cast<const void*>(std::size_t(command.first_index) * sizeof(std::uint16_t)));
        }
    }
    glDisable(GL_SCISSOR_TEST);
    glBindTexture(GL_TEXTURE_2D, 0);
    glBindVertexArray(0);
    check_frame_errors("drawing the panels");
}

}  // namespace dynskin::gl
