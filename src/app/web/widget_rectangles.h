#pragma once
// Where the labelled widgets of the last frame are on the screen, by label: what a test (or
// the page) needs to click a slider at a known fraction or press a button. Recorded through
// Dear ImGui's test-engine hooks (the web build compiles ImGui with IMGUI_ENABLE_TEST_ENGINE),
// so the panels need nothing of their own.

#include <string>

#include <imgui.h>

namespace dynskin::app::web {

// Starts recording (from the next frame on).
void record_widget_rectangles();

// The first widget labelled `label` in the last frame ("f (Hz)", "Copy link", the full label
// with any "##" part): its frame (a slider's track, a button, a checkbox's box and text), in
// the window's pixels. False when no such widget was drawn.
bool widget_rectangle(const std::string& label, ImVec2& min, ImVec2& max);

}  // namespace dynskin::app::web
