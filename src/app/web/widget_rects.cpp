#include "app/web/widget_rects.h"

#include <algorithm>
#include <unordered_map>

// For the hooks' declarations (Dear ImGui itself is compiled with it, web/CMakeLists.txt).
#define IMGUI_ENABLE_TEST_ENGINE

#include <imgui.h>
#include <imgui_internal.h>

namespace dynskin::app::web {
namespace {

struct Seen {
    ImRect rect;
    int frame = -1;
};
std::unordered_map<std::string, Seen> seen;

}  // namespace

void record_widget_rects() { ImGui::GetCurrentContext()->TestEngineHookItems = true; }

bool widget_rect(const std::string& label, WidgetRect& rect) {
    const auto found = seen.find(label);
    if (found == seen.end() || found->second.frame < ImGui::GetFrameCount() - 1) return false;
    const ImRect& r = found->second.rect;
    rect = WidgetRect{r.Min.x, r.Min.y, r.GetWidth(), r.GetHeight()};
    return true;
}

}  // namespace dynskin::app::web

// Dear ImGui's test engine hooks (imgui_internal.h, IMGUI_ENABLE_TEST_ENGINE). ItemInfo comes
// for labelled widgets just after their ItemAdd.
namespace {
// What the last ItemAdd was given: a slider's or text field's frame without its label, so
// that a test can click a slider at a known fraction of its travel.
ImGuiID added_id = 0;
ImRect added_rect;
}  // namespace

void ImGuiTestEngineHook_ItemAdd(ImGuiContext*, const ImRect& rect, ImGuiID id) {
    added_id = id;
    added_rect = rect;
}
void ImGuiTestEngineHook_ItemInfo(ImGuiContext* context, ImGuiID id, const char* label, ImGuiItemStatusFlags) {
    if (!label || !*label || !context->CurrentWindow) return;
    // Tree nodes report themselves even when scrolled out of view: keep what can be clicked,
    // at least half of the widget's height (a sliver at the panel's bottom edge lies in the
    // window's resize border, where a click resizes instead).
    const ImRect whole = id == added_id ? added_rect : context->LastItemData.Rect;
    ImRect visible = whole;
    visible.ClipWith(context->CurrentWindow->ClipRect);
    if (visible.GetWidth() >= 1.0f && visible.GetHeight() >= std::max(1.0f, 0.5f * whole.GetHeight()))
        dynskin::app::web::seen[label] = dynskin::app::web::Seen{visible, context->FrameCount};
}
void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}
const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }
