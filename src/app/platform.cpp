#include "app/platform.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>

#include "gl/gl.h"  // before GLFW, which must not include a GL header itself
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>
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

void window_hints(bool) {}

bool load_gl() { return true; }

float content_scale(GLFWwindow*) { return 1.0f; }

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

// The canvas fills the page (its CSS size); its drawing buffer follows it.
void follow_canvas_size(GLFWwindow* window) {
    double css_width = 0.0, css_height = 0.0;
    if (emscripten_get_element_css_size("#canvas", &css_width, &css_height) != EMSCRIPTEN_RESULT_SUCCESS) return;
    const int width = std::max(1, static_cast<int>(css_width)), height = std::max(1, static_cast<int>(css_height));
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
}

bool load_gl() { return gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress)) != 0; }

float content_scale(GLFWwindow* window) {
    float scale_x = 1.0f, scale_y = 1.0f;
    glfwGetWindowContentScale(window, &scale_x, &scale_y);
    return scale_y;
}

void adapt_input(GLFWwindow*) {}

void run_frame_loop(GLFWwindow* window, std::function<bool(double)> frame) {
    elapsed_seconds();
    while (!glfwWindowShouldClose(window) && frame(elapsed_seconds())) {
    }
}

#endif

}  // namespace dynskin::app::platform
