#include "dynskin/gltf_saver.h"

#include <algorithm>
#include <tuple>

#include <cstring>
#include <map>
#include <set>

#include "io/gltf/glb_container.h"
#include "io/reading/gltf_character_builder.h"
#include "io/settings/gltf_settings_extension.h"
#include "io/settings/settings_json.h"
#include "io/writing/gltf_animation_writer.h"
#include "io/writing/gltf_binary_builder.h"

namespace dynskin::io {
namespace {

using nlohmann::json;

constexpr int float_component = 5126;
constexpr int array_buffer_target = 34962;

// One BIN buffer holding every buffer of the source, then the embedded images and new data.
struct MergedBuffer {
    std::vector<std::uint8_t> bytes;

    std::size_t append(const std::uint8_t* data, std::size_t size, std::size_t alignment) {
        bytes.resize((bytes.size() + alignment - 1) / alignment * alignment, 0);
        const std::size_t at = bytes.size();
        bytes.insert(bytes.end(), data, data + size);
        return at;
    }
};

std::string sniff_mime_type(const std::vector<std::uint8_t>& bytes, const json& image) {
    if (bytes.size() >= 4 && bytes[0] == 0x89 && bytes[1] == 'P' && bytes[2] == 'N' && bytes[3] == 'G') return "image/png";
    if (bytes.size() >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF) return "image/jpeg";
    const auto declared = image.find("mimeType");
    return declared != image.end() && declared->is_string() ? declared->get<std::string>() : "image/png";
}

int add_buffer_view(json& root, std::size_t offset, std::size_t length, int target) {
    json view = {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", length}};
    if (target != 0) view["target"] = target;
    root["bufferViews"].push_back(view);
    return static_cast<int>(root["bufferViews"].size()) - 1;
}

// Rewrites every bufferView onto the merged buffer: the file's buffers as loaded, so that a
// view EXT_meshopt_compression had compressed holds its decoded bytes and is written plain.
// (A Draco primitive stays compressed: its stream is a view like the others; the buffers the
// loader decoded it into are not the file's.)
void merge_buffers(json& root, const tinygltf::Model& model, MergedBuffer& merged) {
    const std::size_t file_buffers = root.contains("buffers") ? std::min(root["buffers"].size(), model.buffers.size()) : 0;
    std::vector<std::size_t> base(file_buffers);
    for (std::size_t b = 0; b < file_buffers; ++b)
        base[b] = merged.append(model.buffers[b].data.data(), model.buffers[b].data.size(), 16);
    bool decoded = false;
    if (root.contains("bufferViews"))
        for (json& view : root["bufferViews"]) {
            const auto buffer = view["buffer"].get<std::size_t>();
            view["buffer"] = 0;
            view["byteOffset"] = view.value("byteOffset", std::size_t{0}) + base.at(buffer);
            if (view.contains("extensions") && view["extensions"].erase("EXT_meshopt_compression")) {
                decoded = true;
                if (view["extensions"].empty()) view.erase("extensions");
            }
        }
    if (decoded)
        for (const char* list : {"extensionsUsed", "extensionsRequired"})
            if (root.contains(list)) {
                json& names = root[list];
                names.erase(std::remove(names.begin(), names.end(), "EXT_meshopt_compression"), names.end());
                if (names.empty()) root.erase(list);
            }
    if (!root.contains("bufferViews")) root["bufferViews"] = json::array();
}

void embed_images(json& root, const GltfDocument& document, MergedBuffer& merged) {
    if (!root.contains("images")) return;
    json& images = root["images"];
    for (std::size_t i = 0; i < images.size() && i < document.image_bytes.size(); ++i) {
        json& image = images[i];
        const std::vector<std::uint8_t>& bytes = document.image_bytes[i];
        if (!image.contains("uri") || bytes.empty()) continue;  // in a bufferView already, or missing
        const std::size_t offset = merged.append(bytes.data(), bytes.size(), 4);
        image["mimeType"] = sniff_mime_type(bytes, image);
        image["bufferView"] = add_buffer_view(root, offset, bytes.size(), 0);
        image.erase("uri");
    }
}

// A plain FLOAT SCALAR accessor with count values can be overwritten where it is.
bool overwrite_in_place(const json& root, const json& accessor, std::size_t count, const float* values,
                        MergedBuffer& merged) {
    if (!accessor.is_object() || accessor.value("componentType", 0) != float_component ||
        accessor.value("type", std::string()) != "SCALAR" || accessor.value("count", std::size_t{0}) != count ||
        accessor.contains("sparse") || !accessor.contains("bufferView"))
        return false;
    const json& view = root["bufferViews"].at(accessor["bufferView"].get<std::size_t>());
    if (view.value("byteStride", std::size_t{4}) != 4) return false;
    const std::size_t at = view["byteOffset"].get<std::size_t>() + accessor.value("byteOffset", std::size_t{0});
    if (at + count * 4 > merged.bytes.size()) return false;
    std::memcpy(merged.bytes.data() + at, values, count * 4);
    return true;
}

void store_layer(json& root, const std::vector<PrimitiveVertices>& sources, const char* name,
                 const std::vector<float>& layer, MergedBuffer& merged) {
    std::set<std::pair<int, int>> written;  // an instanced mesh stores its first instance's values
    std::map<std::size_t, json> shared;     // primitives sharing vertices share the layer's accessor
    for (const PrimitiveVertices& source : sources) {
        if (!written.insert({source.mesh, source.primitive}).second) continue;
        json& primitive = root["meshes"][static_cast<std::size_t>(source.mesh)]["primitives"][static_cast<std::size_t>(source.primitive)];
        const float* values = layer.data() + source.first_vertex;
        json& attributes = primitive["attributes"];
        if (const auto same = shared.find(source.first_vertex); same != shared.end()) {
            attributes[name] = same->second;
            continue;
        }
        if (attributes.contains(name)) {
            const json& existing = root["accessors"].at(attributes[name].get<std::size_t>());
            if (overwrite_in_place(root, existing, source.vertex_count, values, merged)) {
                shared[source.first_vertex] = attributes[name];
                continue;
            }
        }
        const std::size_t offset =
            merged.append(reinterpret_cast<const std::uint8_t*>(values), source.vertex_count * sizeof(float), 4);
        const int view = add_buffer_view(root, offset, source.vertex_count * sizeof(float), array_buffer_target);
        if (!root.contains("accessors")) root["accessors"] = json::array();
        root["accessors"].push_back(
            {{"bufferView", view}, {"componentType", float_component}, {"count", source.vertex_count}, {"type", "SCALAR"}});
        attributes[name] = root["accessors"].size() - 1;
        shared[source.first_vertex] = attributes[name];
    }
}

}  // namespace

void save_character_work(const std::string& source_path, const std::string& output_path,
                         const std::vector<float>& bend_weights, const DynamicSettings& settings,
                         const std::vector<AnimationClip>& recorded_clips) {
    const std::vector<float> uniform;
    save_character_work(source_path, output_path, PaintedLayers{bend_weights, uniform, uniform}, settings,
                        recorded_clips);
}

void save_character_work(const std::string& source_path, const std::string& output_path, const PaintedLayers& layers,
                         const DynamicSettings& settings, const std::vector<AnimationClip>& recorded_clips) {
    BuiltCharacter built;
    try {
        const std::size_t slash = source_path.find_last_of('/');
        built = build_character(read_file_bytes(source_path),
                                slash == std::string::npos ? "" : source_path.substr(0, slash + 1), "");
    } catch (const LoadError& e) {
        throw SaveError("cannot save: the source " + source_path + " no longer loads: " + e.what());
    }
    const std::size_t vertex_count = built.loaded.character.mesh.vertex_count();
    for (const auto& [layer, what, optional] : {std::tuple{&layers.bend, "bend", false},
                                                std::tuple{&layers.floppy, "floppy", true},
                                                std::tuple{&layers.squash, "squash", true}})
        if (layer->size() != vertex_count && !(optional && layer->empty()))
            throw SaveError("cannot save: " + std::to_string(layer->size()) + " " + what + " weights for " +
                            std::to_string(vertex_count) + " vertices");
    try {
        json root = built.document.json;
        MergedBuffer merged;
        merge_buffers(root, built.document.model, merged);
        embed_images(root, built.document, merged);
        store_layer(root, built.sources, "_DYNSKIN_BEND", layers.bend, merged);
        // An unpainted layer is not written; one painted before and cleared since is reset.
        const std::vector<float> ones(layers.floppy.empty() || layers.squash.empty() ? vertex_count : 0, 1.0f);
        for (const auto& [attribute, layer] : {std::pair{"_DYNSKIN_FLOPPY", &layers.floppy},
                                               std::pair{"_DYNSKIN_SQUASH", &layers.squash}}) {
            const char* name = attribute;  // a lambda may not capture a structured binding in C++17
            const bool stored = std::any_of(built.sources.begin(), built.sources.end(), [&](const PrimitiveVertices& s) {
                return root["meshes"][std::size_t(s.mesh)]["primitives"][std::size_t(s.primitive)]["attributes"].contains(name);
            });
            if (!layer->empty() || stored) store_layer(root, built.sources, name, layer->empty() ? ones : *layer, merged);
        }
        if (!recorded_clips.empty()) {
            const int joint_count = built.loaded.character.skeleton.joint_count();
            GltfBinaryBuilder builder(std::move(root), std::move(merged.bytes));
            if (!builder.root.contains("animations")) builder.root["animations"] = json::array();
            for (const AnimationClip& clip : recorded_clips) {
                if (const std::string problem = clip.validate(joint_count); !problem.empty())
                    throw SaveError("cannot save the clip '" + clip.name + "': " + problem);
                json animation = animation_json(clip, builder, built.node_of_joint);
                if (!animation["channels"].empty()) builder.root["animations"].push_back(std::move(animation));
            }
            root = std::move(builder.root);
            merged.bytes = std::move(builder.bin);
        }
        if (merged.bytes.empty()) {
            root.erase("buffers");
        } else {
            root["buffers"] = json::array({{{"byteLength", merged.bytes.size()}}});
        }
        write_settings_extension(root, settings, built.node_of_joint);
        const std::vector<std::uint8_t> glb = join_glb(root.dump(), merged.bytes);
        write_file_atomically(output_path, std::string(glb.begin(), glb.end()));
    } catch (const SaveError&) {
        throw;
    } catch (const std::exception& e) {
        throw SaveError("cannot save " + output_path + ": " + e.what());
    }
}

}  // namespace dynskin::io
