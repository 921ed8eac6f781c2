#include "characters/shape/surface_patterns.h"

#include <cmath>
#include <cstdint>
#include <limits>

namespace dynskin::characters {
namespace {

std::uint32_t hash(std::int32_t x, std::int32_t y, std::int32_t z, std::uint32_t seed) {
    std::uint32_t h = seed * 0x9E3779B9u;
    for (std::int32_t v : {x, y, z}) {
        h ^= static_cast<std::uint32_t>(v) + 0x7F4A7C15u + (h << 6) + (h >> 2);
        h *= 0x85EBCA6Bu;
        h ^= h >> 13;
    }
    return h;
}

float unit(std::uint32_t h) { return float(h & 0xFFFFFFu) / float(0x1000000u); }

// The jittered feature point of lattice cell c.
glm::vec3 feature_point(const glm::ivec3& c, std::uint32_t seed) {
    return glm::vec3(c) + glm::vec3(unit(hash(c.x, c.y, c.z, seed)), unit(hash(c.x, c.y, c.z, seed + 1)),
                                    unit(hash(c.x, c.y, c.z, seed + 2)));
}

// Worley noise: distances to the nearest and second-nearest feature points, and the nearest's cell.
struct Cellular {
    float f1, f2;
    glm::ivec3 cell;
};

Cellular cellular(const glm::vec3& p, std::uint32_t seed) {
    const glm::ivec3 base(glm::floor(p));
    Cellular result{std::numeric_limits<float>::max(), std::numeric_limits<float>::max(), base};
    for (int dz = -1; dz <= 1; ++dz)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const glm::ivec3 c = base + glm::ivec3(dx, dy, dz);
                const float d = glm::length(feature_point(c, seed) - p);
                if (d < result.f1) {
                    result.f2 = result.f1;
                    result.f1 = d;
                    result.cell = c;
                } else if (d < result.f2) {
                    result.f2 = d;
                }
            }
    return result;
}

}  // namespace

SurfaceColor spots(glm::vec3 base, glm::vec3 spot_color, float size, float coverage, unsigned seed) {
    return [=](const glm::vec3& p) {
        const Cellular c = cellular(p / size, seed);
        // Only some cells hold a spot; its edge wobbles with a second, finer noise.
        if (unit(hash(c.cell.x, c.cell.y, c.cell.z, seed + 7)) > coverage) return base;
        const float wobble = 0.15f * cellular(p / (0.35f * size), seed + 11).f1;
        return c.f1 + wobble < 0.55f ? spot_color : base;
    };
}

SurfaceColor patches(glm::vec3 base, glm::vec3 patch_color, float size, float line_width, unsigned seed) {
    return [=](const glm::vec3& p) {
        const Cellular c = cellular(p / size, seed);
        return (c.f2 - c.f1) * size < line_width ? base : patch_color;
    };
}

SurfaceColor dots(glm::vec3 base, glm::vec3 dot_color, float spacing, float radius, unsigned seed) {
    return [=](const glm::vec3& p) {
        return cellular(p / spacing, seed).f1 * spacing < radius ? dot_color : base;
    };
}

SurfaceColor bands(glm::vec3 first, glm::vec3 second, glm::vec3 axis, float width) {
    return [=](const glm::vec3& p) {
        const float band = std::floor(glm::dot(p, axis) / width);
        return std::fmod(std::abs(band), 2.0f) < 0.5f ? first : second;
    };
}

}  // namespace dynskin::characters
