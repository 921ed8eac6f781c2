#pragma once
// The bundled cast: characters made by our own code, shipped as assets/NAME.glb (written by
// `dynskin-cli make-assets`) and available by name wherever a file is expected.

#include <optional>
#include <string>
#include <vector>

#include "characters/shape/character_builder.h"
#include "dynskin/character.h"

namespace dynskin::characters {

// The names, the default first.
std::vector<std::string> bundled_character_names();

// Whether name is one of bundled_character_names().
bool is_bundled_character(const std::string& name);

// Generates the character called `name` with its tuned preset (what make-assets writes), or
// nothing when no bundled character has that name. Deterministic.
std::optional<BundledCharacter> make_bundled_character(const std::string& name);

// A capped cylinder along +Y on a chain of `joints` joints spread evenly over `length`, each
// vertex weighted linearly between the two joints around its height; bend layer 1, no
// colour, no clip. `scale` scales the whole character (the root joint's rest scale and the
// stored positions): its world is that many times larger.
struct TubeShape {
    int joints = 5;
    float length = 2.0f, radius = 0.18f;
    int rings = 40, sides = 24;
    float scale = 1.0f;
};
Character make_tube(const std::string& name, const TubeShape& shape);

// A cylinder bar on a chain of five joints along +Y, length 2, with a clip that turns it,
// stops, turns back and stops: the simplest way to see the drag and the wobble.
Character make_bar();

}  // namespace dynskin::characters
