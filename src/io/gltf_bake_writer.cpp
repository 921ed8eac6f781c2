#include "io/gltf_bake_writer.h"

#include <algorithm>
#include <cmath>

#include "io/glb_container.h"
#include "io/settings_json.h"
#include "io/stb_image_decoder.h"

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

void add_base_color(const Character& character, const BakedLook& look, GltfBinaryBuilder& builder) {
    json& pbr = builder.root["materials"][0]["pbrMetallicRoughness"];
    const glm::vec4& f = look.base_color_factor;
    pbr["baseColorFactor"] = {f.r, f.g, f.b, f.a};
    if (!look.base_color || look.base_color->width <= 0 || character.mesh.uvs.empty()) return;
    const std::vector<std::uint8_t> png = encode_png(look.base_color->width, look.base_color->height, look.base_color->rgba);
    if (png.empty()) return;
    json& root = builder.root;
    root["images"] = json::array({json{{"bufferView", builder.add_buffer_view(png.data(), png.size(), 0)}, {"mimeType", "image/png"}}});
    root["samplers"] = json::array({json{{"magFilter", 9729}, {"minFilter", 9987}}});
    root["textures"] = json::array({json{{"source", 0}, {"sampler", 0}}});
    pbr["baseColorTexture"] = {{"index", 0}};
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

    GltfBinaryBuilder builder = character_gltf(character, look.settings, false);
    json& root = builder.root;
    add_base_color(character, look, builder);

    // The frames as morph targets of the one primitive.
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
    mesh["primitives"][0]["targets"] = targets;
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
