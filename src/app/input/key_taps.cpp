#include "app/input/key_taps.h"

#include <vector>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace dynskin::app {
namespace {

struct HeldRelease {
    GLFWwindow* window;
    int key, scancode, mods;
};

// One window, one keyboard: the state lives with the callback.
GLFWkeyfun forward = nullptr;
std::vector<int> pressed_this_frame;
std::vector<HeldRelease> held;

void key_callback(GLFWwindow* window, int key, int scancode, int action, int mods) {
    if (action == GLFW_PRESS) pressed_this_frame.push_back(key);
    if (action == GLFW_RELEASE)
        for (int pressed : pressed_this_frame)
            if (pressed == key) {
                held.push_back({window, key, scancode, mods});
                return;
            }
    if (forward) forward(window, key, scancode, action, mods);
}

}  // namespace

void install_key_taps(GLFWwindow* window) { forward = glfwSetKeyCallback(window, key_callback); }

void release_key_taps() {
    pressed_this_frame.clear();
    const std::vector<HeldRelease> releases = std::move(held);
    held.clear();
    for (const HeldRelease& r : releases)
        if (forward) forward(r.window, r.key, r.scancode, GLFW_RELEASE, r.mods);
}

}  // namespace dynskin::app
