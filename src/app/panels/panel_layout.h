#pragma once
// The panel's place on screen: the sections in one window at the left, a tab at its edge that
// hides and shows it (and H, viewer_app.cpp), and the camera's centre in what it leaves free.

#include "app/viewer_state.h"

namespace dynskin::app {

// Draws the panel (when shown) and its tab, records where the panel is in state.panel, and
// centres the camera in the rest of the window. place: the panel's position and width are
// set again (at first, and when the UI scale changed). ui_hidden: nothing of the UI is shown
// (dynskin-cli render), the character centred in the whole window.
void panel_layout(ViewerState& state, bool place, bool ui_hidden);

}  // namespace dynskin::app
