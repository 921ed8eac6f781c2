#pragma once
// The tests' own point cache (.pc2) reader, written from the format's description (a 32-byte
// little-endian header, then the samples' float32 positions), not from dynskin's writer: the io
// suite checks the writer with it and the CLI suite reads `dynskin-cli bake -o X.pc2` back.

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace dynskin::test {

struct Pc2File {
    std::string magic;  // the first 12 bytes, "POINTCACHE2" and a NUL when right
    std::int32_t version = 0, point_count = 0, sample_count = 0;
    float start_frame = 0.0f, sample_rate = 0.0f;
    std::vector<std::vector<glm::vec3>> samples;
    std::size_t byte_count = 0;  // the whole file's
};

// Throws std::runtime_error when the bytes are shorter than the header says.
Pc2File read_pc2(const std::vector<unsigned char>& bytes);

}  // namespace dynskin::test
