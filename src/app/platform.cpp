#include "app/platform.h"

#include <cstdint>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>

#include "gl/gl.h"  // before GLFW, which must not include a GL header itself
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>

#include "app/web/touch_input.h"
#endif

namespace dynskin::app::platform {
namespace {

// Seconds since the previous call, at most 0.1 (a stall is not simulated as one long step).
double elapsed_seconds() {
    static auto last = std::chrono::steady_clock::now();
    const auto now = std::chrono::steady_clock::now();
    const double dt = std::min(std::chrono::duration<double>(now - last).count(), 0.1);
    last = now;
    return dt;
}

}  // namespace

#ifdef __EMSCRIPTEN__

void window_hints(bool) { glfwWindowHint(GLFW_ALPHA_BITS, 8); }

bool load_gl() { return true; }

// The browser's device pixel ratio: the canvas is drawn in device pixels (follow_canvas_size),
// which are also the window's coordinates in Emscripten's GLFW (its mouse positions are scaled
// by the canvas's width over its CSS width), so the UI is scaled by it as on a HiDPI monitor.
float content_scale(GLFWwindow*) { return static_cast<float>(emscripten_get_device_pixel_ratio()); }

TouchGestures* touch_gestures() { return &web::touch_input(); }

std::size_t crowd_memory_budget() { return std::size_t(3) << 29; }  // 1.5 GB

std::string page_address() {
    static const std::string address = emscripten_run_script_string("location.href.split(/[?#]/)[0]");
    return address;
}

namespace {

// The address bar shows link; the page's own switches (gpu, crowd and its old name herd)
// stay: they are how the viewer runs, not settings.
EM_JS(void, replace_address, (const char* link), {
    const url = new URL(UTF8ToString(link));
    const now = new URLSearchParams(location.search);
    for (const key of ["gpu", "crowd", "herd"])
        if (now.has(key)) url.searchParams.set(key, now.get(key));
    history.replaceState(history.state, "", url.href);
});

// Module.dynskinClipboard: 0 while the browser's promise is pending, 1 copied, 2 refused.
EM_JS(void, write_clipboard, (const char* text), {
    Module.dynskinClipboard = 0;
    if (!navigator.clipboard) { Module.dynskinClipboard = 2; return; }
    navigator.clipboard.writeText(UTF8ToString(text)).then(
        () => { Module.dynskinClipboard = 1; }, () => { Module.dynskinClipboard = 2; });
});

EM_JS(int, clipboard_outcome, (), { return Module.dynskinClipboard | 0; });

}  // namespace

void show_in_address(const std::string& link) {
    static std::string shown;
    if (link == shown) return;
    shown = link;
    replace_address(link.c_str());
}

// Called in the frame after the click, well within the click's transient activation, which
// the browser's clipboard asks for. The outcome comes later (a promise).
void copy_to_clipboard(const std::string& text) { write_clipboard(text.c_str()); }

const char* clipboard_status() {
    switch (clipboard_outcome()) {
        case 0: return "copying...";
        case 1: return "copied";
        default: return "the browser refused the clipboard: copy it from below";
    }
}

void adapt_input(GLFWwindow* window) {
    // Emscripten's GLFW hands on the browser's wheel event as it is: pixels, positive down
    // (about 100 a notch). GLFW means notches, positive up.
    glfwSetScrollCallback(window, [](GLFWwindow* w, double x, double y) {
        ImGui_ImplGlfw_ScrollCallback(w, -x / 100.0, -y / 100.0);
    });
}

namespace {

struct Loop {
    GLFWwindow* window;
    std::function<bool(double)> frame;
};

// The canvas fills the page (its CSS size); its drawing buffer follows it in device pixels
// (CSS pixels times the device pixel ratio), so that a HiDPI screen gets a sharp picture.
void follow_canvas_size(GLFWwindow* window) {
    double css_width = 0.0, css_height = 0.0;
    if (emscripten_get_element_css_size("#canvas", &css_width, &css_height) != EMSCRIPTEN_RESULT_SUCCESS) return;
    const double ratio = emscripten_get_device_pixel_ratio();
    const int width = std::max(1, static_cast<int>(std::lround(css_width * ratio)));
    const int height = std::max(1, static_cast<int>(std::lround(css_height * ratio)));
    int current_width = 0, current_height = 0;
    glfwGetWindowSize(window, &current_width, &current_height);
    if (width != current_width || height != current_height) glfwSetWindowSize(window, width, height);
}

void loop_callback(void* argument) {
    Loop& loop = *static_cast<Loop*>(argument);
    try {
        follow_canvas_size(loop.window);
        if (!loop.frame(elapsed_seconds())) emscripten_cancel_main_loop();
    } catch (const std::exception& e) {  // shown in the console; the page stops drawing
        std::fprintf(stderr, "error: %s\n", e.what());
        emscripten_cancel_main_loop();
    }
}

}  // namespace

void run_frame_loop(GLFWwindow* window, std::function<bool(double)> frame) {
    static Loop loop;  // outlives this call, which the browser's loop replaces
    loop = Loop{window, std::move(frame)};
    follow_canvas_size(window);
    elapsed_seconds();
    emscripten_set_main_loop_arg(loop_callback, &loop, 0, 1);
}

#else

void window_hints(bool visible) {
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE);
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
    glfwWindowHint(GLFW_ALPHA_BITS, 8);
}

bool load_gl() { return gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress)) != 0; }

float content_scale(GLFWwindow* window) {
    float scale_x = 1.0f, scale_y = 1.0f;
    glfwGetWindowContentScale(window, &scale_x, &scale_y);
    return scale_y;
}

void adapt_input(GLFWwindow*) {}

TouchGestures* touch_gestures() { return nullptr; }

std::size_t crowd_memory_budget() { return SIZE_MAX; }

std::string page_address() { return ""; }

void show_in_address(const std::string&) {}

void copy_to_clipboard(const std::string& text) { ImGui::SetClipboardText(text.c_str()); }

const char* clipboard_status() { return "copied"; }

void run_frame_loop(GLFWwindow* window, std::function<bool(double)> frame) {
    elapsed_seconds();
    while (!glfwWindowShouldClose(window) && frame(elapsed_seconds())) {
    }
}

#endif

}  // namespace dynskin::app::platform
