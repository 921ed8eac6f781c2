#pragma once
// Writes a point cache (.pc2), the vertex-animation format that Blender's Mesh Cache
// modifier, Maya, Houdini and 3ds Max read: a 32-byte header
//   char[12] "POINTCACHE2\0", int32 version 1, int32 point count,
//   float32 start frame, float32 sample rate (frames between samples), int32 sample count
// then, sample after sample, point count x 3 float32 positions; everything little-endian.
// The points are those of one mesh in its own vertex order: a cache only fits a mesh whose
// vertices come in the same order.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace dynskin::io {

// The axes the positions are written in. gltf: as given (glTF's Y-up). blender_z_up: what
// Blender's glTF importer makes of a glTF position, (x, -z, y), so that the cache lines up
// with a mesh that importer brought in.
enum class CacheAxes { gltf, blender_z_up };

glm::vec3 to_cache_axes(const glm::vec3& p, CacheAxes axes);

struct PointCache {
    // One entry per sample, each the same number of points; not owned (the caller's frames
    // are written as they are, without a copy).
    std::vector<const std::vector<glm::vec3>*> samples;
    float start_frame = 0.0f;
    float sample_rate = 1.0f;  // frames from one sample to the next, > 0
    CacheAxes axes = CacheAxes::gltf;
};

struct PointCacheError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

constexpr std::size_t kPc2HeaderBytes = 32;

// The file's bytes. Throws PointCacheError for no sample, samples of different point counts,
// a bad start or sample rate, or a count past int32.
std::string write_pc2(const PointCache& cache);

// The same into a file, written atomically (a failed write leaves no half file). Throws
// PointCacheError.
void save_pc2(const std::string& path, const PointCache& cache);

}  // namespace dynskin::io
