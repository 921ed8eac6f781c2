#include "point_cache_reader.h"

#include <cstring>
#include <stdexcept>

namespace dynskin::test {
namespace {

std::uint32_t u32_at(const std::vector<unsigned char>& bytes, std::size_t at) {
    if (at + 4 > bytes.size()) throw std::runtime_error("the point cache ends at byte " + std::to_string(bytes.size()));
    return static_cast<std::uint32_t>(bytes[at]) | static_cast<std::uint32_t>(bytes[at + 1]) << 8 |
           static_cast<std::uint32_t>(bytes[at + 2]) << 16 | static_cast<std::uint32_t>(bytes[at + 3]) << 24;
}

float f32_at(const std::vector<unsigned char>& bytes, std::size_t at) {
    const std::uint32_t bits = u32_at(bytes, at);
    float v = 0.0f;
    std::memcpy(&v, &bits, sizeof v);
    return v;
}

}  // namespace

Pc2File read_pc2(const std::vector<unsigned char>& bytes) {
    Pc2File file;
    file.byte_count = bytes.size();
    if (bytes.size() < 32) throw std::runtime_error("a point cache is at least 32 bytes");
    file.magic.assign(bytes.begin(), bytes.begin() + 12);
    file.version = static_cast<std::int32_t>(u32_at(bytes, 12));
    file.point_count = static_cast<std::int32_t>(u32_at(bytes, 16));
    file.start_frame = f32_at(bytes, 20);
    file.sample_rate = f32_at(bytes, 24);
    file.sample_count = static_cast<std::int32_t>(u32_at(bytes, 28));
    if (file.point_count < 0 || file.sample_count < 0) throw std::runtime_error("negative counts");
    std::size_t at = 32;
    file.samples.resize(static_cast<std::size_t>(file.sample_count));
    for (std::vector<glm::vec3>& sample : file.samples) {
        sample.resize(static_cast<std::size_t>(file.point_count));
        for (glm::vec3& p : sample) {
            p = glm::vec3(f32_at(bytes, at), f32_at(bytes, at + 4), f32_at(bytes, at + 8));
            at += 12;
        }
    }
    return file;
}

}  // namespace dynskin::test
