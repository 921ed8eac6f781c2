#pragma once
// Where the panels' widgets were drawn, by label, so that the browser tests can click the real
// buttons (a file picker opens only on a user's click). Recorded through Dear ImGui's test
// engine hooks (ImGui is compiled with IMGUI_ENABLE_TEST_ENGINE for the web), so the panels
// need no code of their own for it.

#include <string>

namespace dynskin::app::web {

// Starts recording; needs the ImGui context.
void record_widget_rects();

struct WidgetRect {
    float x = 0, y = 0, width = 0, height = 0;  // in the page's CSS pixels
};

// The visible part of the widget whose label (as passed to ImGui, "##" suffix included) was
// drawn in the last frame or the one being built (a slider's or text field's frame, without
// its label); false when it was not drawn (hidden, scrolled out of view, in a closed section)
// or less than half of it shows.
bool widget_rect(const std::string& label, WidgetRect& rect);

}  // namespace dynskin::app::web
