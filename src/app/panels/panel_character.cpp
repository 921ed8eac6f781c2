#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>

#include <imgui.h>

#include "app/files/file_exchange.h"
#include "app/files/file_requests.h"
#include "app/panels/panels.h"
#include "app/panels/warning_groups.h"
#include "characters/bundled_characters.h"
#include "dynskin/gltf_saver.h"

namespace dynskin::app {

namespace {

// A wrapped line after a bullet or a tree node's arrow (its continuation lines under the first).
void wrapped(const std::string& text) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
}

// The loader's warnings behind their count, grouped (warning_groups.h): a group of one is its
// message, a larger one "N x message" that opens onto its members. Wrapped at the panel's edge.
void warnings_list(const std::vector<std::string>& warnings) {
    const bool one = warnings.size() == 1;
    if (!ImGui::TreeNode("warnings", "%zu warning%s", warnings.size(), one ? "" : "s")) return;
    // Grouped again only when the list changes (a new character), not every frame.
    static std::vector<std::string> grouped;
    static std::vector<WarningGroup> groups;
    if (grouped != warnings) {
        groups = group_warnings(warnings);
        grouped = warnings;
    }
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const WarningGroup& group = groups[g];
        if (group.messages.size() == 1) {
            ImGui::Bullet();
            wrapped(group.summary);
            continue;
        }
        ImGui::PushID(static_cast<int>(g));
        const bool open = ImGui::TreeNode("group", "%zu\xC3\x97", group.messages.size());  // "N×"
        ImGui::SameLine();
        wrapped(group.summary);
        if (open) {
            for (const std::string& message : group.messages) {
                ImGui::Bullet();
                wrapped(message);
            }
            ImGui::TreePop();
        }
        ImGui::PopID();
    }
    ImGui::TreePop();
}

}  // namespace

void character_panel(ViewerState& state) {
    if (!ImGui::CollapsingHeader("Character", ImGuiTreeNodeFlags_DefaultOpen)) return;
    Scene* scene = state.scene.get();
    ImGui::Text("%s", scene ? scene->character().name.c_str() : "(none)");
    if (scene)
        // Joints as Blender and three.js count them: the skins' (info's "joints").
        ImGui::TextDisabled("%zu vertices, %zu triangles, %d joints", scene->character().mesh.vertex_count(),
                            scene->character().mesh.triangle_count(), scene->loaded.skin_joint_count);

    ImGui::TextUnformatted("Bundled:");
    // The names flow onto as many lines as they need.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    for (const std::string& name : characters::bundled_character_names()) {
        const float width = ImGui::CalcTextSize(name.c_str()).x + 2.0f * style.FramePadding.x;
        if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + width < right) ImGui::SameLine();
        if (ImGui::SmallButton(name.c_str())) state.load_request = name;
    }
    static bool browser_open = false;
    // Open... ends the flow of names (a row less in the panel); the browser's own file picker
    // where there is one (it opens only on this click).
    const float open_width = ImGui::CalcTextSize("Open...").x + 2.0f * style.FramePadding.x;
    if (ImGui::GetItemRectMax().x + 2.0f * style.ItemSpacing.x + open_width < right) ImGui::SameLine(0.0f, 2.0f * style.ItemSpacing.x);
    if (ImGui::SmallButton("Open...") && !platform::pick_files(platform::Picked::Character)) browser_open = true;
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(platform::files_through_browser() ? "Open a .gltf/.glb (with its .bin and images), or drop it on the page"
                                                            : "Open a .gltf/.glb, or drop it on the window");
    if (state.download_fraction && state.load_request) {  // the browser fetches characters when asked for
        const std::string label = "Downloading " + *state.load_request + "...";
        ImGui::ProgressBar(*state.download_fraction, ImVec2(-1, 0), label.c_str());
    }
    if (browser_open) file_browser(state, browser_open);

    if (scene && !scene->loaded.warnings.empty()) warnings_list(scene->loaded.warnings);

    // Saving: the work into the user's glb, the parameters as a preset.
    static char preset_path[512] = "preset.json";
    if (ImGui::TreeNode("Save and load")) {
        if (ImGui::Button("Save (Ctrl+S)")) save_work(state);
        ImGui::SameLine();
        if (ImGui::Button("Save as... (Ctrl+Shift+S)")) state.save_as_open = true;
        ImGui::TextDisabled("paint, per-joint settings and parameters, in the glb");
        // The field leaves room for both buttons on its line (at its default width, Load preset
        // fell off the panel's right edge).
        const float buttons = ImGui::CalcTextSize("Save preset").x + ImGui::CalcTextSize("Load preset").x +
                              4.0f * style.FramePadding.x + 2.0f * style.ItemSpacing.x;
        ImGui::SetNextItemWidth(std::max(60.0f * ImGui::GetIO().FontGlobalScale, ImGui::GetContentRegionAvail().x - buttons));
        ImGui::InputText("##preset", preset_path, sizeof preset_path);
        ImGui::SameLine();
        if (ImGui::Button("Save preset")) save_preset_file(state, preset_path);
        ImGui::SameLine();
        if (ImGui::Button("Load preset") && !platform::pick_files(platform::Picked::Preset))
            load_preset_file(state, preset_path);
        ImGui::TreePop();
    }
}

void save_as_popup(ViewerState& state) {
    // In the browser the file goes to the user as a download: only its name is asked, and the
    // page keeps it beside the one it was opened from.
    const bool name_only = platform::files_through_browser();
    static char path[1024] = "";
    if (state.save_as_open && !ImGui::IsPopupOpen("Save as")) {
        if (state.scene) {
            const std::filesystem::path target = default_save_path(state.scene->source);
            std::snprintf(path, sizeof path, "%s", (name_only ? target.filename() : target).string().c_str());
        }
        ImGui::OpenPopup("Save as");
    }
    if (ImGui::BeginPopupModal("Save as", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::TextUnformatted(name_only ? "Download the character with its paint and settings as:"
                                         : "Save the character with its paint and settings as:");
        ImGui::SetNextItemWidth(420.0f * ImGui::GetIO().FontGlobalScale);
        ImGui::InputText("##path", path, sizeof path);
        if (ImGui::Button("Save", ImVec2(120 * ImGui::GetIO().FontGlobalScale, 0))) {
            if (!name_only) {
                save_work(state, path);
            } else if (std::string(path).find('/') != std::string::npos || !*path) {
                state.error_message = "Give a file name alone (no folder): the browser saves downloads in its own folder.";
            } else if (state.scene) {
                save_work(state, (std::filesystem::path(state.scene->source).parent_path() / path).string());
            }
            state.save_as_open = false;
            ImGui::CloseCurrentPopup();
        }
        ImGui::SameLine();
        if (ImGui::Button("Cancel", ImVec2(120 * ImGui::GetIO().FontGlobalScale, 0))) {
            state.save_as_open = false;
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
}

void unsaved_changes_popup(ViewerState& state) {
    using Confirm = ViewerState::Confirm;
    if (state.confirm != Confirm::None && !ImGui::IsPopupOpen("Unsaved changes")) ImGui::OpenPopup("Unsaved changes");
    if (!ImGui::BeginPopupModal("Unsaved changes", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
    ImGui::Text("%s has unsaved paint or settings.", state.scene ? state.scene->character().name.c_str() : "");
    auto proceed = [&] {
        if (state.confirm == Confirm::Quit) state.quit = true;
        if (state.confirm == Confirm::Open) {
            mark_saved(state);  // discarded: the request goes through
            state.load_request = state.confirm_path;
        }
        state.confirm = Confirm::None;
        ImGui::CloseCurrentPopup();
    };
    if (ImGui::Button("Save", ImVec2(110 * ImGui::GetIO().FontGlobalScale, 0)) && save_work(state)) proceed();
    ImGui::SameLine();
    if (ImGui::Button("Discard", ImVec2(110 * ImGui::GetIO().FontGlobalScale, 0))) proceed();
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(110 * ImGui::GetIO().FontGlobalScale, 0))) {
        state.confirm = Confirm::None;
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

void file_browser(ViewerState& state, bool& open) {
    static std::string folder = std::filesystem::current_path().string();
    ImGui::SetNextWindowSize(ImVec2(520 * ImGui::GetIO().FontGlobalScale, 420 * ImGui::GetIO().FontGlobalScale), ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Open a glTF character", &open)) {
        ImGui::End();
        return;
    }
    namespace fs = std::filesystem;
    ImGui::TextWrapped("%s", folder.c_str());
    if (ImGui::Button("Up")) folder = fs::path(folder).parent_path().string();
    ImGui::Separator();
    ImGui::BeginChild("entries");
    std::error_code error;
    std::vector<fs::directory_entry> entries;
    for (const auto& e : fs::directory_iterator(folder, fs::directory_options::skip_permission_denied, error))
        entries.push_back(e);
    std::sort(entries.begin(), entries.end(),
              [](const fs::directory_entry& a, const fs::directory_entry& b) { return a.path() < b.path(); });
    for (const fs::directory_entry& e : entries) {
        const std::string name = e.path().filename().string();
        if (name.empty() || name[0] == '.') continue;
        if (e.is_directory(error)) {
            if (ImGui::Selectable((name + "/").c_str())) folder = e.path().string();
            continue;
        }
        std::string ext = e.path().extension().string();
        for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (ext != ".gltf" && ext != ".glb") continue;
        if (ImGui::Selectable(name.c_str(), false, ImGuiSelectableFlags_AllowDoubleClick) &&
            ImGui::IsMouseDoubleClicked(0)) {
            state.load_request = e.path().string();
            open = false;
        }
    }
    if (error) ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s", error.message().c_str());
    ImGui::EndChild();
    ImGui::End();
}

void error_popup(ViewerState& state) {
    if (!state.error_message.empty() && !ImGui::IsPopupOpen("Problem")) ImGui::OpenPopup("Problem");
    if (ImGui::BeginPopupModal("Problem", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        if (state.error_message.empty()) ImGui::CloseCurrentPopup();  // dismissed elsewhere
        const float scale = ImGui::GetIO().FontGlobalScale;  // HiDPI: as wide in points
        ImGui::PushTextWrapPos(480.0f * scale);
        ImGui::TextUnformatted(state.error_message.c_str());
        ImGui::PopTextWrapPos();
        if (ImGui::Button("OK", ImVec2(120 * scale, 0))) {
            state.error_message.clear();
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
}

}  // namespace dynskin::app
