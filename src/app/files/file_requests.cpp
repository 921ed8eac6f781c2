#include "app/files/file_requests.h"

#include <algorithm>
#include <cctype>
#include <exception>
#include <filesystem>

#include "app/files/file_exchange.h"
#include "io/settings/settings_json.h"

namespace dynskin::app {
namespace {

std::string lower_extension(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext;
}

}  // namespace

std::string character_file_among(const std::vector<std::string>& paths) {
    const auto gltf = std::find_if(paths.begin(), paths.end(), [](const std::string& p) {
        const std::string ext = lower_extension(p);
        return ext == ".gltf" || ext == ".glb";
    });
    if (gltf != paths.end()) return *gltf;
    return paths.empty() ? std::string() : paths.front();
}

void receive_picked_files(ViewerState& state) {
    for (const platform::PickedFiles& files : platform::take_picked_files()) {
        if (!files.error.empty()) {
            state.error_message = "Could not read the chosen files:\n" + files.error;
            continue;
        }
        if (files.purpose == platform::Picked::Character) {
            const std::string file = character_file_among(files.paths);
            if (!file.empty()) state.load_request = file;
        } else if (!files.paths.empty()) {
            load_preset_file(state, files.paths.front());
            std::error_code error;
            for (const std::string& path : files.paths) std::filesystem::remove(path, error);  // read: no longer needed
        }
    }
}

bool load_preset_file(ViewerState& state, const std::string& path) {
    try {
        state.settings.parameters = io::load_preset(path);
        return true;
    } catch (const std::exception& e) {
        state.error_message = std::string("Could not load the preset: ") + e.what();
        return false;
    }
}

bool save_preset_file(ViewerState& state, const std::string& path) {
    try {
        io::save_preset(path, state.settings.parameters);
        platform::offer_download(path, platform::AfterDownload::Remove);
        return true;
    } catch (const std::exception& e) {
        state.error_message = std::string("Could not save the preset: ") + e.what();
        return false;
    }
}

}  // namespace dynskin::app
