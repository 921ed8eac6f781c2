#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/panels/panels.h"
#include "dynskin/measurement_clock.h"
#include "dynskin/oscillation_kernel.h"
#include "dynskin/rig_defaults.h"
#include "dynskin/settings_schema.h"

namespace dynskin::app {

bool slider_with_help(const char* label, float* value, float min, float max, const char* format, const char* help,
                      bool logarithmic) {
    const bool changed =
        ImGui::SliderFloat(label, value, min, max, format, logarithmic ? ImGuiSliderFlags_Logarithmic : 0);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", help);
    return changed;
}

bool parameter_slider(const char* label, const ParameterSpec& spec, float* value, const char* format) {
    const bool changed =
        slider_with_help(label, value, spec.slider_min, spec.slider_max, format, spec.description, spec.logarithmic_slider);
    // A typed value may leave the slider's span, not the table's range (as every front end).
    if (changed) *value = static_cast<float>(spec.clamped(*value));
    return changed;
}

void parameter_choice_buttons(const ParameterSpec& spec, DynamicParameters& p) {
    int chosen = static_cast<int>(spec.get(p));
    for (std::size_t i = 0; i < spec.choices.size(); ++i) {
        if (i > 0) ImGui::SameLine();
        ImGui::RadioButton(spec.choices[i].label, &chosen, static_cast<int>(i));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", spec.choices[i].description);
    }
    spec.set(p, chosen);
}

namespace {

bool oscillation_sliders(OscillationParameters& p) {
    const auto slider = [&p](const char* label, const char* name, const char* format) {
        const ParameterSpec& spec = parameter(name);
        return parameter_slider(label, spec, &(p.*spec.oscillation), format);
    };
    bool changed = false;
    changed |= slider("f (Hz)", "frequency", "%.2f Hz");
    changed |= slider("tau (s)", "damping", "%.2f s");
    changed |= slider("A", "amplitude", "%.3f");
    changed |= slider("D", "drag", "%.3f");
    return changed;
}

// kappa as the filter uses it: its values at the ticks, over its truncated support.
void kernel_plot(const OscillationParameters& p) {
    OscillationKernel kernel;
    kernel.configure(p);
    std::vector<float> values(static_cast<std::size_t>(std::max(kernel.length(), 2)), 0.0f);
    for (int k = 0; k < kernel.length(); ++k) values[static_cast<std::size_t>(k)] = kernel.at(k);
    const float bound = std::max(std::abs(kernel.parameters().amplitude), 1e-3f);
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, "kappa(t), 0 .. %.2f s", kernel.length() * kTickSeconds);
    ImGui::PlotLines("##kernel", values.data(), static_cast<int>(values.size()), 0, overlay, -bound, bound,
                     ImVec2(ImGui::GetContentRegionAvail().x, 44 * ImGui::GetIO().FontGlobalScale));
}

// A number that can be off (a limit, the dLBS speed): a checkbox that turns it on at the
// table's on_value or off, and while it is on, its slider beside it.
void switchable_number(const char* checkbox, const char* help, const char* name, float& value, const char* format) {
    const ParameterSpec& spec = parameter(name);
    bool on = !spec.is_off(value);
    if (ImGui::Checkbox(checkbox, &on)) value = static_cast<float>(on ? spec.on_value : spec.off_value());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", help);
    if (!on) return;
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1);
    parameter_slider(("##" + std::string(name)).c_str(), spec, &value, format);
}

// A rig that came without settings: what sizing its strength to the clip derived.
void strength_sizing_note(const ViewerState& state) {
    const StrengthSizing& sized = state.strength_sizing;
    if (!state.scene || sized.clip < 0 || sized.user_owned || !sized.sizing.moves) return;
    const Character& character = state.scene->character();
    if (static_cast<std::size_t>(sized.clip) >= character.clips.size()) return;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
    ImGui::TextWrapped("A, D and Translation x%.2f: sized to %s (largest offset %.2f L). A rig without settings; "
                       "set them to keep yours.",
                       sized.sizing.scale, character.clips[static_cast<std::size_t>(sized.clip)].name.c_str(),
                       sized.sizing.largest);
    ImGui::PopStyleColor();
}

}  // namespace

void dynamics_panel(ViewerState& state) {
    if (!ImGui::CollapsingHeader("Dynamic skinning", ImGuiTreeNodeFlags_DefaultOpen)) return;
    DynamicParameters& p = state.settings.parameters;
    parameter_choice_buttons(parameter("mode"), p);
    bool dqs = p.base == SkinningBase::DualQuaternion;
    if (ImGui::Checkbox("Dual quaternion base", &dqs)) p.base = dqs ? SkinningBase::DualQuaternion : SkinningBase::Linear;

    oscillation_sliders(p.oscillation);
    kernel_plot(p.oscillation);

    parameter_slider("Translation", parameter("translation_gain"), &p.translation_gain, "%.2f");
    strength_sizing_note(state);
    switchable_number("Limit the bend",
                      "Soft limit of each joint's bend angle (and of the translation's lag): fast swings bend this far "
                      "at most instead of folding the limb over.",
                      "max_angle", p.max_angle, "max %.2f rad");
    switchable_number("Limit the offset",
                      "Soft limit of how far any vertex strays from the base skinning, in character sizes: half of it "
                      "passes unchanged, beyond it the offset eases toward the limit (falls, teleports, violent clips).",
                      "max_offset", p.max_offset, "max %.2f L");
    switchable_number("Ground contact",
                      "Planted feet stay planted: the skin within a quarter of this height above the ground (the rest "
                      "pose's lowest point) keeps its base skinning, and the offsets fade in up to this height. On for "
                      "a rig that comes without settings.",
                      "ground_contact", p.ground_contact, "band %.2f L");
    switchable_number("Delayed LBS", "Joint rotations travel from the root to the extremities at speed c.",
                      "propagation_speed", p.propagation_speed, "c %.2f sizes/s");
    if (state.scene && state.scene->crowd && !parameter("propagation_speed").is_off(p.propagation_speed))
        ImGui::TextDisabled("(a crowd is drawn without dLBS)");
    if (ImGui::Button("Reset motion")) state.reset_history = true;
    ImGui::SameLine();
    // A rig that came without settings goes back to an unseen rig's defaults (sized to its
    // clip again at the next frame), any other to the method's.
    if (ImGui::Button("Default parameters")) {
        const bool unseen = state.scene && !state.scene->loaded.settings;
        p = unseen ? settings_for_unseen_rig(state.scene->character()).parameters : DynamicParameters{};
        if (unseen) state.strength_sizing = StrengthSizing::before_sizing(p);
    }

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
    const JointSettingSpec& gain = joint_setting("gain");
    if (slider_with_help("##gain", &js.gain, gain.slider_min, gain.slider_max, "gain %.2f", gain.description, false))
        js.gain = static_cast<float>(gain.clamped(js.gain));
    ImGui::Checkbox("Own f, tau, A, D", &js.override_oscillation);
    if (js.override_oscillation) {
        ImGui::PushID("joint");
        oscillation_sliders(js.oscillation);
        ImGui::PopID();
    }
    const float size = state.scene->deformer.size();
    ImGui::DragFloat3("Origin offset", &js.origin_offset.x, 0.005f * size);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", joint_setting("origin_offset").description);
}

}  // namespace dynskin::app
