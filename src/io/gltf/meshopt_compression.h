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
// each fallback buffer without a uri stands in as one byte of its own; nullopt where the file
// has none. binary: a .glb (whose first buffer without a uri is its BIN chunk).
std::optional<nlohmann::json> with_fallback_stand_ins(const nlohmann::json& json, bool binary);

// Every compressed bufferView of the file's JSON decoded into its buffer in model (a
// fallback given its byteLength of zeros first). Throws LoadError naming the view whose
// extension is invalid or whose data does not decode.
void decode_compressed_buffer_views(const nlohmann::json& json, bool binary, tinygltf::Model& model);

}  // namespace dynskin::io
