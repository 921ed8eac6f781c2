// dynskin-cli info FILE: what the loader sees in a glTF file, as JSON on stdout.

#include <iostream>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "characters/character_source.h"
#include "cli/commands.h"

namespace dynskin::cli {

void add_info_command(CLI::App& app) {
    CLI::App* info = app.add_subcommand("info", "Print a JSON summary of a glTF character (counts as stored in the file)");
    auto path = std::make_shared<std::string>();
    info->add_option("file", *path, "a .glb or .gltf file, or a bundled character's name")->required();
    info->callback([path] {
        const io::LoadedCharacter loaded = characters::load_character(*path);
        nlohmann::ordered_json animations = nlohmann::ordered_json::array();
        for (const AnimationClip& clip : loaded.character.clips)
            animations.push_back({{"name", clip.name}, {"duration", clip.duration}});
        // ordered_json keeps the keys in the documented order.
        const nlohmann::ordered_json summary = {{"vertices", loaded.file_vertex_count},
                                        {"triangles", loaded.file_triangle_count},
                                        {"joints", loaded.skin_joint_count},
                                        {"skeleton_nodes", loaded.character.skeleton.joint_count()},
                                        {"materials", loaded.look.materials.size()},
                                        {"morph_targets", loaded.character.mesh.morphs.weight_count()},
                                        {"animations", animations},
                                        {"warnings", loaded.warnings}};
        // Names come from the file: replace invalid UTF-8 rather than throw.
        std::cout << summary.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << "\n";
    });
}

}  // namespace dynskin::cli
