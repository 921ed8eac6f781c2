#pragma once
// A clip named on the command line: by its name, or by its index when no clip has that name.

#include <string>

#include "dynskin/character.h"

namespace dynskin::cli {

// Throws std::runtime_error listing the clips the file has.
const AnimationClip& find_clip(const Character& character, const std::string& name);

}  // namespace dynskin::cli
