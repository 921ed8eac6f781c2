#pragma once
// Which path makes each frame's skin, and what the renderer is given to draw of it. The
// viewer (viewer_app.cpp) keeps the window, the panels and the input; each frame it calls
// simulate(), then prepare_view() before drawing.
//
// The paths, chosen again every frame (see SkinPath):
//   Cpu           the deformer skins and bends on the CPU; the skin is uploaded
//   GpuShader     the CPU only measures the joints; the vertex shader skins and bends (--gpu)
//   Crowd         many instances, each with its own joint level on the CPU, skinned and bent
//                 by the vertex shader (--crowd N, crowd.h)
//   SteadyMotion  the deformation visualiser: the pose held, one joint at a steady velocity,
//                 deformed on the CPU whatever the GPU setting

#include <vector>

#include <glm/glm.hpp>

#include "app/viewer_state.h"

namespace dynskin::gl {
class SceneRenderer;
struct SceneView;
}  // namespace dynskin::gl

namespace dynskin::app {

enum class SkinPath { Cpu, GpuShader, Crowd, SteadyMotion };

class FramePipeline {
public:
    explicit FramePipeline(gl::SceneRenderer& renderer) : renderer_(renderer) {}

    // A newly loaded character: its mesh goes to the renderer, for both the CPU and the GPU
    // paths (the Performance panel switches them live).
    void set_scene(Scene& scene);

    // A new frame: what was read back from the GPU during the last one is stale.
    void begin_frame() { gpu_captured_ = false; }
    // Advances the world by dt (playback, the pose timeline) and deforms the scene by the
    // path this frame takes; records the clip being exported.
    void simulate(ViewerState& state, double dt);
    // After simulate(): hands the renderer what this frame's path leaves to the CPU (the
    // skin, the ghost, the colour map's scalars) and sets the view's path and colour map.
    void prepare_view(ViewerState& state, gl::SceneView& view);

    // The skin as shown: the CPU deformer's, or read back from the GPU path (once a frame at
    // most, and only when asked: painting and the displacement map need it).
    const std::vector<glm::vec3>& shown_positions(const ViewerState& state);

    // The path the last simulate() took.
    SkinPath path() const { return path_; }
    bool visualising() const { return path_ == SkinPath::SteadyMotion; }

private:
    SkinPath choose_path(const ViewerState& state) const;
    // The colour map's scalars for this frame, on the shown skin.
    void upload_colour_map(ViewerState& state, gl::SceneView& view);

    gl::SceneRenderer& renderer_;
    SkinPath path_ = SkinPath::Cpu;
    // The GPU path's skin read back (positions, the base skinning's, and normals unused).
    std::vector<glm::vec3> gpu_positions_, gpu_normals_, gpu_base_positions_;
    bool gpu_captured_ = false;   // gpu_positions_ is this frame's
    int gpu_paint_revision_ = -1; // the painter's revision the GPU's painted layers are of
};

}  // namespace dynskin::app
