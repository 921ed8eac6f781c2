#pragma once
// Loads a skinned glTF 2.0 file (.gltf or .glb) into a Character, following the glTF
// skinning rules; problems that still leave something to show become warnings.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "dynskin/character.h"
#include "dynskin/display_look.h"
#include "dynskin/settings.h"

namespace dynskin::io {

// A file that cannot be shown at all. what() is one line naming the problem.
struct LoadError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct LoadedCharacter {
    Character character;             // validated: Character::validate() is empty
    // How each primitive is drawn: its material, its triangles, the textures' images.
    DisplayLook look;
    std::vector<std::string> warnings;  // one line each, in the order they were found

    // Counts as stored in the file (before any welding or splitting), over every mesh
    // primitive the default scene instantiates, each instance counted.
    std::size_t file_vertex_count = 0;
    std::size_t file_triangle_count = 0;
    // Joints as glTF tools count them: the union of the joint nodes of the skins the shown
    // scene uses (0 without a skin). The skeleton also holds their ancestors and the nodes
    // between them, and rigid mesh nodes.
    int skin_joint_count = 0;

    // The user's saved work, when the file has readable settings: the DYNSKIN_dynamic_skinning
    // extension (root parameters, joint nodes' settings; missing values are defaults), else
    // the asset.extras.dynskin of files saved before it; the extension wins when a file has
    // both. None when the file has neither. Unreadable settings leave it empty and add a
    // warning naming the bad value ("...extensions.DYNSKIN_dynamic_skinning.parameters.mode
    // must be one of ..."). The painted layers saved as _DYNSKIN_BEND, _DYNSKIN_FLOPPY and
    // _DYNSKIN_SQUASH are already in character.mesh.
    std::optional<DynamicSettings> settings;
};

// Throws LoadError for a file that cannot be loaded; never crashes on bad input.
LoadedCharacter load_gltf(const std::string& path);

// The same from bytes in memory (.glb or .gltf JSON); base_dir resolves external URIs.
LoadedCharacter load_gltf_from_memory(const std::vector<std::uint8_t>& bytes, const std::string& base_dir = "");

}  // namespace dynskin::io
