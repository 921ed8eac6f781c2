#include <algorithm>

#include <imgui.h>

#include "app/panels.h"

namespace dynskin::app {

void painting_panel(ViewerState& state) {
    if (!ImGui::CollapsingHeader("Painting")) return;
    int tool = static_cast<int>(state.tool);
    ImGui::RadioButton("Drag joints", &tool, 0);
    ImGui::SameLine();
    ImGui::RadioButton("Paint bend weight", &tool, 1);
    set_tool(state, static_cast<Tool>(tool));

    Brush& b = state.brush;
    int mode = static_cast<int>(b.mode);
    ImGui::RadioButton("Paint", &mode, 0);
    ImGui::SameLine();
    ImGui::RadioButton("Erase", &mode, 1);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the default weight 1.");
    ImGui::SameLine();
    ImGui::RadioButton("Smooth", &mode, 2);
    b.mode = static_cast<BrushMode>(mode);
    slider_with_help("Value", &b.value, -1.0f, 2.0f, "%.2f",
                     "The bend weight painted: 0 rigid, 1 default, above 1 softer, negative anticipates.");
    slider_with_help("Radius", &b.radius, 0.005f, 0.5f, "%.3f sizes", "Brush radius, in character sizes.", true);
    slider_with_help("Strength", &b.strength, 0.01f, 1.0f, "%.2f", "How far one dab moves toward the value.");
    slider_with_help("Falloff", &b.falloff, 0.0f, 1.0f, "%.2f", "0: hard edge, 1: soft from the centre.");

    if (!state.scene) return;
    Scene& scene = *state.scene;
    std::vector<float>& weights = scene.character().mesh.bend_weights;
    if (ImGui::Button("Fill with value")) {
        scene.painter.begin_stroke(weights);
        std::fill(weights.begin(), weights.end(), b.value);
        scene.painter.end_stroke(weights);
    }
    ImGui::SameLine();
    ImGui::BeginDisabled(!scene.painter.can_undo());
    if (ImGui::Button("Undo")) scene.painter.undo(weights);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!scene.painter.can_redo());
    if (ImGui::Button("Redo")) scene.painter.redo(weights);
    ImGui::EndDisabled();
    ImGui::TextDisabled("Ctrl+Z / Ctrl+Shift+Z");
}

}  // namespace dynskin::app
