#pragma once
// Characters made by our own code, available by name wherever a file is expected.

#include <optional>
#include <string>
#include <vector>

#include "core/character.h"

namespace dynskin::characters {

// The names, the default first.
std::vector<std::string> bundled_character_names();

// The character called `name`, or nothing when no bundled character has that name.
std::optional<Character> make_bundled_character(const std::string& name);

// A cylinder bar on a chain of five joints, with a clip that turns it, stops, turns back
// and stops: the simplest way to see the drag and the wobble.
Character make_bar();

}  // namespace dynskin::characters
