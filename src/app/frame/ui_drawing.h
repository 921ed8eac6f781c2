#pragma once
// Dear ImGui's frame drawn by our own renderer (gl/ui_renderer.h), in place of its OpenGL
// backend, which reads the GL state back every frame.

struct ImDrawList;

namespace dynskin::gl {
class UiRenderer;
}

namespace dynskin::app {

// Builds ImGui's font atlas (after the fonts changed) and hands it to the renderer.
void upload_ui_fonts(gl::UiRenderer& renderer);

// A window drawn without ImGui's background (the panel, panel_layout.cpp): its draw list and
// its rectangle (x0, y0, x1, y1), filled with the style's window colour, opaque, as the
// list's turn comes.
struct OpaqueWindow {
    const ImDrawList* list = nullptr;
    float rect[4] = {0.0f, 0.0f, 0.0f, 0.0f};
};

// Draws ImGui::GetDrawData() (after ImGui::Render()) into framebuffer, bound (a GL name:
// 0 for the window's).
void draw_ui(gl::UiRenderer& renderer, unsigned int framebuffer, const OpaqueWindow& opaque = {});

}  // namespace dynskin::app
