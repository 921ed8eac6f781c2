// dynskin-cli make-assets [-o DIR] [NAME...]: generates the bundled characters and writes
// each as DIR/NAME.glb (skeleton, skin, clips and tuned preset), the files the viewer loads.

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "characters/bundled_characters.h"
#include "cli/commands.h"
#include "io/writing/gltf_character_writer.h"

namespace dynskin::cli {
namespace {

struct MakeAssetsOptions {
    std::string directory = "assets";
    std::vector<std::string> names;
};

void make_assets(const MakeAssetsOptions& o) {
    const std::vector<std::string> names = o.names.empty() ? characters::bundled_character_names() : o.names;
    std::filesystem::create_directories(o.directory);
    for (const std::string& name : names) {
        const auto start = std::chrono::steady_clock::now();
        const std::optional<characters::BundledCharacter> made = characters::make_bundled_character(name);
        if (!made) throw std::runtime_error("no bundled character is called '" + name + "'");
        const std::string path = (std::filesystem::path(o.directory) / (name + ".glb")).string();
        io::save_character_glb(path, made->character, made->preset);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("%-8s %6zu vertices %6zu triangles %3d joints %8ju bytes %6.2f s  %s\n", name.c_str(),
                    made->character.mesh.vertex_count(), made->character.mesh.triangle_count(),
                    made->character.skeleton.joint_count(), static_cast<std::uintmax_t>(std::filesystem::file_size(path)),
                    seconds, path.c_str());
    }
}

}  // namespace

void add_make_assets_command(CLI::App& app) {
    CLI::App* command = app.add_subcommand("make-assets", "Generate the bundled characters as .glb files");
    auto options = std::make_shared<MakeAssetsOptions>();
    command->add_option("-o,--output", options->directory, "the folder to write into (created if needed)");
    command->add_option("names", options->names, "the characters to make (default: all)");
    command->callback([options] { make_assets(*options); });
}

}  // namespace dynskin::cli
