#include "io/writing/gltf_binary_builder.h"

#include "io/gltf/glb_container.h"

namespace dynskin::io {

using nlohmann::json;

GltfBinaryBuilder::GltfBinaryBuilder(json root_json, std::vector<std::uint8_t> bytes)
    : root(std::move(root_json)), bin(std::move(bytes)) {
    if (!root.contains("bufferViews")) root["bufferViews"] = json::array();
    if (!root.contains("accessors")) root["accessors"] = json::array();
}

int GltfBinaryBuilder::add_buffer_view(const void* data, std::size_t byte_count, int target) {
    bin.resize((bin.size() + 3) / 4 * 4, 0);  // every component type here is at most 4 bytes
    const std::size_t offset = bin.size();
    const auto* bytes = static_cast<const std::uint8_t*>(data);
    bin.insert(bin.end(), bytes, bytes + byte_count);
    json view = {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", byte_count}};
    if (target != 0) view["target"] = target;
    root["bufferViews"].push_back(view);
    return static_cast<int>(root["bufferViews"].size()) - 1;
}

int GltfBinaryBuilder::add_accessor(const void* data, std::size_t byte_count, std::size_t count, int component_type,
                                    const char* type, int target, const json& min_max) {
    json accessor = {{"bufferView", add_buffer_view(data, byte_count, target)},
                     {"componentType", component_type},
                     {"count", count},
                     {"type", type}};
    if (!min_max.is_null()) accessor.update(min_max);
    return add_accessor_json(std::move(accessor));
}

int GltfBinaryBuilder::add_accessor_json(json accessor) {
    root["accessors"].push_back(std::move(accessor));
    return static_cast<int>(root["accessors"].size()) - 1;
}

std::vector<std::uint8_t> GltfBinaryBuilder::glb() {
    if (bin.empty()) root.erase("buffers");
    else root["buffers"] = json::array({json{{"byteLength", bin.size()}}});
    return join_glb(root.dump(), bin);
}

}  // namespace dynskin::io
