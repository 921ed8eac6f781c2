#include "characters/bundled_characters.h"

#include "characters/cast/cast.h"

namespace dynskin::characters {
namespace {

struct CastMember {
    const char* name;
    BundledCharacter (*make)();
};

constexpr CastMember cast[] = {
    {"bar", make_bar_character}, {"giraffe", make_giraffe}, {"cow", make_cow},     {"snail", make_snail},
    {"dragon", make_dragon},     {"octopus", make_octopus}, {"clown", make_clown}, {"train", make_train},
};

}  // namespace

std::vector<std::string> bundled_character_names() {
    std::vector<std::string> names;
    for (const CastMember& member : cast) names.emplace_back(member.name);
    return names;
}

bool is_bundled_character(const std::string& name) {
    for (const std::string& bundled : bundled_character_names())
        if (bundled == name) return true;
    return false;
}

std::optional<BundledCharacter> make_bundled_character(const std::string& name) {
    for (const CastMember& member : cast)
        if (name == member.name) return member.make();
    return std::nullopt;
}

}  // namespace dynskin::characters
