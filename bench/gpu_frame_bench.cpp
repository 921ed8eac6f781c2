// dynskin-gpu-bench: frame time of the CPU path and the GPU path, drawing for real
// (off-screen 1280x720, glFinish per frame). Scenes: one large character (the bundled cow
// subdivided to about 800k vertices) and a crowd of cows, each with its own dynamics. Needs a display: run it under
// `xvfb-run -a`. On Mesa's llvmpipe the figures measure a software rasteriser, not a GPU.

#include <chrono>
#include <cstdlib>
#include <functional>
#include <cstdio>
#include <memory>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <glm/gtc/matrix_transform.hpp>

#include "app/crowd/crowd.h"
#include "characters/character_source.h"
#include "dynskin/deformer.h"
#include "gl/gl.h"
#include "gl/render_target.h"
#include "gl/scene_renderer.h"
#include "subdivide.h"

namespace {

using namespace dynskin;
using Clock = std::chrono::steady_clock;

struct Camera {
    gl::SceneView view;
    explicit Camera(float distance) {
        const glm::mat4 projection = glm::perspective(0.7f, 1280.0f / 720.0f, 0.01f * distance, 100.0f * distance);
        view.camera_position = glm::vec3(0.6f, 0.4f, 1.0f) * distance;
        view.view_projection = projection * glm::lookAt(view.camera_position, glm::vec3(0.0f), glm::vec3(0, 1, 0));
        view.show_skeleton = view.show_grid = false;
    }
};

double milliseconds_per_frame(int frames, const std::function<void(int)>& frame) {
    frame(0);  // warm up
    glFinish();
    const auto start = Clock::now();
    for (int f = 1; f <= frames; ++f) {
        frame(f);
        glFinish();
    }
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count() / frames;
}

void large_character(gl::SceneRenderer& renderer, const gl::RenderTarget& target) {
    const io::LoadedCharacter cow = characters::load_character("cow");
    const Character big = bench::subdivide(cow.character, 3);
    Deformer deformer(big);
    const PoseSampler motion = clip_sampler(big.skeleton, big.clips[0], true);
    const DynamicSettings settings = cow.settings.value_or(DynamicSettings{});
    gl::StaticMesh mesh;
    mesh.triangles = &big.mesh.triangles;
    mesh.colors = &big.mesh.colors;
    mesh.vertex_count = big.mesh.vertex_count();
    renderer.set_mesh(mesh);
    renderer.set_gpu_mesh(big, deformer);
    Camera camera(3.0f);

    const double cpu = milliseconds_per_frame(20, [&](int f) {
        deformer.update(f / 60.0, motion, settings);
        renderer.update_skin(deformer.positions(), deformer.normals());
        target.bind_scene();
        renderer.draw(camera.view, {}, glm::ivec2(target.width(), target.height()));
    });
    camera.view.gpu = true;
    const double gpu = milliseconds_per_frame(20, [&](int f) {
        deformer.update_joints(f / 60.0, motion, settings);
        renderer.update_gpu_joints(deformer, settings.parameters);
        target.bind_scene();
        renderer.draw(camera.view, {}, glm::ivec2(target.width(), target.height()));
    });
    std::printf("large character (cow subdivided, %zu vertices, %zu triangles):\n", big.mesh.vertex_count(),
                big.mesh.triangle_count());
    std::printf("  CPU path %.1f ms/frame, GPU path %.1f ms/frame (CPU deformer threads: %d)\n", cpu, gpu,
                deformer.thread_count());
}

void crowd_of_cows(gl::SceneRenderer& renderer, const gl::RenderTarget& target, int count) {
    const io::LoadedCharacter cow = characters::load_character("cow");
    const Character& c = cow.character;
    Deformer deformer(c);
    renderer.set_gpu_mesh(c, deformer);
    const DynamicSettings settings = cow.settings.value_or(DynamicSettings{});
    app::Crowd crowd(count, c);
    Camera camera(glm::length(crowd.hi() - crowd.lo()));
    camera.view.gpu = camera.view.crowd = true;
    const double gpu = milliseconds_per_frame(5, [&](int f) {
        crowd.simulate(f / 60.0, 1.0 / 60.0, settings);
        renderer.set_crowd(crowd.rows(), crowd.constants(settings.parameters), crowd.offsets());
        target.bind_scene();
        renderer.draw(camera.view, {}, glm::ivec2(target.width(), target.height()));
    });
    // The CPU path would deform every instance: one cow's CPU frame times the count.
    const PoseSampler motion = clip_sampler(c.skeleton, c.clips[0], true);
    const double one = milliseconds_per_frame(50, [&](int f) { deformer.update(f / 60.0, motion, settings); });
    std::printf("crowd of %d cows (%.1f M vertices a frame):\n", count, 1e-6 * count * double(c.mesh.vertex_count()));
    std::printf("  GPU path %.1f ms/frame; CPU path deformation alone %.1f ms/frame (%.3f ms per cow, not drawn)\n",
                gpu, one * count, one);
}

}  // namespace

int main(int argc, char** argv) {
    const int crowd_count = argc > 1 ? std::atoi(argv[1]) : 100;
    if (!glfwInit()) {
        std::fprintf(stderr, "error: no display; run under xvfb-run -a\n");
        return 2;
    }
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    GLFWwindow* window = glfwCreateWindow(64, 64, "dynskin-gpu-bench", nullptr, nullptr);
    if (!window) {
        std::fprintf(stderr, "error: no OpenGL 3.3 core context\n");
        return 2;
    }
    glfwMakeContextCurrent(window);
    gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress));
    std::printf("renderer: %s\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
    {
        gl::SceneRenderer renderer;
        const gl::RenderTarget target(1280, 720);
        large_character(renderer, target);
        crowd_of_cows(renderer, target, crowd_count);
    }
    glfwDestroyWindow(window);
    glfwTerminate();
    return 0;
}
