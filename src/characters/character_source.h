#pragma once
// What the commands take as a character: a glTF file, or the name of a bundled character.

#include <string>

#include "dynskin/gltf_loader.h"

namespace dynskin::characters {

// A path that exists is loaded as glTF; otherwise a bundled character's name loads its
// asset (assets/NAME.glb, with its preset in LoadedCharacter::settings).
// Throws std::exception naming the problem.
io::LoadedCharacter load_character(const std::string& file_or_name);

}  // namespace dynskin::characters
