#pragma once
// The loader's steps in one place, shared by load_gltf and the saver (which needs the parsed
// document and where each primitive's vertices went).

#include <cstdint>
#include <string>
#include <vector>

#include "dynskin/gltf_loader.h"
#include "io/gltf/gltf_document.h"
#include "io/reading/gltf_mesh.h"

namespace dynskin::io {

struct BuiltCharacter {
    GltfDocument document;
    LoadedCharacter loaded;
    std::vector<PrimitiveVertices> sources;
    std::vector<int> node_of_joint;  // per joint, its node (-1 for a rigid character's synthetic root)
};

// Throws LoadError.
BuiltCharacter build_character(const std::vector<std::uint8_t>& bytes, const std::string& base_dir,
                               const std::string& name);

}  // namespace dynskin::io
