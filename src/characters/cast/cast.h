#pragma once
// One function per bundled character, each in its own file.

#include "characters/shape/character_builder.h"

namespace dynskin::characters {

BundledCharacter make_bar_character();
BundledCharacter make_giraffe();
BundledCharacter make_cow();
BundledCharacter make_snail();
BundledCharacter make_dragon();
BundledCharacter make_octopus();
BundledCharacter make_clown();
BundledCharacter make_train();

}  // namespace dynskin::characters
