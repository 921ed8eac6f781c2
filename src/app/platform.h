#pragma once
// What differs between the desktop and the browser, kept here so that the viewer's own code
// is the same on both: the desktop has GLFW 3.3+ and a loop of its own; the browser has
// Emscripten's GLFW (a 3.2 API on a canvas: no content scale, raw wheel deltas) and gets its
// frames from the browser (requestAnimationFrame), one callback each.

#include <functional>

struct GLFWwindow;

namespace dynskin::app::platform {

// The hints for the next glfwCreateWindow: an OpenGL 3.3 core context on the desktop (shown
// unless headless, scaled to the monitor); WebGL 2 in the browser (chosen at link time).
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

// Calls frame(seconds since the last call, at most 0.1) until it returns false: a loop on the
// desktop, returning then; in the browser, once per animation frame, and it never returns
// (the stack, and so the caller's objects, stay as they are).
void run_frame_loop(GLFWwindow* window, std::function<bool(double)> frame);

}  // namespace dynskin::app::platform
