#pragma once
// The panels' look: Dear ImGui's dark style with rounder corners, and the UI font (DejaVu Sans,
// carried inside the program, third_party/fonts) at a readable size for the platform.

namespace dynskin::app {

// The font's size before the content scale: 16 CSS pixels in the browser (a web page's body
// text), 15 points on the desktop.
float ui_font_points();

// Styles ImGui for a content scale (sizes and font multiplied by it); call again, after
// restoring the default style, when the scale changes.
void style_imgui(float scale);

}  // namespace dynskin::app
