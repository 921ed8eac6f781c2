#include "io/writing/point_cache_writer.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "io/settings/settings_json.h"

namespace dynskin::io {
namespace {

// Byte by byte, so that the file is little-endian whatever the machine's order.
void put_u32(std::string& out, std::uint32_t v) {
    for (int b = 0; b < 4; ++b) out.push_back(static_cast<char>((v >> (8 * b)) & 0xffu));
}
void put_i32(std::string& out, std::int32_t v) { put_u32(out, static_cast<std::uint32_t>(v)); }
void put_f32(std::string& out, float v) {
    std::uint32_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    put_u32(out, bits);
}

}  // namespace

glm::vec3 to_cache_axes(const glm::vec3& p, CacheAxes axes) {
    // Blender's glTF importer turns Y-up into Z-up by a rotation about X: (x, y, z) -> (x, -z, y).
    return axes == CacheAxes::blender_z_up ? glm::vec3(p.x, -p.z, p.y) : p;
}

std::string write_pc2(const PointCache& cache) {
    if (cache.samples.empty()) throw PointCacheError("a point cache needs at least one sample");
    if (!std::isfinite(cache.start_frame)) throw PointCacheError("the start frame is not finite");
    if (!std::isfinite(cache.sample_rate) || cache.sample_rate <= 0.0f)
        throw PointCacheError("the sample rate must be a positive number of frames");
    const std::size_t points = cache.samples.front()->size();
    constexpr auto kMaxInt = static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max());
    if (points > kMaxInt || cache.samples.size() > kMaxInt)
        throw PointCacheError("too many points or samples for a point cache's 32-bit counts");

    std::string out;
    out.reserve(kPc2HeaderBytes + cache.samples.size() * points * 12);
    out.append("POINTCACHE2", 11);
    out.push_back('\0');
    put_i32(out, 1);  // version
    put_i32(out, static_cast<std::int32_t>(points));
    put_f32(out, cache.start_frame);
    put_f32(out, cache.sample_rate);
    put_i32(out, static_cast<std::int32_t>(cache.samples.size()));
    for (std::size_t k = 0; k < cache.samples.size(); ++k) {
        const std::vector<glm::vec3>& sample = *cache.samples[k];
        if (sample.size() != points)
            throw PointCacheError("sample " + std::to_string(k) + " has " + std::to_string(sample.size()) +
                                  " points where sample 0 has " + std::to_string(points));
        for (std::size_t i = 0; i < points; ++i) {
            const glm::vec3 p = to_cache_axes(sample[i], cache.axes);
            // A reader would show a NaN as a vertex at the origin or crash: refuse it here.
            if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z))
                throw PointCacheError("sample " + std::to_string(k) + ", point " + std::to_string(i) + " is not finite");
            put_f32(out, p.x);
            put_f32(out, p.y);
            put_f32(out, p.z);
        }
    }
    return out;
}

void save_pc2(const std::string& path, const PointCache& cache) {
    const std::string bytes = write_pc2(cache);
    try {
        write_file_atomically(path, bytes);
    } catch (const std::exception& e) {
        throw PointCacheError("cannot write " + path + ": " + e.what());
    }
}

}  // namespace dynskin::io
