#include "io/writing/gltf_animation_writer.h"

namespace dynskin::io {
namespace {

using nlohmann::json;

const char* interpolation_name(Interpolation interpolation) {
    switch (interpolation) {
        case Interpolation::Step: return "STEP";
        case Interpolation::CubicSpline: return "CUBICSPLINE";
        case Interpolation::Linear: break;
    }
    return "LINEAR";
}

const char* path_name(ChannelPath path) {
    switch (path) {
        case ChannelPath::Translation: return "translation";
        case ChannelPath::Scale: return "scale";
        case ChannelPath::Weights: return "weights";
        case ChannelPath::Rotation: break;
    }
    return "rotation";
}

}  // namespace

json animation_json(const AnimationClip& clip, GltfBinaryBuilder& builder, const std::vector<int>& node_of_joint) {
    json samplers = json::array(), channels = json::array();
    for (const AnimationChannel& channel : clip.channels) {
        // Joint channels only: the clips written here are recorded drags, and a morph
        // group's node is not a joint's (the source file keeps its own weights channels).
        if (channel.path == ChannelPath::Weights) continue;
        const int node = node_of_joint.empty() ? channel.joint : node_of_joint.at(static_cast<std::size_t>(channel.joint));
        if (node < 0) continue;
        const json time_bounds = {{"min", json::array({channel.times.front()})},
                                  {"max", json::array({channel.times.back()})}};
        const int input = builder.add_floats(channel.times, "SCALAR", 0, time_bounds);
        const int output = builder.add_accessor(channel.values.data(), channel.values.size() * sizeof(float),
                                                channel.values.size() / static_cast<std::size_t>(channel.components()),
                                                gltf_constants::float_component,
                                                channel.components() == 4 ? "VEC4" : "VEC3", 0);
        samplers.push_back({{"input", input}, {"output", output}, {"interpolation", interpolation_name(channel.interpolation)}});
        channels.push_back({{"sampler", samplers.size() - 1}, {"target", {{"node", node}, {"path", path_name(channel.path)}}}});
    }
    return {{"name", clip.name}, {"samplers", samplers}, {"channels", channels}};
}

}  // namespace dynskin::io
