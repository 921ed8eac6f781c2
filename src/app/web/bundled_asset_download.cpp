#include "app/files/bundled_asset_download.h"

#include <filesystem>
#include <fstream>
#include <map>

#include <emscripten/wget.h>

#include "characters/asset_location.h"
#include "characters/bundled_characters.h"

namespace dynskin::app {
namespace {

struct Download {
    float fraction = 0.0f;
    std::string error;
};

// By name; std::map keeps each entry where it is, so its address is the callbacks' argument.
std::map<std::string, Download> downloads;
using Entry = std::pair<const std::string, Download>;

// Where the characters library looks for it (asset_location.h: /assets in the browser).
std::filesystem::path local_path(const std::string& name) {
    return std::filesystem::path(characters::asset_directory()) / (name + ".glb");
}

void on_load(unsigned, void* argument, void* data, unsigned size) {
    Entry& entry = *static_cast<Entry*>(argument);
    std::error_code error;
    std::filesystem::create_directories(local_path(entry.first).parent_path(), error);
    std::ofstream file(local_path(entry.first), std::ios::binary);
    file.write(static_cast<const char*>(data), static_cast<std::streamsize>(size));
    if (!file) entry.second.error = "cannot write " + local_path(entry.first).string();
    entry.second.fraction = 1.0f;
}

void on_error(unsigned, void* argument, int status, const char* text) {
    Entry& entry = *static_cast<Entry*>(argument);
    entry.second.error = "could not download assets/" + entry.first + ".glb (HTTP " + std::to_string(status) +
                         (text && *text ? std::string(" ") + text : std::string()) + ")";
}

void on_progress(unsigned, void* argument, int loaded, int total) {
    if (total > 0) static_cast<Entry*>(argument)->second.fraction = static_cast<float>(loaded) / static_cast<float>(total);
}

}  // namespace

AssetDownload request_bundled_asset(const std::string& file_or_name) {
    std::error_code error;
    if (!characters::is_bundled_character(file_or_name) || std::filesystem::exists(file_or_name, error) ||
        !characters::bundled_asset_path(file_or_name).empty())
        return {};
    auto [it, started] = downloads.try_emplace(file_or_name);
    if (started) {
        // Relative to the page: the site's assets/ folder (src/app/web/CMakeLists.txt copies it).
        const std::string url = "assets/" + file_or_name + ".glb";
        emscripten_async_wget2_data(url.c_str(), "GET", "", &*it, 1, on_load, on_error, on_progress);
    }
    AssetDownload status{false, it->second.fraction, it->second.error};
    if (!status.error.empty()) downloads.erase(it);  // reported once; asking again tries again
    return status;
}

}  // namespace dynskin::app
