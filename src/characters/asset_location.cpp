#include "characters/asset_location.h"

#include <cstdlib>
#include <filesystem>

namespace dynskin::characters {

std::string asset_directory() {
    if (const char* env = std::getenv("DYNSKIN_ASSET_DIR")) return env;
    std::error_code error;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
    if (!error && std::filesystem::exists(exe.parent_path() / "assets", error)) return (exe.parent_path() / "assets").string();
    return DYNSKIN_SOURCE_ASSET_DIR;
}

std::string bundled_asset_path(const std::string& name) {
    const std::filesystem::path path = std::filesystem::path(asset_directory()) / (name + ".glb");
    std::error_code error;
    return std::filesystem::is_regular_file(path, error) ? path.string() : std::string();
}

}  // namespace dynskin::characters
