#include "characters/character_source.h"

#include <filesystem>

#include "characters/asset_location.h"
#include "characters/bundled_characters.h"
#include "io/writing/gltf_character_writer.h"

namespace dynskin::characters {

io::LoadedCharacter load_character(const std::string& file_or_name) {
    std::error_code error;
    if (std::filesystem::exists(file_or_name, error) || !is_bundled_character(file_or_name)) return io::load_gltf(file_or_name);
    // A bundled character comes through the glTF loader like any user's file: from its
    // asset, or, when the asset is missing (a stripped install), from a freshly written glb.
    if (const std::string asset = bundled_asset_path(file_or_name); !asset.empty()) return io::load_gltf(asset);
    const BundledCharacter made = *make_bundled_character(file_or_name);
    io::LoadedCharacter loaded = io::load_gltf_from_memory(io::write_character_glb(made.character, made.preset));
    loaded.character.name = file_or_name;
    return loaded;
}

}  // namespace dynskin::characters
