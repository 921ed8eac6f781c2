#include <imgui.h>

#include "app/panels/panels.h"

namespace dynskin::app {

void display_panel(ViewerState& state) {
    if (!ImGui::CollapsingHeader("Display")) return;
    DisplayOptions& d = state.display;
    ImGui::Checkbox("Mesh", &d.mesh);
    ImGui::SameLine();
    ImGui::Checkbox("Wireframe", &d.wireframe);
    ImGui::SameLine();
    ImGui::Checkbox("Skeleton", &d.skeleton);
    ImGui::Checkbox("LBS ghost", &d.ghost);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The skin without the dynamic offsets, translucent, to compare.");
    ImGui::SameLine();
    ImGui::Checkbox("Grid", &d.grid);
    int map = static_cast<int>(d.color_map);
    ImGui::SameLine();
    ImGui::Checkbox("Centroids", &d.centroids);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The squash centroids (diamonds); the selected joint's is filled.");
    ImGui::Checkbox("Follow the character", &d.follow);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The camera moves with the character, so that one that travels (the train) stays in view.\n"
                          "On by itself for clips that carry the character more than half its size.");
    ImGui::Combo("Colour map", &map, "None\0Painted layer\0Skinning weight of the selected joint\0Displacement\0");
    d.color_map = static_cast<ColorMap>(map);
}

}  // namespace dynskin::app
