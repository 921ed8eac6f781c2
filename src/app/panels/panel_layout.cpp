#include "app/panels/panel_layout.h"

#include <algorithm>
#include <cmath>

#include <imgui.h>

#include "app/panels/panels.h"

namespace dynskin::app {
namespace {

// The sections, the common tasks first (the character, its animation and dynamics, open by
// default), the occasional ones collapsed below (panels.h says which is where).
void sections(ViewerState& state) {
    character_panel(state);
    animation_panel(state);
    dynamics_panel(state);
    display_panel(state);
    velocity_skinning_panel(state);
    joints_panel(state);
    painting_panel(state);
    share_panel(state);
    export_panel(state);
    performance_panel(state);
    help_panel();
}

// The tab that hides and shows the panel: at the panel's top right edge while it shows (a
// cross), at the window's top left while it is hidden (three bars). Always on screen.
void panel_tab(ViewerState& state, float margin) {
    const float scale = ImGui::GetIO().FontGlobalScale;
    PanelLayout& panel = state.panel;
    const ImVec2 at = panel.shown ? ImVec2(panel.x + panel.width + 2.0f * scale, panel.y) : ImVec2(margin, margin);
    ImGui::SetNextWindowPos(at, ImGuiCond_Always);
    ImGui::SetNextWindowBgAlpha(0.92f);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(2.0f * scale, 2.0f * scale));
    ImGui::Begin("##panel_tab", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing);
    // "###": one button whatever it shows, for ImGui and for the tests (dynskin_widget).
    if (ImGui::Button(panel.shown ? "\xE2\x9C\x95###panel_tab" : "\xE2\x98\xB0###panel_tab",
                      ImVec2(ImGui::GetFrameHeight() * 1.2f, ImGui::GetFrameHeight() * 1.2f)))
        panel.shown = !panel.shown;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip(panel.shown ? "Hide the panel (H)" : "Show the panel (H)");
    ImGui::End();
    ImGui::PopStyleVar();
}

}  // namespace

void panel_layout(ViewerState& state, bool place, bool ui_hidden) {
    const ImGuiIO& io = ImGui::GetIO();
    const float scale = io.FontGlobalScale, margin = 10.0f * scale;
    PanelLayout& panel = state.panel;
    panel.draw_list = nullptr;
    if (panel.shown) {
        const ImGuiCond cond = place ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
        ImGui::SetNextWindowPos(ImVec2(margin, margin), cond);
        ImGui::SetNextWindowSize(ImVec2(380.0f * scale, 0.0f), cond);
        // As tall as its open sections, at most the window's height (then it scrolls); its
        // width is the user's (the right edge drags).
        ImGui::SetNextWindowSizeConstraints(ImVec2(220.0f * scale, 0.0f),
                                            ImVec2(1e4f, std::max(io.DisplaySize.y - 2.0f * margin, 100.0f * scale)));
        // Its background is a cleared rectangle (ui_drawing.h), square-cornered.
        ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
        ImGui::Begin("dynskin", nullptr,
                     ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoBackground);
        ImGui::PopStyleVar();
        panel.draw_list = ImGui::GetWindowDrawList();
        sections(state);
        panel.x = ImGui::GetWindowPos().x;
        panel.y = ImGui::GetWindowPos().y;
        panel.width = ImGui::GetWindowWidth();
        panel.height = ImGui::GetWindowHeight();
        panel.scroll_max_y = ImGui::GetScrollMaxY();
        // The height follows the open sections (content, padding), up to the constraint.
        const float wanted = ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y + ImGui::GetStyle().WindowPadding.y;
        ImGui::End();
        ImGui::SetWindowSize("dynskin", ImVec2(panel.width, std::min(wanted, io.DisplaySize.y - 2.0f * margin)));
    }
    if (!ui_hidden) panel_tab(state, margin);
    // Centre the character in what the panel leaves free of the window.
    const float free_left = panel.shown ? panel.x + panel.width : 0.0f;
    const float display_width = std::max(io.DisplaySize.x, 1.0f);
    state.camera.center_shift = ui_hidden ? 0.0f : std::clamp(free_left / display_width, 0.0f, 0.6f);
}

glm::ivec4 panel_cover(const PanelLayout& panel, glm::vec2 display, glm::ivec2 scene) {
    if (!(display.x > 0.0f && display.y > 0.0f)) return glm::ivec4(0);
    const glm::vec2 to_scene = glm::vec2(scene) / display;
    const int left = int(std::ceil(panel.x * to_scene.x)), right = int(std::floor((panel.x + panel.width) * to_scene.x));
    const int top = int(std::ceil(panel.y * to_scene.y)), bottom = int(std::floor((panel.y + panel.height) * to_scene.y));
    if (right <= left || bottom <= top) return glm::ivec4(0);
    return glm::ivec4(left, scene.y - bottom, right - left, bottom - top);
}

}  // namespace dynskin::app
