#pragma once
// KHR_draco_mesh_compression (Blender's exporter offers it; avatar services and
// gltf-pipeline write it): a primitive's attributes and indices are stored as one Draco
// stream in a bufferView. Each stream is decoded by Draco into new buffers, and the
// primitive's accessors are pointed at them, after which it reads as an uncompressed one.

#include <optional>

#include <nlohmann/json.hpp>
#include <tiny_gltf.h>

namespace dynskin::io {

// The file's JSON as tinygltf is to be given it: tinygltf refuses an indices accessor without
// a bufferView, which the extension allows (the indices are in the Draco stream), so such an
// accessor stands in with the stream's bufferView in for_parser (a copy of json made at the
// first change; left empty where the file has none). decode_draco_primitives replaces it.
void stand_in_for_draco_indices(const nlohmann::json& json, std::optional<nlohmann::json>& for_parser);

// Decodes every primitive of the file's JSON that carries the extension. Throws LoadError
// naming the primitive whose extension is invalid or whose data does not decode.
void decode_draco_primitives(const nlohmann::json& json, tinygltf::Model& model);

}  // namespace dynskin::io
