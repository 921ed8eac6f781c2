#include "gltf_writer.h"

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include <glm/gtc/type_ptr.hpp>

#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>

#include "io/gltf/glb_container.h"

namespace dynskin::test {

std::size_t GltfWriter::components_of(const std::string& type) {
    if (type == "SCALAR") return 1;
    if (type == "VEC2") return 2;
    if (type == "VEC3") return 3;
    if (type == "VEC4" || type == "MAT2") return 4;
    if (type == "MAT3") return 9;
    return 16;
}

int GltfWriter::add_view(const void* data, std::size_t size, int byte_stride) {
    bin.resize((bin.size() + 3) / 4 * 4, 0);
    const std::size_t offset = bin.size();
    bin.resize(offset + size);
    if (size > 0) std::memcpy(bin.data() + offset, data, size);
    nlohmann::json view = {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", size}};
    if (byte_stride) view["byteStride"] = byte_stride;
    json["bufferViews"].push_back(view);
    return static_cast<int>(json["bufferViews"].size()) - 1;
}

int GltfWriter::add_accessor(int view, int component_type, std::size_t count, const std::string& type, bool normalized,
                             std::size_t byte_offset) {
    nlohmann::json accessor = {{"componentType", component_type}, {"count", count}, {"type", type}};
    if (view >= 0) accessor["bufferView"] = view;
    if (normalized) accessor["normalized"] = true;
    if (byte_offset) accessor["byteOffset"] = byte_offset;
    json["accessors"].push_back(accessor);
    return static_cast<int>(json["accessors"].size()) - 1;
}

int GltfWriter::add_floats(const std::vector<float>& values, const std::string& type) {
    const int view = add_view(values.data(), values.size() * sizeof(float));
    return add_accessor(view, kFloat, values.size() / components_of(type), type);
}

int GltfWriter::add_vec3(const std::vector<glm::vec3>& values) {
    std::vector<float> flat;
    for (const glm::vec3& v : values) flat.insert(flat.end(), {v.x, v.y, v.z});
    const int accessor = add_floats(flat, "VEC3");
    // POSITION accessors need min and max; harmless elsewhere.
    glm::vec3 lo(1e30f), hi(-1e30f);
    for (const glm::vec3& v : values) lo = glm::min(lo, v), hi = glm::max(hi, v);
    if (!values.empty()) {
        json["accessors"][static_cast<std::size_t>(accessor)]["min"] = {lo.x, lo.y, lo.z};
        json["accessors"][static_cast<std::size_t>(accessor)]["max"] = {hi.x, hi.y, hi.z};
    }
    return accessor;
}

int GltfWriter::add_mat4(const std::vector<glm::mat4>& values) {
    std::vector<float> flat;
    for (const glm::mat4& m : values) flat.insert(flat.end(), glm::value_ptr(m), glm::value_ptr(m) + 16);
    return add_floats(flat, "MAT4");
}

int GltfWriter::add_node(const nlohmann::json& node) {
    json["nodes"].push_back(node);
    return static_cast<int>(json["nodes"].size()) - 1;
}

int GltfWriter::add_mesh(const nlohmann::json& primitives) {
    json["meshes"].push_back({{"primitives", primitives}});
    return static_cast<int>(json["meshes"].size()) - 1;
}

void GltfWriter::set_scene(const std::vector<int>& roots) {
    json["scenes"] = {{{"nodes", roots}}};
    json["scene"] = 0;
}

std::vector<std::uint8_t> GltfWriter::glb() const {
    nlohmann::json j = json;
    if (!bin.empty()) j["buffers"][0] = {{"byteLength", bin.size()}};  // (a test's further buffers kept)
    return io::join_glb(j.dump(), bin);
}

std::vector<std::uint8_t> GltfWriter::gltf_embedded() const {
    nlohmann::json j = json;
    if (!bin.empty())
        j["buffers"][0] = {{"byteLength", bin.size()}, {"uri", "data:application/octet-stream;base64," + base64(bin)}};
    const std::string text = j.dump(1);
    return {text.begin(), text.end()};
}

std::string GltfWriter::write_gltf_with_bin(const std::string& folder, const std::string& name) const {
    nlohmann::json j = json;
    if (!bin.empty()) j["buffers"] = {{{"byteLength", bin.size()}, {"uri", name + ".bin"}}};
    write_bytes(folder + "/" + name + ".bin", bin);
    const std::string text = j.dump(1);
    const std::string path = folder + "/" + name + ".gltf";
    write_bytes(path, {text.begin(), text.end()});
    return path;
}

std::string GltfWriter::write_glb(const std::string& folder, const std::string& name) const {
    const std::string path = folder + "/" + name + ".glb";
    write_bytes(path, glb());
    return path;
}

std::string base64(const std::vector<std::uint8_t>& bytes) {
    static const char* alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        const std::uint32_t b0 = bytes[i], b1 = i + 1 < bytes.size() ? bytes[i + 1] : 0,
                            b2 = i + 2 < bytes.size() ? bytes[i + 2] : 0;
        const std::uint32_t triple = b0 << 16 | b1 << 8 | b2;
        out += alphabet[triple >> 18 & 63];
        out += alphabet[triple >> 12 & 63];
        out += i + 1 < bytes.size() ? alphabet[triple >> 6 & 63] : '=';
        out += i + 2 < bytes.size() ? alphabet[triple & 63] : '=';
    }
    return out;
}

void write_bytes(const std::string& path, const std::vector<std::uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw std::runtime_error("cannot write " + path);
}

std::string make_temp_folder() {
    std::string pattern = "/tmp/dynskin_io_test_XXXXXX";
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    return pattern;
}

std::vector<glm::vec3> arm_positions() {
    return {{-0.1f, 0.0f, 0.0f}, {0.1f, 0.0f, 0.0f}, {-0.1f, 1.0f, 0.0f},
            {0.1f, 1.0f, 0.0f},  {-0.1f, 2.0f, 0.0f}, {0.1f, 2.0f, 0.0f}};
}

GltfWriter arm_rig(const ArmOptions& options) {
    GltfWriter w;
    const std::vector<glm::vec3> positions = arm_positions();
    nlohmann::json attributes = {{"POSITION", w.add_vec3(positions)}};
    if (options.normals) attributes["NORMAL"] = w.add_vec3(std::vector<glm::vec3>(6, {0.0f, 0.0f, 1.0f}));
    attributes["JOINTS_0"] =
        w.add_integers<std::uint16_t>({0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0},
                                      kUnsignedShort, "VEC4");
    attributes["WEIGHTS_0"] = w.add_floats(
        {1, 0, 0, 0, 1, 0, 0, 0, 0.5f, 0.5f, 0, 0, 0.5f, 0.5f, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, "VEC4");
    const int indices = w.add_integers<std::uint16_t>({0, 1, 3, 0, 3, 2, 2, 3, 5, 2, 5, 4}, kUnsignedShort, "SCALAR");
    w.add_mesh({{{"attributes", attributes}, {"indices", indices}}});
    const int root = w.add_node({{"name", "root"}, {"children", {1}}});
    w.add_node({{"name", "elbow"}, {"translation", {0.0, 1.0, 0.0}}});
    const int mesh_node = w.add_node({{"name", "arm"}, {"mesh", 0}, {"skin", 0}});
    nlohmann::json skin = {{"joints", {0, 1}}};
    if (options.inverse_binds) {
        glm::mat4 elbow_inverse(1.0f);
        elbow_inverse[3] = glm::vec4(0.0f, -1.0f, 0.0f, 1.0f);
        skin["inverseBindMatrices"] = w.add_mat4({glm::mat4(1.0f), elbow_inverse});
    }
    w.json["skins"] = nlohmann::json::array({skin});
    w.set_scene({root, mesh_node});
    return w;
}

std::vector<std::uint8_t> tiny_png(int width, int height, std::uint8_t red) {
    std::vector<std::uint8_t> pixels(static_cast<std::size_t>(width * height * 4), 255);
    for (std::size_t i = 0; i < pixels.size(); i += 4) pixels[i] = red;
    return png_of(width, height, pixels);
}

std::vector<std::uint8_t> png_of(int width, int height, const std::vector<std::uint8_t>& rgba) {
    int length = 0;
    unsigned char* png = stbi_write_png_to_mem(rgba.data(), width * 4, width, height, 4, &length);
    std::vector<std::uint8_t> out(png, png + length);
    STBIW_FREE(png);
    return out;
}

}  // namespace dynskin::test
