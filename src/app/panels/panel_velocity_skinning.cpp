#include <imgui.h>

#include "app/panels/panels.h"

namespace dynskin::app {
namespace {

// Every joint below `joint`, itself included (parents come before their children).
std::vector<int> branch_of(const Skeleton& skeleton, int joint) {
    std::vector<int> branch;
    for (int j = joint; j < skeleton.joint_count(); ++j)
        if (skeleton.is_ancestor_or_self(joint, j)) branch.push_back(j);
    return branch;
}

bool switches(const char* label, MotionSwitches& s) {
    ImGui::PushID(label);
    ImGui::TextUnformatted(label);
    ImGui::SameLine(ImGui::GetFontSize() * 5.0f);
    bool changed = ImGui::Checkbox("turn", &s.rotation);
    ImGui::SameLine();
    changed |= ImGui::Checkbox("translation", &s.translation);
    ImGui::PopID();
    return changed;
}

}  // namespace

void velocity_skinning_panel(ViewerState& state) {
    if (!ImGui::CollapsingHeader("Velocity Skinning")) return;
    DynamicParameters& p = state.settings.parameters;
    parameter_slider("Squash", parameter("squash"), &p.squash, "%.3f s");
    parameter_choice_buttons(parameter("squash_center"), p);
    ImGui::TextDisabled("Floppy limiter: \"Limit the bend\" above; floppy and squash layers: Painting.");

    if (!state.scene || state.selected_joint < 0) {
        ImGui::TextDisabled("Select a joint for its switches, centroid and visualiser.");
        return;
    }
    Scene& scene = *state.scene;
    const Skeleton& skeleton = scene.character().skeleton;
    const int j = state.selected_joint;
    if (state.settings.joints.size() < static_cast<std::size_t>(skeleton.joint_count()))
        state.settings.joints.resize(skeleton.joint_count());
    JointSettings& js = state.settings.joints[j];
    ImGui::Separator();
    ImGui::Text("Joint: %s", skeleton.names[j].c_str());
    switches("Bend", js.bend);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Drag and wobble from this joint's turn and translation.");
    switches("Squash", js.squash);
    if (ImGui::Button("Apply to the branch")) {
        for (int k : branch_of(skeleton, j)) {
            state.settings.joints[k].bend = js.bend;
            state.settings.joints[k].squash = js.squash;
        }
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The same switches for every joint below this one (e.g. legs off).");

    const float size = scene.deformer.size();
    ImGui::DragFloat3("Centroid offset", &js.centroid_offset.x, 0.005f * size);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Moves the centre of this joint's squash, in the joint's frame. Or drag its diamond with\n"
                          "the Move centroid tool.");
    bool moving = state.tool == Tool::MoveCentroid;
    if (ImGui::Checkbox("Move centroid tool", &moving)) set_tool(state, moving ? Tool::MoveCentroid : Tool::Drag);
    ImGui::SameLine();
    if (ImGui::SmallButton("Reset centroid")) js.centroid_offset = glm::vec3(0.0f);

    ImGui::Separator();
    SteadyMotion& steady = state.steady;
    ImGui::Checkbox("Visualise a steady motion", &steady.enabled);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Hold the pose and give the selected joint a constant velocity, as if forever: see its\n"
                          "drag and squash without playing an animation, and tune them on a still picture.");
    if (steady.enabled) {
        ImGui::DragFloat3("Turn (rad/s)", &steady.angular.x, 0.05f, -50.0f, 50.0f, "%.2f");
        ImGui::DragFloat3("Move (sizes/s)", &steady.linear.x, 0.02f, -20.0f, 20.0f, "%.2f");
        ImGui::Checkbox("Paths as the speed grows from 0", &steady.trajectories);
    }
}

}  // namespace dynskin::app
