#pragma once
// EXT_meshopt_compression (what gltfpack -cc and glTF-Transform's meshopt() write, common on
// the web): a bufferView's bytes are stored compressed in another buffer, and the buffer the
// view names is a "fallback", often without data of its own. The compressed views are decoded
// by meshoptimizer into their buffers, after which the file reads as an uncompressed one.

#include <optional>

#include <nlohmann/json.hpp>
#include <tiny_gltf.h>

namespace dynskin::io {

// The file's JSON as tinygltf is to be given it: tinygltf refuses a buffer without data, so
// each fallback buffer without a uri stands in as one byte of its own in for_parser (a copy
// of json made at the first change; left empty where the file has none). binary: a .glb
// (whose first buffer without a uri is its BIN chunk).
void stand_in_for_fallback_buffers(const nlohmann::json& json, bool binary, std::optional<nlohmann::json>& for_parser);

// Every compressed bufferView of the file's JSON decoded into its buffer in model (a
// fallback given its byteLength of zeros first). Throws LoadError naming the view whose
// extension is invalid or whose data does not decode.
void decode_compressed_buffer_views(const nlohmann::json& json, bool binary, tinygltf::Model& model);

}  // namespace dynskin::io
