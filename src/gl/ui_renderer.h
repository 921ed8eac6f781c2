#pragma once
// Draws the panels' triangles (Dear ImGui's draw lists, handed over as plain data by
// app/frame/ui_drawing.h) with no GL state read back: Dear ImGui's own OpenGL backend saves and
// restores the whole GL state with glGet* every frame, and in the browser each of those is a
// round trip that waits for the GPU process to finish the frame's drawing (one
// getParameter(GL_SCISSOR_BOX) was 95 % of a frame's wait). Here the state is known instead:
//
//   draw() sets what it needs: the viewport, blending (premultiplied-alpha-free, the UI's
//   func), no depth test, no culling, the scissor test, its program, vertex array, texture
//   unit 0 with no sampler object.
//   It leaves: no scissor test (blits and clears after it cover the whole target), no depth
//   test, no culling, blending on, vertex array 0, the frame's framebuffer bound. The scene
//   renderer sets the rest of what it needs itself every frame (gl/scene_renderer.cpp).
//
// A list drawn over an opaque backdrop (the panel) is kept in a texture of the frame's size
// and drawn again only where it changed since the last frame (ui_damage.h), then copied into
// the frame: a playing clip changes the Time slider's row alone, and in the browser on a
// software renderer drawing the whole panel again every frame cost about 3 ms of the Fox's
// 45 ms frame (docs/performance.md). The pixels are those drawn directly: the same
// operations on the same pixel grid (tests/gl/ui_renderer_test.cpp). Textures are told apart
// by name: the panel's only one is the font atlas, whose replacement draws it whole again; a
// texture whose pixels changed under the same name would not be seen.

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "gl/gl_objects.h"
#include "gl/texture_copy.h"

namespace dynskin::gl {

// One vertex of the UI: Dear ImGui's ImDrawVert layout (position, uv, RGBA bytes).
struct UiVertex {
    glm::vec2 position;
    glm::vec2 uv;
    std::uint32_t rgba;
};

// A run of a list's triangles drawn with one texture inside one clip rectangle.
struct UiCommand {
    glm::vec4 clip;  // x0, y0, x1, y1 in the UI's coordinates (pixels, top-left origin)
    GLuint texture = 0;
    std::uint32_t first_index = 0, index_count = 0;
};

// An opaque rectangle filled under a list: a window's background, cleared instead of drawn
// (on SwiftShader a cleared rectangle costs next to nothing; the panel's blended one, 380x760,
// cost about 1.3 ms a frame).
struct UiBackdrop {
    glm::vec4 rect;   // x0, y0, x1, y1 in the UI's coordinates
    glm::vec3 color;
};

// A list's vertices, 16-bit indices and commands (pointers valid during draw()).
struct UiDrawList {
    const UiVertex* vertices = nullptr;
    std::size_t vertex_count = 0;
    const std::uint16_t* indices = nullptr;
    std::size_t index_count = 0;
    std::vector<UiCommand> commands;
    std::optional<UiBackdrop> backdrop;  // filled before the list is drawn
};

// What the lists cover: the UI's rectangle (origin, size, in its coordinates) and how many
// framebuffer pixels one of its units is.
struct UiFrame {
    glm::vec2 origin{0.0f}, size{0.0f};
    glm::vec2 framebuffer_scale{1.0f};
    GLuint framebuffer = 0;  // the one the lists are drawn into (0: the window's), bound
};

struct KeptUiList;  // ui_damage.h

class UiRenderer {
public:
    UiRenderer();  // compiles shaders/ui.vert + ui.frag (throws GlError)
    ~UiRenderer();

    // The font atlas (RGBA8, top row first, sampled nearest: drawn one texel per pixel); the
    // name to hand back in UiCommand::texture. Replaces the previous atlas. white_uv: where
    // its white texel is, which untextured shapes point at: those are not sampled at all (on
    // a software renderer the texture fetches were over a third of the panel's cost).
    GLuint set_font_atlas(int width, int height, const unsigned char* rgba, glm::vec2 white_uv);

    // Draws the lists, in order, into frame.framebuffer (bound).
    void draw(const UiFrame& frame, const std::vector<UiDrawList>& lists);

    // Off: opaque lists are drawn directly every frame, as the kept copy is tested against.
    void keep_opaque_lists(bool on) {
        keep_ = on;
        kept_.valid = false;
    }
    // Whether the last draw() drew an opaque list through its kept copy, and how many of its
    // triangles it drew (all of them when it drew directly).
    bool last_drew_kept() const { return last_drew_kept_; }
    std::size_t last_triangles_drawn() const { return last_triangles_drawn_; }

private:
    // The UI's state for drawing triangles into the bound framebuffer (viewport, blending,
    // program, vertex array, the projection of frame's coordinates).
    void prepare(const UiFrame& frame, int width, int height) const;
    // An opaque list through the kept copy: what changed drawn again into it, the copy into
    // the frame, and what the list draws around its backdrop (its border's outer edge) drawn
    // over the frame; false (nothing drawn) for an empty backdrop.
    bool draw_kept(const UiFrame& frame, const UiDrawList& list, int width, int height);
    // One draw call: a run [first, last) of a list's indices, inside a scissor box (pixels).
    struct UiDraw {
        glm::ivec4 scissor;
        GLuint texture;
        std::uint32_t first, last;
    };
    // The draws of a list's commands, each inside its clip rectangle and, given `within`
    // (pixels), only of its triangles that may draw there, cut to it; appended to `into`.
    void plan_draws(const UiFrame& frame, int height, const UiDrawList& list, const glm::ivec4* within,
                    std::vector<UiDraw>& into) const;
    // Issues them with the bound vertex array; returns the triangles drawn.
    std::size_t issue(const std::vector<UiDraw>& draws) const;
    // kept_.edge: the draws of what the list draws around its backdrop box, planned when the
    // kept list changes and issued every frame.
    void plan_edge(const UiFrame& frame, int height, const UiDrawList& list, const glm::ivec4& box);

    GlProgram program_;
    GLint projection_ = -1;
    GlVertexArray vao_;
    GlBuffer vertices_, indices_;
    GlTexture font_;

    // The opaque list as drawn last, in a texture the frame's size; its triangles in buffers
    // of their own, drawn from again (around the backdrop) in frames where it did not change.
    struct Kept {
        GlTexture color;
        GlFramebufferName framebuffer;
        glm::ivec2 size{0};
        GlVertexArray vao;
        GlBuffer vertices, indices;
        std::unique_ptr<KeptUiList> list;
        std::vector<UiDraw> edge;  // plan_edge
        UiBackdrop backdrop{};
        glm::vec2 origin{0.0f}, scale{0.0f};
        bool valid = false;
    } kept_;
    std::optional<TextureCopy> copy_;
    std::vector<UiDraw> draws_;  // the current list's, kept to spare an allocation a frame
    bool keep_ = true;
    bool last_drew_kept_ = false;
    std::size_t last_triangles_drawn_ = 0;
};

}  // namespace dynskin::gl
