#include "app/panels/ui_style.h"

#include <cstddef>

#include <imgui.h>

namespace dynskin::app {

// cmake/embed_file.cmake's array of third_party/fonts/DejaVuSans-ui.ttf.
extern const unsigned char ui_font_ttf[];
extern const std::size_t ui_font_ttf_size;

float ui_font_points() {
#ifdef __EMSCRIPTEN__
    return 16.0f;
#else
    return 15.0f;
#endif
}

void style_imgui(float scale) {
    ImGui::StyleColorsDark();
    ImGuiStyle& s = ImGui::GetStyle();
    s.WindowRounding = 6.0f;
    s.FrameRounding = 0.0f;
    s.GrabRounding = 0.0f;
    s.WindowBorderSize = 0.0f;
    // Tighter than ImGui's default (8, 4 and 4): the common sections fit a 1280x800 window.
    s.WindowPadding = ImVec2(8.0f, 6.0f);
    s.ItemSpacing = ImVec2(6.0f, 2.0f);
    s.FramePadding = ImVec2(5.0f, 2.0f);
    s.Colors[ImGuiCol_WindowBg].w = 0.92f;
    s.ScaleAllSizes(scale);
    // The font rasterised at the scaled size and drawn one texel per pixel, sharp at any scale
    // (an atlas magnified would be blurred); FontGlobalScale stays the UI scale that the
    // viewer's own sizes (pick radius, joint dots, panel width) are multiplied by.
    ImGuiIO& io = ImGui::GetIO();
    io.Fonts->Clear();
    io.Fonts->Flags |= ImFontAtlasFlags_NoBakedLines;
    ImFontConfig font;
    font.FontDataOwnedByAtlas = false;  // the array is static
    // Whole pixels, one texel each: the atlas is sampled nearest (gl/ui_renderer.h).
    font.OversampleH = 1;
    font.PixelSnapH = true;
    // Keep in step with third_party/fonts/make_subset.js: the glyphs the subset holds.
    static const ImWchar ranges[] = {0x0020, 0x00FF, 0x03BA, 0x03BA, 0x03C4, 0x03C4, 0x2013, 0x2014, 0x2018, 0x2019,
                                     0x201C, 0x201D, 0x2022, 0x2022, 0x2026, 0x2026, 0x25B8, 0x25B8, 0x25BE, 0x25BE,
                                     0x2630, 0x2630, 0x2715, 0x2715, 0};
    ImFont* added = io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(ui_font_ttf), static_cast<int>(ui_font_ttf_size),
                                                   ui_font_points() * scale, &font, ranges);
    if (!added) added = io.Fonts->AddFontDefault();  // never without a font
    added->Scale = 1.0f / scale;
    io.FontGlobalScale = scale;
}

}  // namespace dynskin::app
