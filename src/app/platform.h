#pragma once
// What differs between the desktop and the browser, kept here so that the viewer's own code
// is the same on both: the desktop has GLFW 3.3+ and a loop of its own; the browser has
// Emscripten's GLFW (a 3.2 API on a canvas: no content scale, raw wheel deltas) and gets its
// frames from the browser (requestAnimationFrame), one callback each.

#include <cstddef>
#include <functional>
#include <string>

struct GLFWwindow;

namespace dynskin::app {
class TouchGestures;
}

namespace dynskin::app::platform {

// The hints for the next glfwCreateWindow: an OpenGL 3.3 core context on the desktop (shown
// unless headless, scaled to the monitor); WebGL 2 in the browser (chosen at link time). On
// both, RGBA8 (the canvas with alpha): the format a multisampled scene is resolved into it
// from (gl/render_target.h), which GL ES asks to be the same.
void window_hints(bool visible);

// Loads the GL functions of the window's current context (glad on the desktop; the browser's
// are linked in). False when they are missing.
bool load_gl();

// The UI scale: the monitor's content scale on the desktop; 1 in the browser (its GLFW knows
// no device pixel ratio).
float content_scale(GLFWwindow* window);

// After ImGui's GLFW backend installed its callbacks: what the platform's events need before
// ImGui sees them (the browser's wheel deltas in notches).
void adapt_input(GLFWwindow* window);

// The touch screen's gestures, fed by the browser's touch events; null on the desktop, where
// GLFW reports no touches (a touch screen there acts as a mouse).
TouchGestures* touch_gestures();

// The memory a crowd's instances may take: in the browser 1.5 GB of WebAssembly's 2 (the
// rest is the viewer's); on the desktop no limit of its own.
std::size_t crowd_memory_budget();

// The page's address without its query ("http://host/index.html") in the browser; "" on the
// desktop, which shares command lines instead.
std::string page_address();
// Shows a link in the address bar without reloading (history.replaceState), so that the
// address is always the current settings' link; nothing on the desktop.
void show_in_address(const std::string& link);
// Puts text on the clipboard: the browser's (asynchronous: it may refuse), the desktop's.
void copy_to_clipboard(const std::string& text);
// How the last copy went, for the panel: "copied", "copying...", or why it did not.
const char* clipboard_status();

// Calls frame(seconds since the last call, at most 0.1) until it returns false: a loop on the
// desktop, returning then; in the browser, once per animation frame, and it never returns
// (the stack, and so the caller's objects, stay as they are).
void run_frame_loop(GLFWwindow* window, std::function<bool(double)> frame);

}  // namespace dynskin::app::platform
