#include "dynskin/gltf_bake_writer.h"

#include <algorithm>
#include <cmath>

#include "io/gltf/glb_container.h"
#include "io/gltf/stb_image_decoder.h"
#include "io/settings/settings_json.h"
#include "io/writing/gltf_character_writer.h"

namespace dynskin::io {
namespace {

using nlohmann::json;
namespace c = gltf_constants;

json vec3_bounds(const std::vector<glm::vec3>& values) {
    glm::vec3 lo(0.0f), hi(0.0f);  // a sparse accessor's unset elements are zero
    if (!values.empty()) lo = hi = values.front();
    for (const glm::vec3& v : values) {
        lo = glm::min(lo, v);
        hi = glm::max(hi, v);
    }
    return {{"min", {lo.x, lo.y, lo.z}}, {"max", {hi.x, hi.y, hi.z}}};
}

// One morph target attribute: dense, sparse (only the non-zero elements) or, when every
// element is zero, no data at all (an accessor without bufferView reads as zeros).
int add_target_accessor(GltfBinaryBuilder& builder, std::vector<glm::vec3> values, float zero, bool with_bounds) {
    std::vector<std::uint32_t> indices;
    std::vector<glm::vec3> kept;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (glm::length(values[i]) <= zero) {
            values[i] = glm::vec3(0.0f);
        } else {
            indices.push_back(static_cast<std::uint32_t>(i));
            kept.push_back(values[i]);
        }
    }
    const bool short_indices = values.size() <= 65536;
    const std::size_t index_bytes = short_indices ? 2 : 4;
    json accessor = {{"componentType", c::float_component}, {"count", values.size()}, {"type", "VEC3"}};
    if (with_bounds) accessor.update(vec3_bounds(values));
    if (kept.empty()) return builder.add_accessor_json(accessor);
    if (kept.size() * (sizeof(glm::vec3) + index_bytes) >= values.size() * sizeof(glm::vec3)) {
        accessor["bufferView"] = builder.add_buffer_view(values.data(), values.size() * sizeof(glm::vec3), c::array_buffer);
        return builder.add_accessor_json(accessor);
    }
    int index_view;
    if (short_indices) {
        const std::vector<std::uint16_t> narrow(indices.begin(), indices.end());
        index_view = builder.add_buffer_view(narrow.data(), narrow.size() * 2, 0);
    } else {
        index_view = builder.add_buffer_view(indices.data(), indices.size() * 4, 0);
    }
    const int value_view = builder.add_buffer_view(kept.data(), kept.size() * sizeof(glm::vec3), 0);
    accessor["sparse"] = {{"count", kept.size()},
                          {"indices", {{"bufferView", index_view}, {"componentType", short_indices ? c::unsigned_short : c::unsigned_int}}},
                          {"values", {{"bufferView", value_view}}}};
    return builder.add_accessor_json(accessor);
}

// Channels for the joint paths that move (or differ from rest) at some frame.
void add_joint_channels(const Skeleton& skeleton, const BakedAnimation& baked, int input, GltfBinaryBuilder& builder,
                        json& samplers, json& channels) {
    const std::size_t frames = baked.frames.size();
    for (int j = 0; j < skeleton.joint_count(); ++j) {
        const Trs& rest = skeleton.rest[static_cast<std::size_t>(j)];
        bool moves[3] = {false, false, false};
        for (const BakedFrame& frame : baked.frames) {
            const Trs& local = frame.locals[static_cast<std::size_t>(j)];
            moves[0] = moves[0] || local.translation != rest.translation;
            moves[1] = moves[1] || local.rotation != rest.rotation;
            moves[2] = moves[2] || local.scale != rest.scale;
        }
        const char* paths[3] = {"translation", "rotation", "scale"};
        for (int p = 0; p < 3; ++p) {
            if (!moves[p]) continue;
            std::vector<float> values;
            glm::quat previous(1.0f, 0.0f, 0.0f, 0.0f);
            for (std::size_t k = 0; k < frames; ++k) {
                const Trs& local = baked.frames[k].locals[static_cast<std::size_t>(j)];
                if (p == 1) {
                    // Keep neighbours on one hemisphere: players slerp the stored quaternions.
                    glm::quat q = local.rotation;
                    if (k > 0 && glm::dot(q, previous) < 0.0f) q = -q;
                    previous = q;
                    values.insert(values.end(), {q.x, q.y, q.z, q.w});
                } else {
                    const glm::vec3 v = p == 0 ? local.translation : local.scale;
                    values.insert(values.end(), {v.x, v.y, v.z});
                }
            }
            const int output = builder.add_accessor(values.data(), values.size() * sizeof(float), frames,
                                                    c::float_component, p == 1 ? "VEC4" : "VEC3", 0);
            samplers.push_back({{"input", input}, {"output", output}, {"interpolation", "LINEAR"}});
            channels.push_back({{"sampler", samplers.size() - 1}, {"target", {{"node", j}, {"path", paths[p]}}}});
        }
    }
}

const char* alpha_mode_name(AlphaMode mode) {
    return mode == AlphaMode::Mask ? "MASK" : mode == AlphaMode::Blend ? "BLEND" : "OPAQUE";
}

// The texture coordinates the materials sample: TEXCOORD_0 when they are the mesh's own (or it
// has none), else TEXCOORD_1. Returns the set, -1 when no material has a texture.
int add_texture_uvs(const Character& character, const DisplayLook& look, GltfBinaryBuilder& builder) {
    if (look.texture_uvs.size() != character.mesh.vertex_count() || look.images.empty()) return -1;
    if (look.texture_uvs == character.mesh.uvs) return 0;
    const int set = character.mesh.uvs.empty() ? 0 : 1;
    json& attributes = builder.root["meshes"][0]["primitives"][0]["attributes"];
    attributes["TEXCOORD_" + std::to_string(set)] = builder.add_floats(look.texture_uvs, "VEC2", c::array_buffer);
    return set;
}

bool fits(const DisplayLook& look, const Character& character) {
    return !look.draw_ranges.empty() &&
           std::all_of(look.draw_ranges.begin(), look.draw_ranges.end(), [&](const DrawRange& r) {
               return r.first_triangle + r.triangle_count <= character.mesh.triangle_count() && r.material >= 0 &&
                      static_cast<std::size_t>(r.material) < look.materials.size();
           });
}

// The look's materials, and one primitive per draw range: the first primitive's indices are
// cut into ranges of the same buffer view, the attributes shared.
void add_materials(const Character& character, const DisplayLook& look, GltfBinaryBuilder& builder) {
    json& root = builder.root;
    const int uv_set = add_texture_uvs(character, look, builder);
    json images = json::array(), samplers = json::array(), textures = json::array();
    std::vector<int> image_index(look.images.size(), -1);
    for (std::size_t i = 0; i < look.images.size() && uv_set >= 0; ++i) {
        const Image& image = look.images[i];
        const std::vector<std::uint8_t> png = encode_png(image.width, image.height, image.rgba);
        if (png.empty()) continue;
        image_index[i] = static_cast<int>(images.size());
        images.push_back({{"bufferView", builder.add_buffer_view(png.data(), png.size(), 0)}, {"mimeType", "image/png"}});
    }
    json materials = json::array();
    for (const DisplayMaterial& m : look.materials) {
        const glm::vec4& f = m.base_color_factor;
        json material = {{"name", m.name},
                         {"pbrMetallicRoughness",
                          {{"baseColorFactor", {f.r, f.g, f.b, f.a}}, {"metallicFactor", 0.0}, {"roughnessFactor", 0.6}}},
                         {"alphaMode", alpha_mode_name(m.alpha_mode)},
                         {"doubleSided", m.double_sided}};
        if (m.alpha_mode == AlphaMode::Mask) material["alphaCutoff"] = m.alpha_cutoff;
        const int image = m.base_color_image >= 0 && static_cast<std::size_t>(m.base_color_image) < image_index.size()
                              ? image_index[static_cast<std::size_t>(m.base_color_image)]
                              : -1;
        if (image >= 0) {
            const TextureSampler& s = m.sampler;
            samplers.push_back({{"magFilter", static_cast<int>(s.mag_filter)}, {"minFilter", static_cast<int>(s.min_filter)},
                                {"wrapS", static_cast<int>(s.wrap_s)}, {"wrapT", static_cast<int>(s.wrap_t)}});
            textures.push_back({{"source", image}, {"sampler", samplers.size() - 1}});
            material["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", textures.size() - 1}, {"texCoord", uv_set}};
        }
        materials.push_back(material);
    }
    root["materials"] = materials;
    if (!images.empty()) {
        root["images"] = images;
        root["samplers"] = samplers;
        root["textures"] = textures;
    }

    const json first = root["meshes"][0]["primitives"][0];
    const int all_indices = first["indices"].get<int>();
    json primitives = json::array();
    for (const DrawRange& range : look.draw_ranges) {
        json accessor = root["accessors"][static_cast<std::size_t>(all_indices)];
        accessor["byteOffset"] = range.first_triangle * 3 * sizeof(std::uint32_t);
        accessor["count"] = range.triangle_count * 3;
        json primitive = first;
        if (primitives.empty()) root["accessors"][static_cast<std::size_t>(all_indices)] = accessor;  // reused: none unused
        else primitive["indices"] = builder.add_accessor_json(accessor);
        primitive["material"] = range.material;
        primitives.push_back(primitive);
    }
    root["meshes"][0]["primitives"] = primitives;
}

std::string target_name(std::size_t k, std::size_t count) {
    const std::size_t digits = std::max<std::size_t>(3, std::to_string(count).size());
    const std::string number = std::to_string(k);
    return "frame_" + std::string(digits - std::min(digits, number.size()), '0') + number;
}

}  // namespace

std::vector<std::uint8_t> write_baked_glb(const Character& character, const BakedAnimation& baked, const BakedLook& look) {
    const std::size_t frames = baked.frames.size();
    if (frames == 0 || static_cast<int>(frames) != baked.schedule.frame_count)
        throw CharacterWriteError("cannot write the bake: it has no frames");
    for (const BakedFrame& frame : baked.frames)
        if (frame.locals.size() != static_cast<std::size_t>(character.skeleton.joint_count()) ||
            frame.position_offsets.size() != character.mesh.vertex_count())
            throw CharacterWriteError("cannot write the bake: its frames do not match " + character.name);

    // The settings used stay a record under asset.extras.dynskin, not the live extension: the
    // motion is baked, and a runtime playing the extension would add it a second time.
    GltfBinaryBuilder builder = character_gltf(character, std::nullopt, false);
    json& root = builder.root;
    if (look.settings) root["asset"]["extras"]["dynskin"] = settings_to_json(*look.settings);
    if (look.display && fits(*look.display, character)) add_materials(character, *look.display, builder);

    // The frames as morph targets of every primitive (they share the vertices).
    json targets = json::array(), names = json::array(), default_weights = json::array();
    const float zero = static_cast<float>(kBakeZeroOffset * baked.size);
    for (std::size_t k = 0; k < frames; ++k) {
        const BakedFrame& frame = baked.frames[k];
        json target = {{"POSITION", add_target_accessor(builder, frame.position_offsets, zero, true)}};
        if (!frame.normal_offsets.empty())
            target["NORMAL"] = add_target_accessor(builder, frame.normal_offsets, static_cast<float>(kBakeZeroNormalOffset), false);
        targets.push_back(target);
        names.push_back(target_name(k, frames));
        default_weights.push_back(k == 0 ? 1.0 : 0.0);  // a player that does not animate shows frame 0
    }
    json& mesh = root["meshes"][0];
    for (json& primitive : mesh["primitives"]) primitive["targets"] = targets;
    mesh["weights"] = default_weights;
    mesh["extras"]["targetNames"] = names;  // the names three.js and Blender give the targets

    // One animation: the joints at the frames, and the one-hot weights.
    std::vector<float> times(frames), weights(frames * frames, 0.0f);
    for (std::size_t k = 0; k < frames; ++k) {
        times[k] = static_cast<float>(baked.schedule.file_time(static_cast<int>(k)));
        weights[k * frames + k] = 1.0f;
    }
    const int input = builder.add_floats(times, "SCALAR", 0,
                                         json{{"min", json::array({times.front()})}, {"max", json::array({times.back()})}});
    json samplers = json::array(), channels = json::array();
    add_joint_channels(character.skeleton, baked, input, builder, samplers, channels);
    const int weight_output = builder.add_floats(weights, "SCALAR", 0);
    samplers.push_back({{"input", input}, {"output", weight_output}, {"interpolation", "LINEAR"}});
    const int mesh_node = character.skeleton.joint_count();
    channels.push_back({{"sampler", samplers.size() - 1}, {"target", {{"node", mesh_node}, {"path", "weights"}}}});

    json bake = {{"clip", baked.name},
                 {"frames", frames},
                 {"frame_step", baked.schedule.frame_step},
                 {"start_time", baked.schedule.start_time},
                 {"loop", baked.schedule.loop},
                 {"normals", !baked.frames.front().normal_offsets.empty()}};
    if (baked.schedule.loop) {
        bake["settle_periods"] = baked.settle_periods;
        bake["loop_residual"] = baked.loop_residual;
    }
    if (look.settings) bake["settings"] = settings_to_json(*look.settings);
    root["animations"] = json::array({json{{"name", baked.name.empty() ? "baked" : baked.name + " (baked)"},
                                           {"samplers", samplers},
                                           {"channels", channels},
                                           {"extras", {{"dynskin_bake", bake}}}}});
    return builder.glb();
}

void save_baked_glb(const std::string& path, const Character& character, const BakedAnimation& baked,
                    const BakedLook& look) {
    const std::vector<std::uint8_t> glb = write_baked_glb(character, baked, look);
    try {
        write_file_atomically(path, std::string(glb.begin(), glb.end()));
    } catch (const std::exception& e) {
        throw CharacterWriteError("cannot write " + path + ": " + e.what());
    }
}

}  // namespace dynskin::io
