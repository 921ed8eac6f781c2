#include "display_ready.h"

#include <chrono>
#include <thread>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace dynskin::test {

bool wait_for_display(double seconds) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (true) {
        if (glfwInit() == GLFW_TRUE) {
            glfwTerminate();
            return true;
        }
        if (std::chrono::steady_clock::now() >= until) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
}

}  // namespace dynskin::test
