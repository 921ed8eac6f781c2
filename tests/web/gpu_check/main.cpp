// The GPU path against the CPU deformer in the browser: tests/gl/gpu_equivalence's
// comparison (transform feedback of the vertex shader, WebGL 2 here) for every bundled
// character, one character an animation frame, printed to the console for
// tests/web/gpu_test.js: a line per compared frame, then "gpu-check done".

#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include <emscripten/emscripten.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "characters/bundled_characters.h"
#include "characters/character_source.h"
#include "gl/gl.h"
#include "gpu_equivalence.h"

namespace {

struct Check {
    std::vector<std::string> characters = dynskin::characters::bundled_character_names();
    std::size_t next = 0;
    std::unique_ptr<dynskin::gl::GpuSkinning> gpu;
};

void check_next_character(void* argument) {
    Check& check = *static_cast<Check*>(argument);
    if (check.next == check.characters.size()) {
        std::printf("gpu-check done: %zu characters\n", check.characters.size());
        emscripten_cancel_main_loop();
        return;
    }
    const std::string& name = check.characters[check.next++];
    try {
        dynskin::io::LoadedCharacter loaded = dynskin::characters::load_character(name);
        dynskin::test::paint_test_layers(loaded.character);
        for (const dynskin::test::GpuComparison& r : dynskin::test::compare_gpu_with_cpu(*check.gpu, loaded.character))
            std::printf("gpu-check %s | %s | frame %d | position %.3e | normal %.3e | size %.4f | captured %d\n",
                        name.c_str(), r.mode.c_str(), r.frame, r.position_error, r.normal_error, r.size, r.captured);
    } catch (const std::exception& e) {
        std::printf("gpu-check %s | error: %s\n", name.c_str(), e.what());
    }
}

}  // namespace

int main() {
    if (!glfwInit()) {
        std::printf("gpu-check error: no GLFW\n");
        return 1;
    }
    GLFWwindow* window = glfwCreateWindow(64, 64, "dynskin gpu check", nullptr, nullptr);
    if (!window) {
        std::printf("gpu-check error: no WebGL 2 context\n");
        return 1;
    }
    glfwMakeContextCurrent(window);
    static Check check;
    try {
        check.gpu = std::make_unique<dynskin::gl::GpuSkinning>();
    } catch (const std::exception& e) {
        std::printf("gpu-check error: %s\n", e.what());
        return 1;
    }
    emscripten_set_main_loop_arg(check_next_character, &check, 0, 0);
    return 0;
}
