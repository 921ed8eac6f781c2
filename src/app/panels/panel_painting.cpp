#include <algorithm>

#include <imgui.h>

#include "app/panels/panels.h"

namespace dynskin::app {

void painting_panel(ViewerState& state) {
    if (!ImGui::CollapsingHeader("Painting")) return;
    int tool = static_cast<int>(state.tool);
    ImGui::RadioButton("Drag joints", &tool, 0);
    ImGui::SameLine();
    ImGui::RadioButton("Paint", &tool, 1);
    set_tool(state, static_cast<Tool>(tool));

    int layer = static_cast<int>(state.paint_layer);
    ImGui::Combo("Layer", &layer, "Bend (all dynamics)\0Floppy (drag)\0Squash & stretch\0");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Bend: how soft the skin is for every dynamic effect (0 rigid).\n"
                          "Floppy: scales the drag within the bend, keeping the wobbles.\n"
                          "Squash: scales the squash & stretch (set its strength in Velocity Skinning).");
    state.paint_layer = static_cast<PaintLayer>(layer);

    Brush& b = state.brush;
    int mode = static_cast<int>(b.mode);
    ImGui::RadioButton("Paint##mode", &mode, 0);
    ImGui::SameLine();
    ImGui::RadioButton("Erase", &mode, 1);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to the default weight 1.");
    ImGui::SameLine();
    ImGui::RadioButton("Smooth", &mode, 2);
    b.mode = static_cast<BrushMode>(mode);
    slider_with_help("Value", &b.value, -1.0f, 2.0f, "%.2f",
                     "The weight painted: 0 none, 1 default, above 1 stronger, negative anticipates the motion.");
    slider_with_help("Radius", &b.radius, 0.005f, 0.5f, "%.3f sizes", "Brush radius, in character sizes.", true);
    slider_with_help("Strength", &b.strength, 0.01f, 1.0f, "%.2f", "How far one dab moves toward the value.");
    slider_with_help("Falloff", &b.falloff, 0.0f, 1.0f, "%.2f", "0: hard edge, 1: soft from the centre.");

    if (!state.scene) return;
    Scene& scene = *state.scene;
    if (ImGui::Button("Fill with value")) {
        std::vector<float>& weights = painted_layer(scene, state.paint_layer);
        scene.painter.begin_stroke(weights);
        std::fill(weights.begin(), weights.end(), b.value);
        scene.painter.end_stroke();
    }
    ImGui::SameLine();
    ImGui::BeginDisabled(!scene.painter.can_undo());
    if (ImGui::Button("Undo")) scene.painter.undo();
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!scene.painter.can_redo());
    if (ImGui::Button("Redo")) scene.painter.redo();
    ImGui::EndDisabled();
    ImGui::TextDisabled("Ctrl+Z / Ctrl+Shift+Z");
}

}  // namespace dynskin::app
