#include <cmath>
#include <limits>
#include <vector>

#include <imgui.h>

#include "app/panels.h"
#include "core/dynamics/oscillation_kernel.h"

namespace dynskin::app {

bool slider_with_help(const char* label, float* value, float min, float max, const char* format, const char* help,
                      bool logarithmic) {
    const bool changed =
        ImGui::SliderFloat(label, value, min, max, format, logarithmic ? ImGuiSliderFlags_Logarithmic : 0);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", help);
    return changed;
}

namespace {

bool oscillation_sliders(OscillationParameters& p) {
    bool changed = false;
    changed |= slider_with_help("f (Hz)", &p.frequency, 0.0f, 10.0f, "%.2f Hz", "Frequency: how fast the skin wobbles.");
    changed |= slider_with_help("tau (s)", &p.damping, 0.0f, 3.0f, "%.2f s",
                                "Damping: how long a wobble lasts (its envelope falls by e every tau seconds).");
    changed |= slider_with_help("A", &p.amplitude, -1.0f, 1.0f, "%.3f",
                                "Amplitude of the wobble that starts at every change of speed (negative: the other way).");
    changed |= slider_with_help("D", &p.drag, -1.0f, 1.0f, "%.3f",
                                "Drag: the skin lags behind a moving joint, in proportion to its speed.");
    return changed;
}

void kernel_plot(const OscillationParameters& p) {
    // kappa(t) = A exp(-t/tau) sin(2 pi f t) over the truncated support.
    const float span = std::max(p.damping * std::log(1000.0f), 0.1f);
    float values[160];
    for (int k = 0; k < 160; ++k) {
        const float t = span * k / 159.0f;
        values[k] = p.damping > 0.0f ? p.amplitude * std::exp(-t / p.damping) * std::sin(2.0f * float(M_PI) * p.frequency * t)
                                     : 0.0f;
    }
    const float bound = std::max(std::abs(p.amplitude), 1e-3f);
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, "kappa(t), 0 .. %.2f s", span);
    ImGui::PlotLines("##kernel", values, 160, 0, overlay, -bound, bound, ImVec2(ImGui::GetContentRegionAvail().x, 70 * ImGui::GetIO().FontGlobalScale));
}

}  // namespace

void dynamics_panel(ViewerState& state) {
    if (!ImGui::CollapsingHeader("Dynamic skinning", ImGuiTreeNodeFlags_DefaultOpen)) return;
    DynamicParameters& p = state.settings.parameters;
    int mode = static_cast<int>(p.mode);
    ImGui::RadioButton("LBS only", &mode, 0);
    ImGui::SameLine();
    ImGui::RadioButton("Drag only", &mode, 1);
    ImGui::SameLine();
    ImGui::RadioButton("Dynamic", &mode, 2);
    p.mode = static_cast<DeformerMode>(mode);
    bool dqs = p.base == SkinningBase::DualQuaternion;
    if (ImGui::Checkbox("Dual quaternion base", &dqs)) p.base = dqs ? SkinningBase::DualQuaternion : SkinningBase::Linear;

    oscillation_sliders(p.oscillation);
    kernel_plot(p.oscillation);

    slider_with_help("Translation", &p.translation_gain, 0.0f, 3.0f, "%.2f",
                     "Lag and wobble behind a joint whose translation moves (drag the root).");
    bool limit = p.max_angle > 0.0f && std::isfinite(p.max_angle);
    if (ImGui::Checkbox("Limit the bend", &limit)) p.max_angle = limit ? kDefaultMaxAngle : 0.0f;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Soft limit of each joint's bend angle (and of the translation's lag): fast swings bend "
                          "this far at most instead of folding the limb over.");
    if (limit) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(-1);
        ImGui::SliderFloat("##max", &p.max_angle, 0.05f, 3.0f, "max %.2f rad");
    }
    bool limit_offset = p.max_offset > 0.0f && std::isfinite(p.max_offset);
    if (ImGui::Checkbox("Limit the offset", &limit_offset)) p.max_offset = limit_offset ? kDefaultMaxOffset : 0.0f;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Soft limit of how far any vertex strays from the base skinning, in character sizes: "
                          "half of it passes unchanged, beyond it the offset eases toward the limit (falls, "
                          "teleports, violent clips).");
    if (limit_offset) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(-1);
        ImGui::SliderFloat("##max_offset", &p.max_offset, 0.02f, 1.0f, "max %.2f L");
    }
    bool delayed = std::isfinite(p.propagation_speed);
    if (ImGui::Checkbox("Delayed LBS", &delayed)) p.propagation_speed = delayed ? 2.0f : std::numeric_limits<float>::infinity();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Joint rotations travel from the root to the extremities at speed c.");
    if (delayed) {
        ImGui::SameLine();
        ImGui::SetNextItemWidth(-1);
        ImGui::SliderFloat("##c", &p.propagation_speed, 0.2f, 20.0f, "c %.2f sizes/s", ImGuiSliderFlags_Logarithmic);
    }
    if (ImGui::Button("Reset motion")) state.reset_history = true;
    ImGui::SameLine();
    if (ImGui::Button("Default parameters")) p = DynamicParameters{};

    // The selected joint: its live drive and its own settings.
    if (!state.scene || state.selected_joint < 0) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
        ImGui::TextWrapped("Select a joint (click it) for its settings and plot.");
        ImGui::PopStyleColor();
        return;
    }
    const int j = state.selected_joint;
    const Skeleton& skeleton = state.scene->character().skeleton;
    ImGui::Separator();
    ImGui::Text("Joint: %s", skeleton.names[j].c_str());
    std::vector<float> history(state.drive_history.begin(), state.drive_history.end());
    float top = 1e-3f;
    for (float v : history) top = std::max(top, v);
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, "|F| now %.3f rad/s", history.empty() ? 0.0f : history.back());
    ImGui::PlotLines("##drive", history.data(), static_cast<int>(history.size()), 0, overlay, 0.0f, top, ImVec2(ImGui::GetContentRegionAvail().x, 60 * ImGui::GetIO().FontGlobalScale));

    if (state.settings.joints.size() < static_cast<std::size_t>(skeleton.joint_count()))
        state.settings.joints.resize(skeleton.joint_count());
    JointSettings& js = state.settings.joints[j];
    bool enabled = js.gain != 0.0f;
    if (ImGui::Checkbox("Enabled", &enabled)) js.gain = enabled ? 1.0f : 0.0f;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    ImGui::SliderFloat("##gain", &js.gain, 0.0f, 3.0f, "gain %.2f");
    ImGui::Checkbox("Own f, tau, A, D", &js.override_oscillation);
    if (js.override_oscillation) {
        ImGui::PushID("joint");
        oscillation_sliders(js.oscillation);
        ImGui::PopID();
    }
    const float size = state.scene->deformer.size();
    ImGui::DragFloat3("Origin offset", &js.origin_offset.x, 0.005f * size);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Moves the centre of this joint's bend, in the joint's frame.");
}

}  // namespace dynskin::app
