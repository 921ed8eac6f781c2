// The Export panel: bake the current clip to a glTF any viewer plays (stepped a few frames
// per UI frame, with progress and cancel), record the rendered frames as PNGs, and record
// the joint drags as a new clip.

#include <cstdio>
#include <filesystem>

#include <imgui.h>

#include "app/export/export_actions.h"
#include "app/panels/panels.h"

namespace dynskin::app {
namespace {

// The bake gets this much of each UI frame, so that the window stays responsive.
constexpr double kBakeBudgetMs = 25.0;

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
        if (ImGui::Button("Cancel##bake")) cancel_bake(state);
    } else if (ImGui::Button("Export baked glTF...")) {
        start_bake(state, path);
    }
}

void frames_section(ViewerState& state) {
    FrameRecorder& frames = state.exports.frames;
    static char folder[1024] = "dynskin-frames";
    ImGui::TextUnformatted("Frames as PNGs (the view, without panels)");
    ImGui::InputText("Folder##frames", folder, sizeof folder);
    bool on = frames.recording();
    if (ImGui::Checkbox("Record frames", &on)) {
        if (on) start_frame_recording(state, folder);
        else stop_frame_recording(state);
    }
    if (frames.recording()) {
        ImGui::SameLine();
        ImGui::Text("%d written", frames.frames_written());
    }
}

void clip_section(ViewerState& state) {
    ExportTools& tools = state.exports;
    ImGui::TextUnformatted("Drags as a clip (60 Hz)");
    if (!tools.clip.recording()) {
        if (ImGui::Button("Record clip")) start_clip_recording(state);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Records the pose as you drag joints; Stop adds it to the clip list and replays it.\n"
                              "Save (Ctrl+S) writes recorded clips into the glb as animations.");
        return;
    }
    char label[64];
    std::snprintf(label, sizeof label, "Stop (%.1f s)", tools.clip.seconds());
    if (ImGui::Button(label)) finish_clip_recording(state);
}

}  // namespace

void export_panel(ViewerState& state) {
    step_bake(state, kBakeBudgetMs);  // whether the panel is open or not
    if (!ImGui::CollapsingHeader("Export and record") || !state.scene) return;
    bake_section(state);
    ImGui::Separator();
    frames_section(state);
    ImGui::Separator();
    if (state.scene->crowd) ImGui::TextDisabled("(no clip recording with a crowd)");
    else clip_section(state);
    if (!state.exports.status.empty()) ImGui::TextWrapped("%s", state.exports.status.c_str());
}

}  // namespace dynskin::app
