#pragma once
// The display look of the shown primitives from their glTF materials: one DisplayMaterial per
// material used (glTF's default for primitives without one), the draw ranges, and the images
// the materials' base colour textures use. What dynskin does not show is listed as warnings,
// one line per feature.

#include <cstdint>
#include <string>
#include <vector>

#include <tiny_gltf.h>

#include "dynskin/display_look.h"
#include "io/reading/gltf_mesh.h"

namespace dynskin::io {

// sources: the primitives as build_mesh placed them; texture_uvs: build_mesh's. Bad
// materials, textures, samplers and images are warnings, never errors.
DisplayLook read_display_look(const tinygltf::Model& model, const std::vector<std::vector<std::uint8_t>>& image_bytes,
                              const std::vector<PrimitiveVertices>& sources, std::vector<glm::vec2> texture_uvs,
                              std::vector<std::string>& warnings);

}  // namespace dynskin::io
