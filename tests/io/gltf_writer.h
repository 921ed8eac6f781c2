#pragma once
// A tiny glTF writer for the tests: builds the JSON and one binary buffer, and writes them
// as .glb, as .gltf with an embedded base64 buffer, or as .gltf with an external .bin.

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <nlohmann/json.hpp>

namespace dynskin::test {

constexpr int kByte = 5120, kUnsignedByte = 5121, kShort = 5122, kUnsignedShort = 5123, kUnsignedInt = 5125,
              kFloat = 5126;

struct GltfWriter {
    nlohmann::json json = {{"asset", {{"version", "2.0"}}}};
    std::vector<std::uint8_t> bin;

    // Appends raw bytes (4-aligned) as a bufferView and returns its index.
    int add_view(const void* data, std::size_t size, int byte_stride = 0);
    int add_accessor(int view, int component_type, std::size_t count, const std::string& type, bool normalized = false,
                     std::size_t byte_offset = 0);

    int add_floats(const std::vector<float>& values, const std::string& type);
    int add_vec3(const std::vector<glm::vec3>& values);
    int add_mat4(const std::vector<glm::mat4>& values);
    template <typename T>
    int add_integers(const std::vector<T>& values, int component_type, const std::string& type, bool normalized = false) {
        const int view = add_view(values.data(), values.size() * sizeof(T));
        return add_accessor(view, component_type, values.size() / components_of(type), type, normalized);
    }

    int add_node(const nlohmann::json& node);      // returns the node index
    int add_mesh(const nlohmann::json& primitives);  // returns the mesh index
    void set_scene(const std::vector<int>& roots);

    std::vector<std::uint8_t> glb() const;
    std::vector<std::uint8_t> gltf_embedded() const;
    // Writes folder/name.gltf and folder/name.bin; returns the .gltf path.
    std::string write_gltf_with_bin(const std::string& folder, const std::string& name) const;
    std::string write_glb(const std::string& folder, const std::string& name) const;

    static std::size_t components_of(const std::string& type);
};

std::string base64(const std::vector<std::uint8_t>& bytes);
void write_bytes(const std::string& path, const std::vector<std::uint8_t>& bytes);
std::string make_temp_folder();

// A two-joint arm along +y with six vertices in three rings: a valid skinned character
// used as the base of most tests. Joint 0 at the origin, joint 1 at (0, 1, 0).
struct ArmOptions {
    bool inverse_binds = true;
    bool normals = true;
};
GltfWriter arm_rig(const ArmOptions& options = {});

// Its vertex positions, as stored.
std::vector<glm::vec3> arm_positions();

// A small valid PNG (w x h, RGBA) for texture tests.
std::vector<std::uint8_t> tiny_png(int width, int height, std::uint8_t red);
// A PNG of the given RGBA8 pixels (rows top first).
std::vector<std::uint8_t> png_of(int width, int height, const std::vector<std::uint8_t>& rgba);

}  // namespace dynskin::test
