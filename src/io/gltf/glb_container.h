#pragma once
// The binary glTF container: a 12-byte header, a JSON chunk and an optional BIN chunk.

#include <cstdint>
#include <string>
#include <vector>

namespace dynskin::io {

struct GlbChunks {
    std::string json;
    std::vector<std::uint8_t> bin;  // empty when the file has no BIN chunk
};

bool looks_like_glb(const std::vector<std::uint8_t>& bytes);

// Throws LoadError naming the first inconsistency of the container.
GlbChunks split_glb(const std::vector<std::uint8_t>& bytes);

// A .glb with the JSON padded with spaces and the BIN chunk padded with zeros.
std::vector<std::uint8_t> join_glb(const std::string& json, const std::vector<std::uint8_t>& bin);

}  // namespace dynskin::io
