#pragma once
// Dear ImGui's frame drawn by our own renderer (gl/ui_renderer.h), in place of its OpenGL
// backend, which reads the GL state back every frame.

namespace dynskin::gl {
class UiRenderer;
}

namespace dynskin::app {

// Builds ImGui's font atlas (after the fonts changed) and hands it to the renderer.
void upload_ui_fonts(gl::UiRenderer& renderer);

// Draws ImGui::GetDrawData() (after ImGui::Render()) into the bound framebuffer.
void draw_ui(gl::UiRenderer& renderer);

}  // namespace dynskin::app
