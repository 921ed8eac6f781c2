#include "characters/bundled_characters.h"

namespace dynskin::characters {

std::vector<std::string> bundled_character_names() { return {"bar"}; }

std::optional<Character> make_bundled_character(const std::string& name) {
    if (name == "bar") return make_bar();
    return std::nullopt;
}

}  // namespace dynskin::characters
