#pragma once
// A glTF file parsed by tinygltf, with the checks tinygltf does not make done first, and the
// file's own JSON kept for what tinygltf does not expose (extras, saving).

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <tiny_gltf.h>

namespace dynskin::io {

struct GltfDocument {
    tinygltf::Model model;
    nlohmann::json json;  // the JSON as stored in the file
    // Encoded (PNG, JPEG...) bytes of each image, empty when the image could not be read.
    std::vector<std::vector<std::uint8_t>> image_bytes;
};

// Reads a whole regular file; throws LoadError when it cannot.
std::vector<std::uint8_t> read_file_bytes(const std::string& path);

// Parses .glb or .gltf bytes; base_dir resolves external URIs. Throws LoadError.
GltfDocument parse_gltf_document(const std::vector<std::uint8_t>& bytes, const std::string& base_dir);

}  // namespace dynskin::io
