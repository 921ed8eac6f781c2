#include "characters/character_source.h"

#include <filesystem>

#include "characters/bundled_characters.h"

namespace dynskin::characters {

io::LoadedCharacter load_character(const std::string& file_or_name) {
    std::error_code error;
    if (!std::filesystem::exists(file_or_name, error)) {
        if (std::optional<Character> bundled = make_bundled_character(file_or_name)) {
            io::LoadedCharacter loaded;
            loaded.character = std::move(*bundled);
            return loaded;
        }
    }
    return io::load_gltf(file_or_name);
}

}  // namespace dynskin::characters
