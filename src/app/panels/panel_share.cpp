#include <imgui.h>

#include "app/files/settings_link.h"
#include "app/panels/panels.h"
#include "app/platform.h"

namespace dynskin::app {

std::string share_link(const ViewerState& state) {
    const Scene* scene = state.scene.get();
    if (!scene) return "";
    const DynamicParameters defaults = scene->loaded.settings ? scene->loaded.settings->parameters : DynamicParameters{};
    const std::string parameters = link_query(state.settings.parameters, defaults);
    // A clip recorded in the viewer lives only here; one from the file is named.
    const int clip = scene->input.clip;
    const std::string clip_name = clip < 0 ? "none"
                                  : static_cast<std::size_t>(clip) < scene->file_clip_count
                                      ? scene->character().clips[static_cast<std::size_t>(clip)].name
                                      : "";
    const std::string address = platform::page_address();
    if (address.empty()) return command_line(scene->source, clip_name, parameters);  // the desktop
    // A file of the user's own is in this page's memory only: the link names no character.
    return page_link(address, scene->from_file ? "" : scene->source, scene->from_file ? "" : clip_name, parameters);
}

void share_panel(ViewerState& state) {
    const bool browser = !platform::page_address().empty();
    const std::string link = share_link(state);
    if (browser && !link.empty()) platform::show_in_address(link);  // a reload keeps what is on screen
    if (!ImGui::CollapsingHeader("Share") || !state.scene) return;
    if (ImGui::Button(browser ? "Copy link" : "Copy command line")) {
        state.shared_link = link;
        platform::copy_to_clipboard(link);
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(browser ? "The page's address with this character, its clip and the parameters you changed\n"
                                    "from its own: whoever opens it sees what you see. A file of your own cannot\n"
                                    "travel in a link: for it, the link carries the parameters only."
                                  : "The dynskin command line that opens this character with its clip and the\n"
                                    "parameters you changed from its own (--link takes what a web link carries).");
    if (state.shared_link.empty()) return;
    ImGui::SameLine();
    const char* status = platform::clipboard_status();
    ImGui::TextDisabled("%s", status);
    // Read-only, so it can be selected and copied by hand where the clipboard is refused.
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##shared_link", state.shared_link.data(), state.shared_link.size() + 1, ImGuiInputTextFlags_ReadOnly);
}

}  // namespace dynskin::app
