#include "app/web/touch_input.h"

#include <emscripten/html5.h>

namespace dynskin::app::web {
namespace {

constexpr const char* kCanvas = "#canvas";

// Touch points come in CSS pixels from the canvas's corner; the window (Emscripten's GLFW,
// and so ImGui and the camera) counts the drawing buffer's pixels, device pixels on HiDPI.
glm::vec2 window_pixels(const EmscriptenTouchPoint& t) {
    double css_width = 0.0, css_height = 0.0;
    int width = 0, height = 0;
    emscripten_get_element_css_size(kCanvas, &css_width, &css_height);
    emscripten_get_canvas_element_size(kCanvas, &width, &height);
    const float sx = css_width > 0.0 ? static_cast<float>(width / css_width) : 1.0f;
    const float sy = css_height > 0.0 ? static_cast<float>(height / css_height) : 1.0f;
    return {static_cast<float>(t.targetX) * sx, static_cast<float>(t.targetY) * sy};
}

// Returning true prevents the browser's default: no page scroll or zoom, and no mouse events
// made up from the touches (Emscripten's GLFW would see a second press).
EM_BOOL on_touch(int type, const EmscriptenTouchEvent* event, void* user) {
    TouchGestures& gestures = *static_cast<TouchGestures*>(user);
    for (int k = 0; k < event->numTouches; ++k) {
        const EmscriptenTouchPoint& t = event->touches[k];
        if (!t.isChanged) continue;
        switch (type) {
            case EMSCRIPTEN_EVENT_TOUCHSTART: gestures.touch_start(t.identifier, window_pixels(t)); break;
            case EMSCRIPTEN_EVENT_TOUCHMOVE: gestures.touch_move(t.identifier, window_pixels(t)); break;
            default: gestures.touch_end(t.identifier); break;  // end, cancel
        }
    }
    return EM_TRUE;
}

}  // namespace

TouchGestures& touch_input() {
    static TouchGestures gestures;
    static const bool listening = [] {
        emscripten_set_touchstart_callback(kCanvas, &gestures, EM_TRUE, on_touch);
        emscripten_set_touchmove_callback(kCanvas, &gestures, EM_TRUE, on_touch);
        emscripten_set_touchend_callback(kCanvas, &gestures, EM_TRUE, on_touch);
        emscripten_set_touchcancel_callback(kCanvas, &gestures, EM_TRUE, on_touch);
        return true;
    }();
    (void)listening;
    return gestures;
}

}  // namespace dynskin::app::web
