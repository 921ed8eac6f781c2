#include "gl/ui_renderer.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

#include <glm/gtc/type_ptr.hpp>

#include "gl/ui_damage.h"

namespace dynskin::gl {
namespace {

// A rectangle of the UI's coordinates as GL's scissor box (framebuffer pixels, y up: x, y,
// width, height); none when empty.
std::optional<glm::ivec4> pixel_box(const UiFrame& frame, int height, const glm::vec4& rect) {
    const glm::vec2 lo = (glm::vec2(rect.x, rect.y) - frame.origin) * frame.framebuffer_scale;
    const glm::vec2 hi = (glm::vec2(rect.z, rect.w) - frame.origin) * frame.framebuffer_scale;
    if (!(hi.x > lo.x && hi.y > lo.y)) return std::nullopt;
    return glm::ivec4(static_cast<int>(lo.x), static_cast<int>(float(height) - hi.y), static_cast<int>(hi.x - lo.x),
                      static_cast<int>(hi.y - lo.y));
}

// Every pixel a rectangle of the UI's coordinates touches, and one more around (pixels, y up).
glm::ivec4 pixels_around(const UiFrame& frame, int height, const glm::vec4& rect) {
    const glm::vec2 lo = glm::floor((glm::vec2(rect.x, rect.y) - frame.origin) * frame.framebuffer_scale) - 1.0f;
    const glm::vec2 hi = glm::ceil((glm::vec2(rect.z, rect.w) - frame.origin) * frame.framebuffer_scale) + 1.0f;
    const int y = height - static_cast<int>(hi.y);
    return glm::ivec4(static_cast<int>(lo.x), y, static_cast<int>(hi.x - lo.x), static_cast<int>(hi.y - lo.y));
}

// The pixels of a box as a rectangle of the UI's coordinates.
glm::vec4 ui_rect(const UiFrame& frame, int height, const glm::ivec4& box) {
    const glm::vec2 scale = frame.framebuffer_scale;
    return glm::vec4(float(box.x) / scale.x + frame.origin.x, float(height - box.y - box.w) / scale.y + frame.origin.y,
                     float(box.x + box.z) / scale.x + frame.origin.x, float(height - box.y) / scale.y + frame.origin.y);
}

std::optional<glm::ivec4> intersection(const glm::ivec4& a, const glm::ivec4& b) {
    const int x0 = std::max(a.x, b.x), y0 = std::max(a.y, b.y);
    const int x1 = std::min(a.x + a.z, b.x + b.z), y1 = std::min(a.y + a.w, b.y + b.w);
    if (x1 <= x0 || y1 <= y0) return std::nullopt;
    return glm::ivec4(x0, y0, x1 - x0, y1 - y0);
}

// A vertex array reading UiVertex from `vertices` and 16-bit indices from `indices`.
void set_up_vertex_array(const GlVertexArray& vao, const GlBuffer& vertices, const GlBuffer& indices) {
    glBindVertexArray(vao.id());
    glBindBuffer(GL_ARRAY_BUFFER, vertices.id());
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(UiVertex), reinterpret_cast<const void*>(offsetof(UiVertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 2, GL_FLOAT, GL_FALSE, sizeof(UiVertex), reinterpret_cast<const void*>(offsetof(UiVertex, uv)));
    glEnableVertexAttribArray(2);
    glVertexAttribPointer(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(UiVertex), reinterpret_cast<const void*>(offsetof(UiVertex, rgba)));
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices.id());  // kept by the vertex array
    glBindVertexArray(0);
}

void upload(const GlBuffer& vertices, const GlBuffer& indices, const UiDrawList& list) {
    vertices.upload(GL_ARRAY_BUFFER, list.vertex_count * sizeof(UiVertex), list.vertices, GL_STREAM_DRAW);
    indices.upload(GL_ELEMENT_ARRAY_BUFFER, list.index_count * sizeof(std::uint16_t), list.indices, GL_STREAM_DRAW);
}

}  // namespace

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
    set_up_vertex_array(vao_, vertices_, indices_);
    check_errors("creating the UI renderer");
}

UiRenderer::~UiRenderer() = default;

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
    kept_.valid = false;  // its glyphs were drawn from the old atlas (which GL may name alike)
    return font_.id();
}

void UiRenderer::prepare(const UiFrame& frame, int width, int height) const {
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
}

void UiRenderer::draw(const UiFrame& frame, const std::vector<UiDrawList>& lists) {
    const glm::vec2 pixels = frame.size * frame.framebuffer_scale;
    const int width = static_cast<int>(pixels.x), height = static_cast<int>(pixels.y);
    last_drew_kept_ = false;
    last_triangles_drawn_ = 0;
    if (width <= 0 || height <= 0) return;

    prepare(frame, width, height);
    for (const UiDrawList& list : lists) {
        if (list.backdrop && keep_ && draw_kept(frame, list, width, height)) {
            prepare(frame, width, height);  // the copy set its own state
            continue;
        }
        if (list.backdrop) {
            if (const std::optional<glm::ivec4> box = pixel_box(frame, height, list.backdrop->rect)) {
                glScissor(box->x, box->y, box->z, box->w);
                glClearColor(list.backdrop->color.r, list.backdrop->color.g, list.backdrop->color.b, 1.0f);
                glClear(GL_COLOR_BUFFER_BIT);
            }
        }
        upload(vertices_, indices_, list);
        draws_.clear();
        plan_draws(frame, height, list, nullptr, draws_);
        const std::size_t drawn = issue(draws_);
        if (list.backdrop) last_triangles_drawn_ += drawn;
    }
    glDisable(GL_SCISSOR_TEST);
    glBindTexture(GL_TEXTURE_2D, 0);
    glBindVertexArray(0);
    check_frame_errors("drawing the panels");
}

bool UiRenderer::draw_kept(const UiFrame& frame, const UiDrawList& list, int width, int height) {
    const UiBackdrop& backdrop = *list.backdrop;
    const std::optional<glm::ivec4> box = pixel_box(frame, height, backdrop.rect);
    if (!box) return false;
    if (!kept_.list) {
        kept_.list = std::make_unique<KeptUiList>();
        kept_.vao = GlVertexArray::create();
        kept_.vertices = GlBuffer::create();
        kept_.indices = GlBuffer::create();
        set_up_vertex_array(kept_.vao, kept_.vertices, kept_.indices);
    }
    if (!kept_.color || kept_.size != glm::ivec2(width, height)) {
        kept_.color = GlTexture::drawable(width, height, GL_NEAREST);  // copied pixel for pixel
        kept_.framebuffer = GlFramebufferName::create();
        glBindFramebuffer(GL_FRAMEBUFFER, kept_.framebuffer.id());
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, kept_.color.id(), 0);
        if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) throw GlError("the UI's kept panel is incomplete");
        kept_.size = glm::ivec2(width, height);
        kept_.valid = false;
    }

    // The pixels to draw again: the whole backdrop, those around what changed, or none.
    const bool same_frame = kept_.valid && kept_.origin == frame.origin && kept_.scale == frame.framebuffer_scale &&
                            kept_.backdrop.rect == backdrop.rect && kept_.backdrop.color == backdrop.color;
    const std::optional<glm::vec4> changed = same_frame ? changed_rect(*kept_.list, list) : std::nullopt;
    const std::optional<glm::ivec4> redraw =
        !same_frame ? box : changed ? intersection(pixels_around(frame, height, *changed), *box) : std::nullopt;
    glBindVertexArray(kept_.vao.id());  // the kept buffers' (their uploads bind the index buffer)
    if (!same_frame || changed) {
        kept_.list->keep(list);
        upload(kept_.vertices, kept_.indices, list);
        plan_edge(frame, height, list, *box);
    }
    if (redraw) {
        glBindFramebuffer(GL_FRAMEBUFFER, kept_.framebuffer.id());
        glScissor(redraw->x, redraw->y, redraw->z, redraw->w);
        glClearColor(backdrop.color.r, backdrop.color.g, backdrop.color.b, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
        draws_.clear();
        plan_draws(frame, height, list, &*redraw, draws_);
        last_triangles_drawn_ += issue(draws_);
        kept_.backdrop = backdrop;
        kept_.origin = frame.origin;
        kept_.scale = frame.framebuffer_scale;
        kept_.valid = true;
        glBindFramebuffer(GL_FRAMEBUFFER, frame.framebuffer);
    }

    if (!copy_) copy_.emplace();
    copy_->draw_box(kept_.color, *box);
    last_drew_kept_ = true;

    // What the list draws around the backdrop (its border's outer half) blends over the frame.
    if (!kept_.edge.empty()) {
        prepare(frame, width, height);
        glBindVertexArray(kept_.vao.id());
        last_triangles_drawn_ += issue(kept_.edge);
    }
    return true;
}

void UiRenderer::plan_edge(const UiFrame& frame, int height, const UiDrawList& list, const glm::ivec4& box) {
    kept_.edge.clear();
    const std::optional<glm::vec4> drawn = drawn_rect(list);
    if (!drawn) return;
    // The strips between the backdrop and the bounds of what the list draws.
    const glm::ivec4 around = pixels_around(frame, height, *drawn);
    const int x0 = box.x, x1 = box.x + box.z, y0 = box.y, y1 = box.y + box.w;
    const int ax0 = around.x, ax1 = around.x + around.z, ay0 = around.y, ay1 = around.y + around.w;
    const glm::ivec4 strips[4] = {
        {ax0, ay0, ax1 - ax0, y0 - ay0},  // below the backdrop
        {ax0, y1, ax1 - ax0, ay1 - y1},   // above
        {ax0, y0, x0 - ax0, y1 - y0},     // left of it
        {x1, y0, ax1 - x1, y1 - y0},      // right of it
    };
    for (const glm::ivec4& strip : strips)
        if (strip.z > 0 && strip.w > 0) plan_draws(frame, height, list, &strip, kept_.edge);
}

void UiRenderer::plan_draws(const UiFrame& frame, int height, const UiDrawList& list, const glm::ivec4* within,
                            std::vector<UiDraw>& into) const {
    const std::optional<glm::vec4> rect = within ? std::optional(ui_rect(frame, height, *within)) : std::nullopt;
    for (std::size_t c = 0; c < list.commands.size(); ++c) {
        const UiCommand& command = list.commands[c];
        const std::optional<glm::ivec4> clip = pixel_box(frame, height, command.clip);
        const std::optional<glm::ivec4> scissor = clip && within ? intersection(*clip, *within) : clip;
        if (command.index_count == 0 || !scissor) continue;
        // Within a box, only the triangles that can draw there: on a software renderer each
        // costs its setup.
        const auto [first, last] = rect ? indices_touching(list, c, *rect)
                                        : std::pair(command.first_index, command.first_index + command.index_count);
        if (first != last) into.push_back({*scissor, command.texture, first, last});
    }
}

std::size_t UiRenderer::issue(const std::vector<UiDraw>& draws) const {
    std::size_t triangles = 0;
    GLuint bound_texture = 0;
    for (const UiDraw& d : draws) {
        glScissor(d.scissor.x, d.scissor.y, d.scissor.z, d.scissor.w);
        if (d.texture != bound_texture) {
            glBindTexture(GL_TEXTURE_2D, d.texture);
            bound_texture = d.texture;
        }
        glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(d.last - d.first), GL_UNSIGNED_SHORT,
                       reinterpret_cast<const void*>(std::size_t(d.first) * sizeof(std::uint16_t)));
        triangles += (d.last - d.first) / 3;
    }
    return triangles;
}

}  // namespace dynskin::gl
