#include "app/frame/frame_pipeline.h"

#include <algorithm>

#include "app/frame/colour_maps.h"
#include "gl/scene_renderer.h"

namespace dynskin::app {

void FramePipeline::set_scene(Scene& scene) {
    const SkinnedMesh& mesh = scene.character().mesh;
    gl::StaticMesh m;
    m.triangles = &mesh.triangles;
    m.colors = &mesh.colors;
    m.look = &scene.loaded.look;
    m.vertex_count = mesh.vertex_count();
    renderer_.set_mesh(m);
    renderer_.set_gpu_mesh(scene.character(), scene.deformer, scene.loaded.look.texture_uvs);
}

SkinPath FramePipeline::choose_path(const ViewerState& state) const {
    // The visualiser holds one character still: a crowd has none.
    if (state.scene->crowd) return SkinPath::Crowd;
    if (state.steady.enabled && state.selected_joint >= 0) return SkinPath::SteadyMotion;
    return state.gpu_path ? SkinPath::GpuShader : SkinPath::Cpu;
}

void FramePipeline::simulate(ViewerState& state, double dt) {
    Scene& scene = *state.scene;
    if (state.reset_history) {
        scene.deformer.reset();
        scene.timeline.clear();
        if (scene.crowd) scene.crowd->reset();
        state.reset_history = false;
    }
    state.world_clock.advance(dt);
    const double world_time = state.world_clock.now();
    PoseInput& input = scene.input;
    path_ = choose_path(state);
    const double clip_step = state.playback.playing ? dt * state.playback.speed : 0.0;
    // The visualiser holds the pose: the clip waits while it is on.
    if (input.clip >= 0 && path_ != SkinPath::SteadyMotion) {
        input.clip_time += clip_step;
        const double duration = scene.character().clips[input.clip].duration;
        if (!input.loop) input.clip_time = std::min(input.clip_time, duration);
    }
    scene.timeline.record(world_time, input);
    const double t = measured_time(world_time);
    const Character& character = scene.character();
    const PoseTimeline& timeline = scene.timeline;
    const PoseSampler sampler = [&](double at, Pose& pose) { timeline.sample(character, at, pose); };
    switch (path_) {
        case SkinPath::SteadyMotion: {
            Pose pose{character.skeleton.rest};
            sampler(t, pose);
            scene.steady_view.update(scene.deformer, pose, state.settings, state.selected_joint, state.steady,
                                     scene.painter.revision());
            break;
        }
        case SkinPath::Crowd: {
            // Each instance's joint level on the CPU; the shader skins and bends them all.
            Crowd& crowd = *scene.crowd;
            crowd.simulate(world_time, clip_step, state.settings);
            renderer_.set_crowd(crowd.rows(), crowd.constants(state.settings.parameters), crowd.offsets());
            break;
        }
        case SkinPath::GpuShader:
            // The CPU measures the joints; the shader does the per-vertex work.
            scene.deformer.update_joints(t, sampler, state.settings);
            renderer_.update_gpu_joints(scene.deformer, state.settings.parameters);
            // The painted layer is per-vertex data: it goes up only while it can change.
            if (state.tool == Tool::Paint || scene.painter.revision() != gpu_paint_revision_) {
                renderer_.update_gpu_painted_layers(character.mesh);
                gpu_paint_revision_ = scene.painter.revision();
            }
            break;
        case SkinPath::Cpu: scene.deformer.update(t, sampler, state.settings); break;
    }
    if (path_ != SkinPath::SteadyMotion) scene.steady_view.forget();
    state.exports.clip.record(character, timeline, t);
}

const std::vector<glm::vec3>& FramePipeline::shown_positions(const ViewerState& state) {
    // Asked during the input, before this frame's simulate(), the path is still the last
    // frame's; the GPU setting is the panel's now.
    if (!state.gpu_path || visualising()) return state.scene->deformer.positions();
    if (!gpu_captured_) {
        renderer_.capture_gpu_skin(gpu_positions_, gpu_normals_, true);
        gpu_captured_ = true;
    }
    return gpu_positions_;
}

void FramePipeline::prepare_view(ViewerState& state, gl::SceneView& view) {
    const Deformer& d = state.scene->deformer;
    view.gpu = path_ == SkinPath::GpuShader || path_ == SkinPath::Crowd;
    view.crowd = path_ == SkinPath::Crowd;
    // Nothing is drawn on the CPU paths before the deformer's first update.
    const bool deformed = view.gpu || !d.positions().empty();
    if (!view.gpu && deformed) {
        renderer_.update_skin(d.positions(), d.normals());
        if (state.display.ghost) renderer_.update_ghost(d.base_positions(), d.base_normals());
    }
    view.color_map = state.display.color_map != ColorMap::None && deformed;
    if (view.color_map) upload_colour_map(state, view);
}

void FramePipeline::upload_colour_map(ViewerState& state, gl::SceneView& view) {
    Scene& scene = *state.scene;
    ColourMapScalars map;
    switch (state.display.color_map) {
        case ColorMap::PaintedLayer: map = painted_layer_colours(painted_layer(scene, state.paint_layer)); break;
        case ColorMap::SkinWeight: map = skin_weight_colours(scene.character().mesh, state.selected_joint); break;
        case ColorMap::Displacement: {
            const std::vector<glm::vec3>& shown = shown_positions(state);
            const std::vector<glm::vec3>* base = &scene.deformer.base_positions();
            if (view.gpu) {  // the base skinning is the shader's too
                renderer_.capture_gpu_skin(gpu_base_positions_, gpu_normals_, false);
                base = &gpu_base_positions_;
            }
            map = displacement_colours(shown, *base, scene.deformer.size());
            break;
        }
        case ColorMap::None: return;
    }
    view.diverging = map.diverging;
    view.scalar_range = map.range;
    renderer_.update_scalars(map.values);
}

}  // namespace dynskin::app
