#include "app/web/widget_rectangles.h"

#include <cstdarg>
#include <map>
#include <unordered_map>

#include <imgui_internal.h>

namespace dynskin::app::web {
namespace {

struct Recorded {
    int frame = -1;
    std::unordered_map<ImGuiID, ImRect> added;  // this frame's items, by id
    std::map<std::string, ImRect> labelled;     // their rectangles by label, first one kept
};

Recorded& recorded() {
    static Recorded r;
    return r;
}

// Each frame starts afresh; between frames (when the page asks) the map is the last frame's.
Recorded& for_frame(ImGuiContext* ctx) {
    Recorded& r = recorded();
    if (r.frame != ctx->FrameCount) {
        r.frame = ctx->FrameCount;
        r.added.clear();
        r.labelled.clear();
    }
    return r;
}

}  // namespace

void record_widget_rectangles() {
    if (ImGuiContext* ctx = ImGui::GetCurrentContext()) ctx->TestEngineHookItems = true;
}

bool widget_rectangle(const std::string& label, ImVec2& min, ImVec2& max) {
    const Recorded& r = recorded();
    const auto found = r.labelled.find(label);
    if (found == r.labelled.end()) return false;
    min = found->second.Min;
    max = found->second.Max;
    return true;
}

}  // namespace dynskin::app::web

using dynskin::app::web::for_frame;

// Dear ImGui's test-engine hooks (imgui_internal.h), called for every item while
// TestEngineHookItems is set.
void ImGuiTestEngineHook_ItemAdd(ImGuiContext* ctx, const ImRect& bb, ImGuiID id) { for_frame(ctx).added[id] = bb; }

void ImGuiTestEngineHook_ItemInfo(ImGuiContext* ctx, ImGuiID id, const char* label, ImGuiItemStatusFlags) {
    if (!label) return;
    auto& r = for_frame(ctx);
    const auto added = r.added.find(id);
    if (added != r.added.end()) r.labelled.emplace(label, added->second);
}

void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}

const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) { return nullptr; }
