#pragma once
// The browser's touch events on the canvas (emscripten/html5.h) handed to the viewer's
// TouchGestures, in the canvas's drawing-buffer pixels (the window's coordinates).

#include "app/input/touch_gestures.h"

namespace dynskin::app::web {

// The gestures of the page's canvas; the first call starts listening.
TouchGestures& touch_input();

}  // namespace dynskin::app::web
