// The Export panel: bake the current clip to a glTF any viewer plays (stepped a few frames
// per UI frame, with progress and cancel), record the rendered frames as PNGs, and record
// the joint drags as a new clip.

#include <cstdio>
#include <filesystem>

#include <imgui.h>

#include "app/panels.h"

namespace dynskin::app {
namespace {

// The bake gets this much of each UI frame, so that the window stays responsive.
constexpr double kBakeBudgetMs = 25.0;

void step_bake(ViewerState& state) {
    ExportTools& tools = state.exports;
    if (!tools.bake) return;
    try {
        tools.bake->run_for(kBakeBudgetMs);
    } catch (const std::exception& e) {
        state.error_message = std::string("Could not export the baked glTF:\n") + e.what();
        tools.bake.reset();
        return;
    }
    if (tools.bake->finished()) {
        tools.status = "Baked " + std::to_string(tools.bake->frame_count()) + " frames into " + tools.bake->output_path();
        tools.bake.reset();
    }
}

void bake_section(ViewerState& state) {
    ExportTools& tools = state.exports;
    Scene& scene = *state.scene;
    static char path[1024] = "";
    static std::string path_for;  // the scene the default path was made for
    if (path_for != scene.source) {
        const std::filesystem::path source(scene.source);
        std::snprintf(path, sizeof path, "%s_baked.glb", source.stem().string().c_str());
        path_for = scene.source;
    }
    ImGui::TextUnformatted("Baked glTF (plays in any glTF viewer)");
    const int clip = scene.input.clip;
    if (clip < 0) {
        ImGui::TextDisabled("Choose a clip in the Animation panel to bake it.");
        return;
    }
    ImGui::TextDisabled("clip '%s', current settings", scene.character().clips[static_cast<std::size_t>(clip)].name.c_str());
    ImGui::InputText("File##bake", path, sizeof path);
    ImGui::SliderFloat("Frame rate", &tools.bake_fps, 5.0f, 60.0f, "%.0f fps");
    ImGui::Checkbox("Seamless loop", &tools.bake_loop);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Play the clip until its wobbles repeat, then bake one period: no pop at the wrap");
    if (!tools.bake_loop) ImGui::SliderFloat("Tail", &tools.bake_tail, 0.0f, 3.0f, "%.1f s");
    if (tools.bake) {
        ImGui::ProgressBar(static_cast<float>(tools.bake->progress()), ImVec2(-1, 0), tools.bake->stage().c_str());
        if (ImGui::Button("Cancel##bake")) {
            tools.bake.reset();
            tools.status = "Bake cancelled";
        }
    } else if (ImGui::Button("Export baked glTF...")) {
        try {
            tools.bake = std::make_unique<BakeJob>(scene.loaded, clip, state.settings, tools.bake_fps, tools.bake_loop,
                                                   tools.bake_loop ? 0.0 : tools.bake_tail, path);
            tools.status.clear();
        } catch (const std::exception& e) {
            state.error_message = std::string("Could not bake: ") + e.what();
        }
    }
}

void frames_section(ViewerState& state) {
    FrameRecorder& frames = state.exports.frames;
    static char folder[1024] = "dynskin-frames";
    ImGui::TextUnformatted("Frames as PNGs (the view, without panels)");
    ImGui::InputText("Folder##frames", folder, sizeof folder);
    bool on = frames.recording();
    if (ImGui::Checkbox("Record frames", &on)) {
        if (on) {
            try {
                frames.start(folder);
            } catch (const std::exception& e) {
                state.error_message = e.what();
            }
        } else {
            frames.stop();
            state.exports.status = std::to_string(frames.frames_written()) + " frames in " + frames.folder();
        }
    }
    if (frames.recording()) {
        ImGui::SameLine();
        ImGui::Text("%d written", frames.frames_written());
    }
}

void clip_section(ViewerState& state) {
    ExportTools& tools = state.exports;
    Scene& scene = *state.scene;
    ImGui::TextUnformatted("Drags as a clip (60 Hz)");
    if (!tools.clip.recording()) {
        if (ImGui::Button("Record clip")) tools.clip.start(state.world_time);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Records the pose as you drag joints; Stop adds it to the clip list and replays it.\n"
                              "Save (Ctrl+S) writes recorded clips into the glb as animations.");
        return;
    }
    char label[64];
    std::snprintf(label, sizeof label, "Stop (%.1f s)", tools.clip.seconds());
    if (!ImGui::Button(label)) return;
    Character& character = scene.character();
    AnimationClip clip = tools.clip.stop(character.skeleton, "recorded " + std::to_string(++tools.recorded_count));
    if (clip.channels.empty()) {
        tools.status = "Nothing recorded (too short)";
        return;
    }
    tools.status = "'" + clip.name + "' added to the clips (" + std::to_string(clip.duration).substr(0, 4) + " s)";
    character.clips.push_back(std::move(clip));
    // Replay it: the drags are in the clip now, so they go from the input.
    scene.input.reset_drags(character.skeleton.joint_count());
    scene.input.clip = static_cast<int>(character.clips.size()) - 1;
    scene.input.clip_time = 0.0;
    state.playback.playing = true;
    state.reset_history = true;
}

}  // namespace

void export_panel(ViewerState& state) {
    step_bake(state);  // whether the panel is open or not
    if (!ImGui::CollapsingHeader("Export and record") || !state.scene) return;
    bake_section(state);
    ImGui::Separator();
    frames_section(state);
    ImGui::Separator();
    if (state.herd_instances > 0) ImGui::TextDisabled("(no clip recording with a herd)");
    else clip_section(state);
    if (!state.exports.status.empty()) ImGui::TextWrapped("%s", state.exports.status.c_str());
}

}  // namespace dynskin::app
