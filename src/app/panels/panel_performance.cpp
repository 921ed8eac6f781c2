#include <algorithm>
#include <vector>

#include <imgui.h>

#include "app/panels/panels.h"
#include "dynskin/deformer.h"

namespace dynskin::app {

namespace {

// Auto, or a level pinned; what Auto chose now, and why it may be low.
void quality_setting(AdaptiveQuality& quality) {
    constexpr QualityLevel kLevels[] = {QualityLevel::High, QualityLevel::Medium, QualityLevel::Low, QualityLevel::Lowest};
    constexpr const char* kLabels[] = {"High (4x MSAA)", "Medium (no MSAA)", "Low (3/4 resolution)", "Lowest (1/2 resolution)"};
    const char* shown = "Auto";
    if (!quality.automatic()) shown = kLabels[3 - static_cast<int>(quality.level())];
    if (ImGui::BeginCombo("Quality", shown)) {
        if (ImGui::Selectable("Auto", quality.automatic())) quality.pin(std::nullopt);
        for (int i = 0; i < 4; ++i)
            if (ImGui::Selectable(kLabels[i], !quality.automatic() && quality.level() == kLevels[i])) quality.pin(kLevels[i]);
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Auto lowers MSAA, then the resolution, while frames run below %.0f fps, and raises them when "
                          "there is room. Link: ?quality=auto|high|medium|low|lowest; command line: --quality.",
                          AdaptiveQuality::kSlowFps);
    if (quality.automatic())
        ImGui::TextDisabled("now %s%s", quality_name(quality.level()),
                            quality.software_renderer() ? " (software renderer)" : "");
}

// The viewer's own work (CPU) apart from the waiting for the GPU and the display.
void frame_timing(const FrameTiming& t) {
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::Text("%.1f fps, a frame every %.1f ms", io.Framerate, t.interval_ms);
    ImGui::Text("work %6.2f ms: UI %.2f, GL calls %.2f", t.work_ms, t.ui_ms, t.scene_ms);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The viewer's own CPU time in the frame: deformation (below), panels, the scene's GL calls.");
    ImGui::Text("wait %6.2f ms: present %.2f", t.wait_ms(), t.present_ms);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The rest of the frame: the GPU drawing, the display's pace (vsync), the browser's own work.");
    const auto plot = [](const char* label, const std::deque<float>& history, ImU32 colour) {
        std::vector<float> values(history.begin(), history.end());
        float top = 1.0f;
        for (float v : values) top = std::max(top, v);
        ImGui::PushStyleColor(ImGuiCol_PlotLines, colour);
        ImGui::PlotLines(label, values.data(), static_cast<int>(values.size()), 0, nullptr, 0.0f, top * 1.1f,
                         ImVec2(0, 36 * ImGui::GetIO().FontGlobalScale));
        ImGui::PopStyleColor();
    };
    plot("work (ms)", t.work_history, IM_COL32(110, 200, 255, 255));
    plot("wait (ms)", t.wait_history, IM_COL32(255, 170, 80, 255));
}

}  // namespace

void performance_panel(ViewerState& state) {
    if (!ImGui::CollapsingHeader("Performance")) return;
    frame_timing(state.timing);
    ImGui::Checkbox("GPU path (vertex shader)", &state.gpu_path);
    quality_setting(state.quality);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Skinning, bend and normals in the vertex shader; the CPU only measures and filters.");
    if (!state.scene) return;
    if (const Crowd* crowd = state.scene->crowd.get()) {
        // The joint levels are the CPU's part of a crowd's frame: the last frame's, all instances.
        ImGui::Text("crowd: %d instances, %.1f M vertices a frame", crowd->count(),
                    1e-6 * double(crowd->count()) * double(state.scene->character().mesh.vertex_count()));
        ImGui::Text("joints, filter %.3f ms (all instances)", crowd->last_simulate_ms());
        ImGui::Text("memory         %.1f kB an instance", 1e-3 * double(crowd->memory_bytes_per_instance()));
        ImGui::Text("upload         %.3f ms", state.upload_ms);
        return;
    }
    const StageTimes& t = state.scene->deformer.stage_times();
    ImGui::Text("joints, filter %.3f ms", t.measure);
    ImGui::Text("skinning       %.3f ms", t.skin);
    ImGui::Text("bend + normals %.3f ms", t.bend);
    ImGui::Text("upload         %.3f ms", state.upload_ms);
    const Character& c = state.scene->character();
    ImGui::TextDisabled("%zu vertices, %d joints, %zu (vertex, joint) pairs, %s path", c.mesh.vertex_count(),
                        c.skeleton.joint_count(), state.scene->deformer.hierarchical_weights().pair_count(),
                        state.gpu_path ? "GPU" : "CPU");
}

void help_panel() {
    if (!ImGui::CollapsingHeader("Help")) return;
    ImGui::TextUnformatted(
        "Left drag on a joint    drag the joint (its parent turns)\n"
        "Shift + left drag       twist the joint about its bone\n"
        "Left drag elsewhere     orbit\n"
        "Middle drag             orbit (Shift: pan)\n"
        "Right drag              pan\n"
        "Wheel                   zoom\n"
        "F                       frame the character\n"
        "H                       hide / show the panel\n"
        "Space                   play / pause\n"
        "R                       reset the motion history\n"
        "P                       toggle the paint tool\n"
        "G, W                    LBS ghost, wireframe\n"
        "Ctrl+Z, Ctrl+Shift+Z    undo, redo painting\n"
        "Ctrl+S, Ctrl+Shift+S    save, save as\n"
        "F12                     screenshot (dynskin-NNN.png)\n"
        "Drop a .gltf/.glb on the window to open it.");
}

}  // namespace dynskin::app
