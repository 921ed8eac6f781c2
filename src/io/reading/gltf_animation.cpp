#include "io/reading/gltf_animation.h"

#include <algorithm>
#include <cmath>

#include "dynskin/gltf_loader.h"
#include "io/reading/gltf_accessors.h"

namespace dynskin::io {
namespace {

// Why the channel cannot be played, or empty when it can.
std::string channel_problem(const AnimationChannel& channel) {
    if (channel.times.empty()) return "has no key";
    for (std::size_t k = 0; k < channel.times.size(); ++k) {
        if (!std::isfinite(channel.times[k])) return "has a non-finite key time";
        if (k > 0 && !(channel.times[k] > channel.times[k - 1])) return "has key times that do not increase";
    }
    const std::size_t per_key = (channel.interpolation == Interpolation::CubicSpline ? 3u : 1u) *
                                static_cast<std::size_t>(channel.components());
    if (channel.values.size() != channel.times.size() * per_key)
        return "has " + std::to_string(channel.values.size()) + " values for " + std::to_string(channel.times.size()) +
               " keys" +
               (channel.path == ChannelPath::Weights ? " of " + std::to_string(channel.weight_count) + " morph weights" +
                                                           (per_key > channel.weight_count ? " (3 per weight a key)" : "")
                                                     : "");
    for (float v : channel.values)
        if (!std::isfinite(v)) return "has a non-finite value";
    return {};
}

// Where a channel of node `node` animating `path` goes: a joint's TRS or a morph group's
// weights. False (with a warning) when the character has nothing there to animate.
bool target_of(const tinygltf::Model& model, int node, const std::string& path, const SkeletonFromNodes& skeleton,
               const MorphTargets& morphs, const std::vector<int>& morph_group_of_node, const std::string& where,
               AnimationChannel& channel, std::vector<std::string>& warnings) {
    const tinygltf::Node& target = model.nodes[static_cast<std::size_t>(node)];
    if (path == "weights") {
        const int group = morph_group_of_node[static_cast<std::size_t>(node)];
        if (group < 0) {
            const bool has_mesh = target.mesh >= 0 && static_cast<std::size_t>(target.mesh) < model.meshes.size();
            const auto& primitives = has_mesh ? model.meshes[static_cast<std::size_t>(target.mesh)].primitives
                                              : std::vector<tinygltf::Primitive>{};
            const bool has_targets = std::any_of(primitives.begin(), primitives.end(),
                                                 [](const tinygltf::Primitive& p) { return !p.targets.empty(); });
            warnings.push_back(where + " animates the morph weights of node " + std::to_string(node) +
                               (!has_mesh       ? ", which has no mesh"
                                : !has_targets ? ", whose mesh has no morph targets"
                                               : ", which the scene does not show") +
                               "; it is skipped");
            return false;
        }
        const MorphGroup& morph_group = morphs.groups[static_cast<std::size_t>(group)];
        channel.path = ChannelPath::Weights;
        channel.joint = -1;
        channel.first_weight = morph_group.first_weight;
        channel.weight_count = static_cast<std::uint32_t>(morph_group.targets.size());
        return true;
    }
    if (path == "translation") channel.path = ChannelPath::Translation;
    else if (path == "rotation") channel.path = ChannelPath::Rotation;
    else if (path == "scale") channel.path = ChannelPath::Scale;
    else {
        warnings.push_back(where + " animates '" + path + "', which dynskin does not know; it is skipped");
        return false;
    }
    const int joint = skeleton.joint_of_node[static_cast<std::size_t>(node)];
    if (joint < 0) {
        const bool mesh_node = target.mesh >= 0;
        warnings.push_back(where + " targets node " + std::to_string(node) +
                           (mesh_node ? ", the mesh's own node, whose transform skinning ignores"
                                      : ", which is not part of the skeleton") +
                           "; it is skipped");
        return false;
    }
    channel.joint = joint;
    return true;
}

bool read_channel(const tinygltf::Model& model, const tinygltf::Animation& animation,
                  const tinygltf::AnimationChannel& source, const SkeletonFromNodes& skeleton,
                  const MorphTargets& morphs, const std::vector<int>& morph_group_of_node, const std::string& where,
                  AnimationChannel& channel, std::vector<std::string>& warnings) {
    const int node = source.target_node;
    if (node < 0 || static_cast<std::size_t>(node) >= model.nodes.size()) {
        warnings.push_back(where + " targets node " + std::to_string(node) + ", which does not exist; it is skipped");
        return false;
    }
    if (!target_of(model, node, source.target_path, skeleton, morphs, morph_group_of_node, where, channel, warnings))
        return false;
    if (source.sampler < 0 || static_cast<std::size_t>(source.sampler) >= animation.samplers.size()) {
        warnings.push_back(where + " uses sampler " + std::to_string(source.sampler) + ", which does not exist; it is skipped");
        return false;
    }
    const tinygltf::AnimationSampler& sampler = animation.samplers[static_cast<std::size_t>(source.sampler)];
    if (sampler.interpolation == "STEP") channel.interpolation = Interpolation::Step;
    else if (sampler.interpolation == "CUBICSPLINE") channel.interpolation = Interpolation::CubicSpline;
    else channel.interpolation = Interpolation::Linear;

    const AccessorValues<float> times = read_float_accessor(model, sampler.input, where + " input");
    const AccessorValues<float> values = read_float_accessor(model, sampler.output, where + " output");
    // Weights come as scalars, K of them a key (3 K for CUBICSPLINE: in-tangents, values, out-tangents).
    const bool weights = channel.path == ChannelPath::Weights;
    if (times.components != 1 || values.components != (weights ? 1 : channel.components())) {
        warnings.push_back(where + " has keys of the wrong type; it is skipped");
        return false;
    }
    channel.times = times.values;
    channel.values = values.values;
    if (const std::string problem = channel_problem(channel); !problem.empty()) {
        warnings.push_back(where + " " + problem + "; it is skipped");
        return false;
    }
    return true;
}

}  // namespace

std::vector<AnimationClip> read_animations(const tinygltf::Model& model, const SkeletonFromNodes& skeleton,
                                           const MorphTargets& morphs, const std::vector<int>& morph_group_of_node,
                                           std::vector<std::string>& warnings) {
    std::vector<AnimationClip> clips;
    for (std::size_t a = 0; a < model.animations.size(); ++a) {
        const tinygltf::Animation& animation = model.animations[a];
        AnimationClip clip;
        clip.name = animation.name.empty() ? "animation " + std::to_string(a) : animation.name;
        for (std::size_t c = 0; c < animation.channels.size(); ++c) {
            const std::string where = "animation '" + clip.name + "' channel " + std::to_string(c);
            AnimationChannel channel;
            if (!read_channel(model, animation, animation.channels[c], skeleton, morphs, morph_group_of_node, where, channel,
                              warnings))
                continue;
            clip.duration = std::max(clip.duration, channel.times.back());
            clip.channels.push_back(std::move(channel));
        }
        clips.push_back(std::move(clip));
    }
    return clips;
}

}  // namespace dynskin::io
