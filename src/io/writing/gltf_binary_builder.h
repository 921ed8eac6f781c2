#pragma once
// A glTF document being written: its JSON and the one BIN buffer its accessors point into,
// filled accessor by accessor, then joined into a .glb. Shared by every writer (the
// character writer, the bake writer, the saver's recorded clips) so that each writes its
// accessors the same way.

#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

namespace dynskin::io {

namespace gltf_constants {
constexpr int unsigned_byte = 5121;
constexpr int unsigned_short = 5123;
constexpr int unsigned_int = 5125;
constexpr int float_component = 5126;
constexpr int array_buffer = 34962;
constexpr int element_array_buffer = 34963;
}  // namespace gltf_constants

class GltfBinaryBuilder {
public:
    // root may already hold bufferViews that point into bin (buffer 0).
    explicit GltfBinaryBuilder(nlohmann::json root = nlohmann::json::object(), std::vector<std::uint8_t> bin = {});

    nlohmann::json root;
    std::vector<std::uint8_t> bin;

    // Appends bytes (4-byte aligned) as a new bufferView; target 0 leaves it unset.
    int add_buffer_view(const void* data, std::size_t byte_count, int target);

    // A new bufferView holding the bytes and an accessor over it; min_max (an object with
    // "min" and "max") is merged into the accessor when given.
    int add_accessor(const void* data, std::size_t byte_count, std::size_t count, int component_type, const char* type,
                     int target, const nlohmann::json& min_max = nlohmann::json());

    template <typename T>
    int add_floats(const std::vector<T>& values, const char* type, int target, const nlohmann::json& min_max = nlohmann::json()) {
        return add_accessor(values.data(), values.size() * sizeof(T), values.size(), gltf_constants::float_component,
                            type, target, min_max);
    }

    // Adds an accessor description as it is (for sparse or bufferView-less accessors).
    int add_accessor_json(nlohmann::json accessor);

    // The .glb: sets buffers[0] to the BIN chunk's size (or drops buffers when it is empty).
    std::vector<std::uint8_t> glb();
};

}  // namespace dynskin::io
