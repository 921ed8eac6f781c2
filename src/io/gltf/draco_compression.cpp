#include "io/gltf/draco_compression.h"

#include <draco/compression/decode.h>

#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "dynskin/gltf_loader.h"
#include "io/gltf/gltf_json.h"

namespace dynskin::io {
namespace {

constexpr const char* kExtension = "KHR_draco_mesh_compression";
// Decoded points or corners beyond this are refused rather than allocated.
constexpr std::uint64_t kMostElements = 1ull << 26;

const nlohmann::json* extension_of(const nlohmann::json& object) { return json_extension(object, kExtension); }

// The bytes as a new buffer with one bufferView over them; returns the view's index.
int add_decoded_view(tinygltf::Model& model, std::vector<unsigned char> bytes) {
    tinygltf::Buffer buffer;
    buffer.data = std::move(bytes);
    model.buffers.push_back(std::move(buffer));
    tinygltf::BufferView view;
    view.buffer = static_cast<int>(model.buffers.size()) - 1;
    view.byteLength = model.buffers.back().data.size();
    model.bufferViews.push_back(view);
    return static_cast<int>(model.bufferViews.size()) - 1;
}

// The accessor now reads count tightly packed elements from the view (a sparse part it had
// described the compressed data, which is gone).
void point_accessor_at(tinygltf::Accessor& accessor, int view, std::size_t count) {
    accessor.bufferView = view;
    accessor.byteOffset = 0;
    accessor.count = count;
    accessor.sparse.isSparse = false;
}

template <typename T>
bool attribute_bytes(const draco::Mesh& mesh, const draco::PointAttribute& attribute, int components,
                     std::vector<unsigned char>& bytes) {
    const std::size_t element = sizeof(T) * static_cast<std::size_t>(components);
    bytes.assign(mesh.num_points() * element, 0);
    std::vector<T> values(static_cast<std::size_t>(components));
    for (draco::PointIndex i(0); i < mesh.num_points(); ++i) {
        if (!attribute.ConvertValue<T>(attribute.mapped_index(i), static_cast<std::int8_t>(components), values.data()))
            return false;
        std::memcpy(bytes.data() + i.value() * element, values.data(), element);
    }
    return true;
}

// The attribute's values for every point, as the accessor's component type.
bool attribute_bytes(const draco::Mesh& mesh, const draco::PointAttribute& attribute, int component_type, int components,
                     std::vector<unsigned char>& bytes) {
    switch (component_type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE: return attribute_bytes<std::int8_t>(mesh, attribute, components, bytes);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return attribute_bytes<std::uint8_t>(mesh, attribute, components, bytes);
    case TINYGLTF_COMPONENT_TYPE_SHORT: return attribute_bytes<std::int16_t>(mesh, attribute, components, bytes);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: return attribute_bytes<std::uint16_t>(mesh, attribute, components, bytes);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: return attribute_bytes<std::uint32_t>(mesh, attribute, components, bytes);
    case TINYGLTF_COMPONENT_TYPE_FLOAT: return attribute_bytes<float>(mesh, attribute, components, bytes);
    default: return false;
    }
}

std::shared_ptr<draco::Mesh> decoded_mesh(const tinygltf::Model& model, std::size_t view_index, const std::string& where) {
    const tinygltf::BufferView& view = model.bufferViews[view_index];
    if (view.buffer < 0 || static_cast<std::size_t>(view.buffer) >= model.buffers.size())
        throw LoadError(where + ": its Draco bufferView refers to a buffer that does not exist");
    const std::vector<unsigned char>& data = model.buffers[static_cast<std::size_t>(view.buffer)].data;
    if (view.byteOffset > data.size() || view.byteLength > data.size() - view.byteOffset)
        throw LoadError(where + ": its Draco bufferView runs past the end of buffer " + std::to_string(view.buffer));
    draco::DecoderBuffer stream;
    stream.Init(reinterpret_cast<const char*>(data.data() + view.byteOffset), view.byteLength);
    draco::Decoder decoder;
    draco::StatusOr<std::unique_ptr<draco::Mesh>> result = decoder.DecodeMeshFromBuffer(&stream);
    if (!result.ok()) throw LoadError(where + ": its Draco data does not decode (" + result.status().error_msg_string() + ")");
    std::shared_ptr<draco::Mesh> mesh = std::move(result).value();
    if (mesh->num_points() > kMostElements || std::uint64_t(mesh->num_faces()) * 3 > kMostElements)
        throw LoadError(where + ": its Draco data decodes to too many points");
    return mesh;
}

void decode_primitive(const nlohmann::json& extension, tinygltf::Primitive& primitive, tinygltf::Model& model,
                      std::map<std::size_t, std::shared_ptr<draco::Mesh>>& decoded, const std::string& where) {
    const auto invalid = [&](const std::string& what) { return LoadError(where + "'s " + kExtension + " " + what); };
    if (!extension.is_object()) throw invalid("is not an object");
    const auto view = extension.find("bufferView");
    if (view == extension.end() || !view->is_number_unsigned() || view->get<std::uint64_t>() >= model.bufferViews.size())
        throw invalid("has no valid bufferView");
    const auto attributes = extension.find("attributes");
    if (attributes == extension.end() || !attributes->is_object()) throw invalid("has no attributes");
    if (primitive.mode != TINYGLTF_MODE_TRIANGLES)
        throw LoadError(where + " is Draco-compressed but drawn in mode " + std::to_string(primitive.mode) +
                        "; Draco holds triangle lists");

    const std::size_t view_index = view->get<std::size_t>();
    std::shared_ptr<draco::Mesh>& mesh = decoded[view_index];  // (primitives may share a stream)
    if (!mesh) mesh = decoded_mesh(model, view_index, where);

    // The corners, as 32-bit indices (a new accessor where the primitive had none).
    std::vector<unsigned char> corners(std::size_t(mesh->num_faces()) * 3 * sizeof(std::uint32_t));
    for (draco::FaceIndex f(0); f < mesh->num_faces(); ++f)
        for (int c = 0; c < 3; ++c) {
            const std::uint32_t point = mesh->face(f)[c].value();
            if (point >= mesh->num_points()) throw LoadError(where + ": its Draco data has a face past its points");
            std::memcpy(corners.data() + (std::size_t(f.value()) * 3 + std::size_t(c)) * sizeof(point), &point, sizeof(point));
        }
    if (primitive.indices < 0) {
        model.accessors.emplace_back();
        primitive.indices = static_cast<int>(model.accessors.size()) - 1;
    } else if (static_cast<std::size_t>(primitive.indices) >= model.accessors.size()) {
        throw LoadError(where + "'s indices accessor does not exist");
    }
    tinygltf::Accessor& indices = model.accessors[static_cast<std::size_t>(primitive.indices)];
    indices.componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
    indices.type = TINYGLTF_TYPE_SCALAR;
    indices.normalized = false;
    point_accessor_at(indices, add_decoded_view(model, std::move(corners)), std::size_t(mesh->num_faces()) * 3);

    for (const auto& [name, id] : attributes->items()) {
        const auto attribute = primitive.attributes.find(name);
        if (attribute == primitive.attributes.end()) throw invalid("names " + name + ", which the primitive does not have");
        if (attribute->second < 0 || static_cast<std::size_t>(attribute->second) >= model.accessors.size())
            throw LoadError(where + "'s " + name + " accessor does not exist");
        if (!id.is_number_unsigned() || id.get<std::uint64_t>() > UINT32_MAX) throw invalid("gives " + name + " no valid id");
        const draco::PointAttribute* source = mesh->GetAttributeByUniqueId(id.get<std::uint32_t>());
        if (source == nullptr) throw LoadError(where + ": its Draco data has no attribute " + std::to_string(id.get<std::uint64_t>()) + " for " + name);
        tinygltf::Accessor& accessor = model.accessors[static_cast<std::size_t>(attribute->second)];
        const int components = tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(accessor.type));
        std::vector<unsigned char> bytes;
        if (components < 1 || components > 4 || !attribute_bytes(*mesh, *source, accessor.componentType, components, bytes))
            throw LoadError(where + ": its Draco attribute for " + name + " does not convert to the accessor's type");
        point_accessor_at(accessor, add_decoded_view(model, std::move(bytes)), mesh->num_points());
    }
}

}  // namespace

void stand_in_for_draco_indices(const nlohmann::json& json, std::optional<nlohmann::json>& for_parser) {
    const auto meshes = json.find("meshes");
    const auto accessors = json.find("accessors");
    const auto views = json.find("bufferViews");
    if (meshes == json.end() || !meshes->is_array() || accessors == json.end() || !accessors->is_array()) return;
    const std::size_t view_count = views != json.end() && views->is_array() ? views->size() : 0;
    for (std::size_t m = 0; m < meshes->size(); ++m) {
        const nlohmann::json& mesh = (*meshes)[m];
        const auto primitives = mesh.is_object() ? mesh.find("primitives") : mesh.end();
        if (!mesh.is_object() || primitives == mesh.end() || !primitives->is_array()) continue;
        for (std::size_t p = 0; p < primitives->size(); ++p) {
            const nlohmann::json* extension = extension_of((*primitives)[p]);
            const auto indices = (*primitives)[p].find("indices");
            if (extension == nullptr || !extension->is_object() || indices == (*primitives)[p].end() ||
                !indices->is_number_unsigned() || indices->get<std::uint64_t>() >= accessors->size())
                continue;
            const auto view = extension->find("bufferView");
            if (view == extension->end() || !view->is_number_unsigned() || view->get<std::uint64_t>() >= view_count)
                throw LoadError("mesh " + std::to_string(m) + " primitive " + std::to_string(p) + "'s " + kExtension +
                                " has no valid bufferView");  // (before tinygltf's message about the stand-in)
            const nlohmann::json& accessor = (*accessors)[indices->get<std::size_t>()];
            if (!accessor.is_object() || accessor.contains("bufferView")) continue;
            if (!for_parser) for_parser = json;  // (copied only for such a file)
            (*for_parser)["accessors"][indices->get<std::size_t>()]["bufferView"] = *view;
        }
    }
}

void decode_draco_primitives(const nlohmann::json& json, tinygltf::Model& model) {
    const auto meshes = json.find("meshes");
    if (meshes == json.end() || !meshes->is_array()) return;
    std::map<std::size_t, std::shared_ptr<draco::Mesh>> decoded;  // bufferView -> its mesh
    for (std::size_t m = 0; m < meshes->size() && m < model.meshes.size(); ++m) {
        const nlohmann::json& mesh = (*meshes)[m];
        const auto primitives = mesh.is_object() ? mesh.find("primitives") : mesh.end();
        if (!mesh.is_object() || primitives == mesh.end() || !primitives->is_array()) continue;
        for (std::size_t p = 0; p < primitives->size() && p < model.meshes[m].primitives.size(); ++p) {
            const nlohmann::json* extension = extension_of((*primitives)[p]);
            if (extension == nullptr) continue;
            decode_primitive(*extension, model.meshes[m].primitives[p], model, decoded,
                             "mesh " + std::to_string(m) + " primitive " + std::to_string(p));
        }
    }
}

}  // namespace dynskin::io
