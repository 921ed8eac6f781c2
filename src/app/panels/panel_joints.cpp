#include <cstdint>
#include <functional>

#include <imgui.h>

#include "app/panels/panels.h"

namespace dynskin::app {

void joints_panel(ViewerState& state) {
    if (!state.scene || !ImGui::CollapsingHeader("Joints")) return;
    const Skeleton& s = state.scene->character().skeleton;
    std::vector<std::vector<int>> children(s.joint_count());
    for (int j = 0; j < s.joint_count(); ++j)
        if (s.parents[j] >= 0) children[s.parents[j]].push_back(j);

    ImGui::BeginChild("joint_tree", ImVec2(0, 180 * ImGui::GetIO().FontGlobalScale), true);
    std::function<void(int)> node = [&](int j) {
        ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_OpenOnArrow | ImGuiTreeNodeFlags_DefaultOpen |
                                   ImGuiTreeNodeFlags_SpanAvailWidth;
        if (children[j].empty()) flags |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen;
        if (j == state.selected_joint) flags |= ImGuiTreeNodeFlags_Selected;
        const bool open = ImGui::TreeNodeEx(reinterpret_cast<void*>(static_cast<std::intptr_t>(j)), flags, "%s",
                                            s.names[j].empty() ? ("joint " + std::to_string(j)).c_str() : s.names[j].c_str());
        if (ImGui::IsItemClicked() && !ImGui::IsItemToggledOpen()) {
            state.selected_joint = j;
            state.drive_history.clear();
        }
        if (open && !children[j].empty()) {
            for (int c : children[j]) node(c);
            ImGui::TreePop();
        }
    };
    for (int j = 0; j < s.joint_count(); ++j)
        if (s.parents[j] < 0) node(j);
    ImGui::EndChild();
}

}  // namespace dynskin::app
