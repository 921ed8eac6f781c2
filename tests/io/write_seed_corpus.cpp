// Writes the fuzzer's seed corpus: small valid files covering the loader's features, each as
// .glb and as .gltf with an embedded buffer. Usage: dynskin_io_seed_corpus FOLDER

#include <cstdio>
#include <string>

#include "gltf_writer.h"

using namespace dynskin::test;

namespace {

GltfWriter animated_arm() {
    GltfWriter w = arm_rig();
    nlohmann::json clip = {{"name", "wave"}};
    clip["samplers"] = {{{"input", w.add_floats({0, 1}, "SCALAR")}, {"output", w.add_floats({0, 0, 0, 1, 0, 0, 0.7f, 0.7f}, "VEC4")}},
                        {{"input", w.add_floats({0, 1}, "SCALAR")},
                         {"output", w.add_floats({0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 2, 2, 2, 0, 0, 0}, "VEC3")},
                         {"interpolation", "CUBICSPLINE"}}};
    clip["channels"] = {{{"sampler", 0}, {"target", {{"node", 1}, {"path", "rotation"}}}},
                        {{"sampler", 1}, {"target", {{"node", 0}, {"path", "scale"}}}}};
    w.json["animations"] = nlohmann::json::array({clip});
    return w;
}

GltfWriter sparse_quantized_rigid() {
    GltfWriter w;
    w.json["extensionsUsed"] = {"KHR_mesh_quantization"};
    const std::vector<std::int16_t> positions = {0, 0, 0, 0, 10000, 0, 0, 0, 0, 10000, 0, 0};
    const int position = w.add_accessor(w.add_view(positions.data(), positions.size() * 2, 8), kShort, 3, "VEC3", true);
    const std::vector<std::uint8_t> indices = {2};
    const std::vector<std::int16_t> values = {0, 0, 20000, 0};
    w.json["accessors"][static_cast<std::size_t>(position)]["sparse"] = {
        {"count", 1},
        {"indices", {{"bufferView", w.add_view(indices.data(), 1)}, {"componentType", kUnsignedByte}}},
        {"values", {{"bufferView", w.add_view(values.data(), 6)}}}};
    const std::vector<std::uint16_t> uvs = {0, 65535, 65535, 0, 32768, 32768};
    const int mesh = w.add_mesh({{{"attributes", {{"POSITION", position}, {"TEXCOORD_0", w.add_integers(uvs, kUnsignedShort, "VEC2", true)}}},
                                  {"mode", 4}}});
    w.set_scene({w.add_node({{"mesh", mesh}, {"scale", {2.0, 1.0, 1.0}}, {"rotation", {0, 0, 0.6, 0.8}}})});
    return w;
}

GltfWriter textured_arm() {
    GltfWriter w = arm_rig();
    const std::vector<std::uint8_t> png = tiny_png(2, 2, 50);
    w.json["images"] = {{{"bufferView", w.add_view(png.data(), png.size())}, {"mimeType", "image/png"}}};
    w.json["textures"] = {{{"source", 0}}};
    w.json["materials"] = {{{"pbrMetallicRoughness", {{"baseColorTexture", {{"index", 0}}}}}}};
    w.json["meshes"][0]["primitives"][0]["material"] = 0;
    w.json["asset"]["extras"] = {{"dynskin", {{"version", 1}, {"parameters", {{"mode", "drag_only"}}}, {"joints", {{{"gain", 0.5}}}}}}};
    return w;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s FOLDER\n", argv[0]);
        return 2;
    }
    const std::string folder = argv[1];
    const std::pair<const char*, GltfWriter> seeds[] = {{"arm", arm_rig()},
                                                        {"arm_no_binds", arm_rig(ArmOptions{false, false})},
                                                        {"animated_arm", animated_arm()},
                                                        {"sparse_quantized_rigid", sparse_quantized_rigid()},
                                                        {"textured_arm", textured_arm()}};
    for (const auto& [name, writer] : seeds) {
        write_bytes(folder + "/" + name + ".glb", writer.glb());
        write_bytes(folder + "/" + name + ".gltf", writer.gltf_embedded());
    }
    return 0;
}
