#include "gltf_reference_player.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>

#include <glm/gtc/quaternion.hpp>

namespace dynskin::test {
namespace {

int component_count(int type) {
    switch (type) {
        case TINYGLTF_TYPE_SCALAR: return 1;
        case TINYGLTF_TYPE_VEC2: return 2;
        case TINYGLTF_TYPE_VEC3: return 3;
        case TINYGLTF_TYPE_VEC4: return 4;
        case TINYGLTF_TYPE_MAT4: return 16;
        default: throw std::runtime_error("unexpected accessor type");
    }
}

int component_size(int component_type) {
    switch (component_type) {
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return 1;
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: return 2;
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT:
        case TINYGLTF_COMPONENT_TYPE_FLOAT: return 4;
        default: throw std::runtime_error("unexpected component type");
    }
}

double read_component(const unsigned char* at, int component_type, bool normalized) {
    switch (component_type) {
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return normalized ? *at / 255.0 : *at;
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: {
            std::uint16_t v;
            std::memcpy(&v, at, 2);
            return normalized ? v / 65535.0 : v;
        }
        case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: {
            std::uint32_t v;
            std::memcpy(&v, at, 4);
            return v;
        }
        case TINYGLTF_COMPONENT_TYPE_FLOAT: {
            float v;
            std::memcpy(&v, at, 4);
            return v;
        }
        default: throw std::runtime_error("unexpected component type");
    }
}

// Every element of an accessor as doubles: the bufferView's data (or zeros), then the
// sparse substitution, as section 3.6.2.3 of the specification says.
std::vector<double> accessor_values(const tinygltf::Model& model, int index, int& components) {
    const tinygltf::Accessor& a = model.accessors.at(static_cast<std::size_t>(index));
    components = component_count(a.type);
    const std::size_t n = a.count * static_cast<std::size_t>(components);
    std::vector<double> values(n, 0.0);
    const int size = component_size(a.componentType);
    if (a.bufferView >= 0) {
        const tinygltf::BufferView& view = model.bufferViews.at(static_cast<std::size_t>(a.bufferView));
        const unsigned char* base = model.buffers.at(static_cast<std::size_t>(view.buffer)).data.data() + view.byteOffset + a.byteOffset;
        const std::size_t stride = view.byteStride ? view.byteStride : static_cast<std::size_t>(size * components);
        for (std::size_t e = 0; e < a.count; ++e)
            for (int c = 0; c < components; ++c)
                values[e * components + c] = read_component(base + e * stride + c * size, a.componentType, a.normalized);
    }
    if (a.sparse.isSparse) {
        const auto view_data = [&](int view_index, int offset) {
            const tinygltf::BufferView& view = model.bufferViews.at(static_cast<std::size_t>(view_index));
            return model.buffers.at(static_cast<std::size_t>(view.buffer)).data.data() + view.byteOffset + offset;
        };
        const unsigned char* indices = view_data(a.sparse.indices.bufferView, a.sparse.indices.byteOffset);
        const unsigned char* replaced = view_data(a.sparse.values.bufferView, a.sparse.values.byteOffset);
        const int index_size = component_size(a.sparse.indices.componentType);
        for (int s = 0; s < a.sparse.count; ++s) {
            const auto element = static_cast<std::size_t>(read_component(indices + s * index_size, a.sparse.indices.componentType, false));
            for (int c = 0; c < components; ++c)
                values.at(element * components + c) =
                    read_component(replaced + (static_cast<std::size_t>(s) * components + c) * size, a.componentType, a.normalized);
        }
    }
    return values;
}

glm::dquat slerp(glm::dquat a, glm::dquat b, double s) {
    double d = glm::dot(a, b);
    if (d < 0.0) {  // the shortest path, as players do
        b = -b;
        d = -d;
    }
    if (d > 0.9999995) return glm::normalize(a * (1.0 - s) + b * s);
    const double theta = std::acos(d);
    return (a * std::sin((1.0 - s) * theta) + b * std::sin(s * theta)) / std::sin(theta);
}

}  // namespace

GltfReferencePlayer::GltfReferencePlayer(const std::vector<unsigned char>& glb) {
    tinygltf::TinyGLTF loader;
    if (!loader.LoadBinaryFromMemory(&model_, &errors_, &warnings_, glb.data(), static_cast<unsigned>(glb.size())) &&
        errors_.empty())
        errors_ = "tinygltf could not load the file";
}

void GltfReferencePlayer::node_locals(int animation, double time, std::vector<glm::mat4>& locals,
                                      std::vector<std::vector<float>>& weights) const {
    const std::size_t n = model_.nodes.size();
    std::vector<glm::dvec3> translation(n, glm::dvec3(0.0)), scale(n, glm::dvec3(1.0));
    std::vector<glm::dquat> rotation(n, glm::dquat(1.0, 0.0, 0.0, 0.0));
    std::vector<bool> has_matrix(n, false);
    locals.assign(n, glm::mat4(1.0f));
    weights.assign(n, {});
    for (std::size_t i = 0; i < n; ++i) {
        const tinygltf::Node& node = model_.nodes[i];
        if (node.matrix.size() == 16) {
            has_matrix[i] = true;
            for (int k = 0; k < 16; ++k) locals[i][k / 4][k % 4] = static_cast<float>(node.matrix[static_cast<std::size_t>(k)]);
        }
        if (node.translation.size() == 3) translation[i] = {node.translation[0], node.translation[1], node.translation[2]};
        if (node.scale.size() == 3) scale[i] = {node.scale[0], node.scale[1], node.scale[2]};
        if (node.rotation.size() == 4) rotation[i] = glm::dquat(node.rotation[3], node.rotation[0], node.rotation[1], node.rotation[2]);
        if (node.mesh >= 0) {
            const std::vector<double>& w = model_.meshes[static_cast<std::size_t>(node.mesh)].weights;
            weights[i].assign(w.begin(), w.end());
            if (!node.weights.empty()) weights[i].assign(node.weights.begin(), node.weights.end());
        }
    }
    if (animation >= 0) {
        const tinygltf::Animation& anim = model_.animations.at(static_cast<std::size_t>(animation));
        for (const tinygltf::AnimationChannel& channel : anim.channels) {
            const tinygltf::AnimationSampler& sampler = anim.samplers.at(static_cast<std::size_t>(channel.sampler));
            int one = 0, width = 0;
            const std::vector<double> times = accessor_values(model_, sampler.input, one);
            const std::vector<double> values = accessor_values(model_, sampler.output, width);
            const std::size_t keys = times.size();
            std::size_t stride = values.size() / keys;  // weights: one value per target per key
            if (sampler.interpolation == "CUBICSPLINE") throw std::runtime_error("CUBICSPLINE is not used by the bake");
            // The key interval around time, clamped at both ends.
            std::size_t k0 = 0, k1 = 0;
            double s = 0.0;
            if (time >= times.back()) {
                k0 = k1 = keys - 1;
            } else if (time > times.front()) {
                k1 = static_cast<std::size_t>(std::upper_bound(times.begin(), times.end(), time) - times.begin());
                k0 = k1 - 1;
                s = sampler.interpolation == "STEP" ? 0.0 : (time - times[k0]) / (times[k1] - times[k0]);
            }
            const double* a = values.data() + k0 * stride;
            const double* b = values.data() + k1 * stride;
            const auto node = static_cast<std::size_t>(channel.target_node);
            if (channel.target_path == "rotation") {
                rotation[node] = slerp(glm::dquat(a[3], a[0], a[1], a[2]), glm::dquat(b[3], b[0], b[1], b[2]), s);
            } else if (channel.target_path == "translation" || channel.target_path == "scale") {
                const glm::dvec3 v = glm::mix(glm::dvec3(a[0], a[1], a[2]), glm::dvec3(b[0], b[1], b[2]), s);
                (channel.target_path == "translation" ? translation : scale)[node] = v;
            } else if (channel.target_path == "weights") {
                weights[node].assign(stride, 0.0f);
                for (std::size_t t = 0; t < stride; ++t) weights[node][t] = static_cast<float>(a[t] + (b[t] - a[t]) * s);
            }
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (has_matrix[i]) continue;
        const glm::dmat4 t = glm::dmat4(1.0, 0, 0, 0, 0, 1.0, 0, 0, 0, 0, 1.0, 0, translation[i].x, translation[i].y,
                                        translation[i].z, 1.0);
        const glm::dmat4 r = glm::dmat4(glm::mat3_cast(glm::normalize(rotation[i])));
        const glm::dmat4 sc = glm::dmat4(scale[i].x, 0, 0, 0, 0, scale[i].y, 0, 0, 0, 0, scale[i].z, 0, 0, 0, 0, 1.0);
        locals[i] = glm::mat4(t * r * sc);
    }
}

PlayedMesh GltfReferencePlayer::play(int animation, double time) const {
    std::vector<glm::mat4> locals;
    std::vector<std::vector<float>> node_weights;
    node_locals(animation, time, locals, node_weights);
    // Globals by walking down from every root.
    const std::size_t n = model_.nodes.size();
    std::vector<int> parent(n, -1);
    for (std::size_t i = 0; i < n; ++i)
        for (int child : model_.nodes[i].children) parent[static_cast<std::size_t>(child)] = static_cast<int>(i);
    std::vector<glm::dmat4> global(n);
    std::vector<bool> done(n, false);
    const auto global_of = [&](auto&& self, std::size_t i) -> glm::dmat4 {
        if (!done[i]) {
            const glm::dmat4 local(locals[i]);
            global[i] = parent[i] < 0 ? local : self(self, static_cast<std::size_t>(parent[i])) * local;
            done[i] = true;
        }
        return global[i];
    };

    PlayedMesh result;
    for (std::size_t node_index = 0; node_index < n; ++node_index) {
        const tinygltf::Node& node = model_.nodes[node_index];
        if (node.mesh < 0 || node.skin < 0) continue;
        const tinygltf::Skin& skin = model_.skins.at(static_cast<std::size_t>(node.skin));
        std::vector<glm::dmat4> joint_matrices(skin.joints.size());
        int c = 0;
        const std::vector<double> ibm = skin.inverseBindMatrices >= 0
                                            ? accessor_values(model_, skin.inverseBindMatrices, c)
                                            : std::vector<double>();
        for (std::size_t j = 0; j < skin.joints.size(); ++j) {
            glm::dmat4 inverse_bind(1.0);
            if (!ibm.empty())
                for (int e = 0; e < 16; ++e) inverse_bind[e / 4][e % 4] = ibm[j * 16 + static_cast<std::size_t>(e)];
            joint_matrices[j] = global_of(global_of, static_cast<std::size_t>(skin.joints[j])) * inverse_bind;
        }
        const std::vector<float>& morph_weights = node_weights[node_index];
        std::vector<int> played_positions;
        for (const tinygltf::Primitive& primitive : model_.meshes.at(static_cast<std::size_t>(node.mesh)).primitives) {
            // Primitives that share their vertices (one per material) show the same vertices.
            const int position_accessor = primitive.attributes.at("POSITION");
            if (std::find(played_positions.begin(), played_positions.end(), position_accessor) != played_positions.end())
                continue;
            played_positions.push_back(position_accessor);
            int pc = 0, nc = 0;
            const std::vector<double> positions = accessor_values(model_, primitive.attributes.at("POSITION"), pc);
            std::vector<double> normals = accessor_values(model_, primitive.attributes.at("NORMAL"), nc);
            std::vector<double> morphed = positions;
            for (std::size_t t = 0; t < primitive.targets.size() && t < morph_weights.size(); ++t) {
                if (morph_weights[t] == 0.0f) continue;
                const auto& target = primitive.targets[t];
                int k = 0;
                const std::vector<double> dp = accessor_values(model_, target.at("POSITION"), k);
                for (std::size_t e = 0; e < morphed.size(); ++e) morphed[e] += morph_weights[t] * dp[e];
                if (target.count("NORMAL")) {
                    const std::vector<double> dn = accessor_values(model_, target.at("NORMAL"), k);
                    for (std::size_t e = 0; e < normals.size(); ++e) normals[e] += morph_weights[t] * dn[e];
                }
            }
            const std::size_t vertices = positions.size() / 3;
            std::vector<std::vector<double>> joints, weights;
            for (int set = 0;; ++set) {
                const auto j = primitive.attributes.find("JOINTS_" + std::to_string(set));
                if (j == primitive.attributes.end()) break;
                int k = 0;
                joints.push_back(accessor_values(model_, j->second, k));
                weights.push_back(accessor_values(model_, primitive.attributes.at("WEIGHTS_" + std::to_string(set)), k));
            }
            for (std::size_t v = 0; v < vertices; ++v) {
                glm::dmat4 blended(0.0);
                for (std::size_t set = 0; set < joints.size(); ++set)
                    for (int k = 0; k < 4; ++k)
                        blended += weights[set][v * 4 + k] *
                                   joint_matrices.at(static_cast<std::size_t>(joints[set][v * 4 + k]));
                const glm::dvec4 p = blended * glm::dvec4(morphed[v * 3], morphed[v * 3 + 1], morphed[v * 3 + 2], 1.0);
                const glm::dvec3 nrm = glm::dmat3(blended) * glm::dvec3(normals[v * 3], normals[v * 3 + 1], normals[v * 3 + 2]);
                result.positions.emplace_back(p);
                result.normals.emplace_back(glm::normalize(nrm));
            }
        }
        break;  // the first skinned mesh node
    }
    return result;
}

}  // namespace dynskin::test
