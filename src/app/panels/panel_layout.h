#pragma once
// The panel's place on screen: the sections in one window at the left, a tab at its edge that
// hides and shows it (and H, viewer_app.cpp), and the camera's centre in what it leaves free.

#include <glm/glm.hpp>

#include "app/viewer_state.h"

namespace dynskin::app {

// Draws the panel (when shown) and its tab, records where the panel is in state.panel, and
// centres the camera in the rest of the window. place: the panel's position and width are
// set again (at first, and when the UI scale changed). ui_hidden: nothing of the UI is shown
// (dynskin-cli render), the character centred in the whole window.
void panel_layout(ViewerState& state, bool place, bool ui_hidden);

// The scene's pixels (x, y, width, height; y up, as GL's scissor) that the opaque panel
// covers, its rectangle being in the UI's units over a `display` of that size drawn into a
// scene of `scene` pixels (the device's pixel ratio and a lowered resolution both in the
// ratio): whole pixels inside it only. Zero when it covers none.
glm::ivec4 panel_cover(const PanelLayout& panel, glm::vec2 display, glm::ivec2 scene);

}  // namespace dynskin::app
