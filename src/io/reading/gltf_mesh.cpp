#include "io/reading/gltf_mesh.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_inverse.hpp>

#include "dynskin/gltf_loader.h"
#include "io/reading/gltf_accessors.h"
#include "io/reading/gltf_morph_targets.h"
#include "io/reading/gltf_texture_transform.h"

namespace dynskin::io {
namespace {

// Instancing can multiply a small file into a huge scene; stop before memory runs out.
constexpr std::size_t max_scene_vertices = std::size_t{1} << 26;

struct WeightProblems {
    std::size_t renormalised = 0;
    std::size_t unweighted = 0;
    std::size_t invalid = 0;
};

int attribute(const tinygltf::Primitive& primitive, const std::string& name) {
    const auto it = primitive.attributes.find(name);
    return it == primitive.attributes.end() ? -1 : it->second;
}

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

// Triangle count as the file stores it (before any splitting of strips and fans).
std::size_t stored_triangle_count(int mode, std::size_t index_count) {
    if (mode == TINYGLTF_MODE_TRIANGLES) return index_count / 3;
    if (mode == TINYGLTF_MODE_TRIANGLE_STRIP || mode == TINYGLTF_MODE_TRIANGLE_FAN)
        return index_count >= 3 ? index_count - 2 : 0;
    return 0;
}

std::vector<std::uint32_t> triangle_list(int mode, const std::vector<std::uint32_t>& indices) {
    std::vector<std::uint32_t> triangles;
    const std::size_t n = indices.size();
    if (mode == TINYGLTF_MODE_TRIANGLES) {
        triangles.assign(indices.begin(), indices.begin() + static_cast<std::ptrdiff_t>(n / 3 * 3));
    } else if (mode == TINYGLTF_MODE_TRIANGLE_STRIP) {
        for (std::size_t k = 0; k + 2 < n; ++k) {
            const bool even = k % 2 == 0;  // keep the winding of every other triangle
            triangles.insert(triangles.end(), {indices[k], indices[even ? k + 1 : k + 2], indices[even ? k + 2 : k + 1]});
        }
    } else if (mode == TINYGLTF_MODE_TRIANGLE_FAN) {
        for (std::size_t k = 1; k + 1 < n; ++k) triangles.insert(triangles.end(), {indices[0], indices[k], indices[k + 1]});
    }
    return triangles;
}

// The n of every JOINTS_n, in increasing order.
std::vector<int> influence_sets(const tinygltf::Primitive& primitive) {
    std::vector<int> sets;
    for (const auto& [name, accessor] : primitive.attributes) {
        if (name.rfind("JOINTS_", 0) != 0) continue;
        const std::string digits = name.substr(7);
        if (digits.empty() || digits.size() > 4 || !std::all_of(digits.begin(), digits.end(), ::isdigit)) continue;
        sets.push_back(std::stoi(digits));
    }
    std::sort(sets.begin(), sets.end());
    return sets;
}

template <typename T>
void expect_count(const AccessorValues<T>& values, std::size_t vertex_count, const std::string& what) {
    if (values.count != vertex_count)
        throw LoadError(what + " has " + std::to_string(values.count) + " elements for " +
                        std::to_string(vertex_count) + " vertices");
}

// Every influence of every JOINTS_n/WEIGHTS_n set, merged per joint and normalised.
void append_skin_weights(const tinygltf::Model& model, const tinygltf::Primitive& primitive, int skin_index,
                         const SkeletonFromNodes& skeleton, std::size_t vertex_count, std::uint32_t fallback_joint,
                         const std::string& where, SkinningWeights& out, WeightProblems& problems) {
    const tinygltf::Skin& skin = model.skins[static_cast<std::size_t>(skin_index)];
    std::vector<AccessorValues<std::uint32_t>> joint_sets;
    std::vector<AccessorValues<float>> weight_sets;
    for (int set : influence_sets(primitive)) {
        const std::string joints_name = "JOINTS_" + std::to_string(set);
        const std::string weights_name = "WEIGHTS_" + std::to_string(set);
        const int weights_accessor = attribute(primitive, weights_name);
        if (weights_accessor < 0) throw LoadError(where + " has " + joints_name + " but no " + weights_name);
        joint_sets.push_back(read_uint_accessor(model, attribute(primitive, joints_name), where + " " + joints_name));
        weight_sets.push_back(read_float_accessor(model, weights_accessor, where + " " + weights_name));
        expect_count(joint_sets.back(), vertex_count, where + " " + joints_name);
        expect_count(weight_sets.back(), vertex_count, where + " " + weights_name);
        if (joint_sets.back().components != weight_sets.back().components)
            throw LoadError(where + " " + joints_name + " and " + weights_name + " differ in width");
    }
    std::vector<std::pair<std::uint32_t, float>> influences;
    for (std::size_t i = 0; i < vertex_count; ++i) {
        influences.clear();
        double sum = 0.0;
        for (std::size_t s = 0; s < joint_sets.size(); ++s) {
            for (int c = 0; c < joint_sets[s].components; ++c) {
                const std::uint32_t skin_joint = joint_sets[s].at(i, c);
                const float weight = weight_sets[s].at(i, c);
                if (skin_joint >= skin.joints.size())
                    throw LoadError(where + " vertex " + std::to_string(i) + " uses joint " + std::to_string(skin_joint) +
                                    " of a skin with " + std::to_string(skin.joints.size()) + " joints");
                if (!std::isfinite(weight) || weight < 0.0f) {
                    ++problems.invalid;
                    continue;
                }
                if (weight == 0.0f) continue;  // an unused slot
                const auto joint = static_cast<std::uint32_t>(
                    skeleton.joint_of_node[static_cast<std::size_t>(skin.joints[skin_joint])]);
                const auto same = std::find_if(influences.begin(), influences.end(),
                                               [&](const auto& influence) { return influence.first == joint; });
                if (same != influences.end())
                    same->second += weight;
                else
                    influences.emplace_back(joint, weight);
                sum += weight;
            }
        }
        if (sum <= 0.0) {
            ++problems.unweighted;
            influences.assign(1, {fallback_joint, 1.0f});
        } else {
            if (std::abs(sum - 1.0) > 1e-3) ++problems.renormalised;
            for (auto& influence : influences) influence.second = static_cast<float>(influence.second / sum);
        }
        out.add_vertex(influences);
    }
}

std::uint32_t fallback_joint_of(const tinygltf::Model& model, const SceneGraph& graph, const SkeletonFromNodes& skeleton,
                                int mesh_node) {
    const auto is_joint = [&](int n) { return skeleton.joint_of_node[static_cast<std::size_t>(n)] >= 0; };
    int node = graph.nearest_ancestor_or_self(mesh_node, is_joint);
    const int skin_index = model.nodes[static_cast<std::size_t>(mesh_node)].skin;
    if (node < 0 && skin_index >= 0) {
        const tinygltf::Skin& skin = model.skins[static_cast<std::size_t>(skin_index)];
        const bool hint_is_joint = skin.skeleton >= 0 && static_cast<std::size_t>(skin.skeleton) < model.nodes.size() &&
                                   is_joint(skin.skeleton);
        node = hint_is_joint ? skin.skeleton : skin.joints[0];
    }
    return node < 0 ? 0u : static_cast<std::uint32_t>(skeleton.joint_of_node[static_cast<std::size_t>(node)]);
}

struct MeshBuilder {
    const tinygltf::Model& model;
    const SceneGraph& graph;
    const SkeletonFromNodes& skeleton;
    std::vector<std::string>& warnings;
    MeshFromPrimitives result;
    WeightProblems weight_problems;
    bool any_uvs = false, any_colors = false, any_texture_uvs = false;
    MorphTargetReader morph_targets{model, warnings};

    void add_node(int node_index) {
        const tinygltf::Node& node = model.nodes[static_cast<std::size_t>(node_index)];
        if (node.mesh < 0 || static_cast<std::size_t>(node.mesh) >= model.meshes.size())
            throw LoadError("node " + std::to_string(node_index) + " uses mesh " + std::to_string(node.mesh) +
                            ", which does not exist");
        const tinygltf::Mesh& mesh = model.meshes[static_cast<std::size_t>(node.mesh)];
        const int morph_group = morph_targets.begin_node(node_index, result.mesh.morphs);
        for (std::size_t p = 0; p < mesh.primitives.size(); ++p)
            add_primitive(node_index, node.mesh, static_cast<int>(p), mesh.primitives[p],
                          "mesh " + std::to_string(node.mesh) + " primitive " + std::to_string(p), morph_group);
    }

    void add_primitive(int node_index, int mesh_index, int primitive_index, const tinygltf::Primitive& primitive,
                       const std::string& where, int morph_group) {
        const int position_accessor = attribute(primitive, "POSITION");
        if (position_accessor < 0) {
            warnings.push_back(where + " has no POSITION; it is skipped");
            return;
        }
        const AccessorValues<float> positions = read_float_accessor(model, position_accessor, where + " POSITION");
        if (positions.components != 3) throw LoadError(where + " POSITION is not VEC3");
        const std::size_t vertex_count = positions.count;
        if (result.mesh.vertex_count() + vertex_count > max_scene_vertices)
            throw LoadError("the scene has more than " + std::to_string(max_scene_vertices) + " vertices");

        std::vector<std::uint32_t> indices;
        if (primitive.indices >= 0) {
            const AccessorValues<std::uint32_t> stored = read_uint_accessor(model, primitive.indices, where + " indices");
            if (stored.components != 1) throw LoadError(where + " indices are not SCALAR");
            indices = stored.values;
        } else {
            indices.resize(vertex_count);
            for (std::size_t i = 0; i < vertex_count; ++i) indices[i] = static_cast<std::uint32_t>(i);
        }
        result.file_vertex_count += vertex_count;
        result.file_triangle_count += stored_triangle_count(primitive.mode, indices.size());
        if (primitive.mode != TINYGLTF_MODE_TRIANGLES && primitive.mode != TINYGLTF_MODE_TRIANGLE_STRIP &&
            primitive.mode != TINYGLTF_MODE_TRIANGLE_FAN) {
            warnings.push_back(where + " draws points or lines (mode " + std::to_string(primitive.mode) +
                               "); it is skipped");
            return;
        }
        for (std::uint32_t index : indices)
            if (index >= vertex_count)
                throw LoadError(where + " has index " + std::to_string(index) + " past its " +
                                std::to_string(vertex_count) + " vertices");
        std::vector<std::uint32_t> triangles = triangle_list(primitive.mode, indices);

        const tinygltf::Node& node = model.nodes[static_cast<std::size_t>(node_index)];
        const bool skinned = node.skin >= 0;
        // A mirroring node transform turns the winding over (glTF's rule); back-face culling
        // needs the front faces kept in front.
        if (!skinned && glm::determinant(glm::mat3(graph.global[static_cast<std::size_t>(node_index)])) < 0.0f)
            for (std::size_t t = 0; t + 2 < triangles.size(); t += 3) std::swap(triangles[t + 1], triangles[t + 2]);
        if (add_shared_primitive(node_index, mesh_index, primitive_index, primitive, triangles, where)) {
            result.file_vertex_count -= vertex_count;  // stored once, counted with the first primitive
            return;
        }

        // Skinned vertices are in the bind space already (the mesh node's transform is
        // ignored); rigid ones are placed where they are at rest, relative to their joint.
        const std::uint32_t joint = fallback_joint_of(model, graph, skeleton, node_index);
        glm::mat4 placement(1.0f);
        if (!skinned) {
            const int joint_node = skeleton.node_of_joint[joint];
            const glm::mat4 joint_global = joint_node < 0 ? glm::mat4(1.0f) : graph.global[static_cast<std::size_t>(joint_node)];
            placement = inverse_or_identity(joint_global * skeleton.inverse_binds[joint]) *
                        graph.global[static_cast<std::size_t>(node_index)];
        }
        const glm::mat3 normal_placement = glm::inverseTranspose(glm::mat3(placement));

        std::vector<glm::vec3> placed(vertex_count);
        for (std::size_t i = 0; i < vertex_count; ++i) {
            placed[i] = glm::vec3(placement * glm::vec4(positions.at(i, 0), positions.at(i, 1), positions.at(i, 2), 1.0f));
            if (!finite(placed[i])) throw LoadError(where + " vertex " + std::to_string(i) + " has a non-finite position");
        }
        std::vector<glm::vec3> normals = read_normals(primitive, vertex_count, normal_placement, where);
        bool needs_computed = normals.empty();
        for (const glm::vec3& n : normals) needs_computed = needs_computed || n == glm::vec3(0.0f);
        if (needs_computed) {
            const std::vector<glm::vec3> computed = compute_vertex_normals(placed, triangles);
            if (normals.empty()) normals = computed;
            for (std::size_t i = 0; i < vertex_count; ++i)
                if (normals[i] == glm::vec3(0.0f)) normals[i] = computed[i];
        }

        SkinnedMesh& mesh = result.mesh;
        const auto offset = static_cast<std::uint32_t>(mesh.vertex_count());
        result.sources.push_back({mesh_index, primitive_index, mesh.vertex_count(), vertex_count,
                                  mesh.triangles.size() / 3, triangles.size() / 3, primitive.material,
                                  append_texture_uvs(primitive, vertex_count, where), node_index});
        if (skinned) {
            append_skin_weights(model, primitive, node.skin, skeleton, vertex_count, joint, where, mesh.weights,
                                weight_problems);
        } else {
            for (std::size_t i = 0; i < vertex_count; ++i) mesh.weights.add_vertex({{joint, 1.0f}});
        }
        for (std::uint32_t& index : triangles) index += offset;
        mesh.triangles.insert(mesh.triangles.end(), triangles.begin(), triangles.end());
        mesh.rest_positions.insert(mesh.rest_positions.end(), placed.begin(), placed.end());
        mesh.rest_normals.insert(mesh.rest_normals.end(), normals.begin(), normals.end());
        append_optional_layers(primitive, vertex_count, where);
        if (morph_group >= 0)
            morph_targets.add_primitive(primitive, offset, vertex_count, glm::mat3(placement), normal_placement, where,
                                        mesh.morphs.groups[static_cast<std::size_t>(morph_group)]);
    }

    // Primitives of one mesh node with the same vertex data (every attribute and morph target
    // the same accessors, one per material as exporters and dynskin's bake write them) share
    // their vertices: the later ones only add triangles. True when `primitive` was one.
    bool add_shared_primitive(int node_index, int mesh_index, int primitive_index, const tinygltf::Primitive& primitive,
                              std::vector<std::uint32_t>& triangles, const std::string& where) {
        const BaseColorTexcoords texcoords = base_color_texcoords(model, primitive.material, warnings);
        for (std::size_t k = 0; k < result.sources.size(); ++k) {
            const PrimitiveVertices earlier = result.sources[k];
            const tinygltf::Primitive& other =
                model.meshes[static_cast<std::size_t>(earlier.mesh)].primitives[static_cast<std::size_t>(earlier.primitive)];
            // Their textures must sample the same coordinates: a vertex has one texture_uvs.
            const BaseColorTexcoords other_texcoords = base_color_texcoords(model, other.material, warnings);
            if (earlier.node != node_index || other.attributes != primitive.attributes || other.targets != primitive.targets ||
                (texcoords.set >= 0 && other_texcoords.set >= 0 && !(texcoords == other_texcoords)))
                continue;
            bool has_texture_uvs = texcoords.set >= 0 && earlier.has_texture_uvs;
            if (texcoords.set >= 0 && other_texcoords.set < 0)  // the first to need the set reads it
                has_texture_uvs = read_texture_uvs(primitive, earlier.first_vertex, earlier.vertex_count, where);
            SkinnedMesh& mesh = result.mesh;
            for (std::uint32_t& index : triangles) index += static_cast<std::uint32_t>(earlier.first_vertex);
            result.sources.push_back({mesh_index, primitive_index, earlier.first_vertex, earlier.vertex_count,
                                      mesh.triangles.size() / 3, triangles.size() / 3, primitive.material,
                                      has_texture_uvs, node_index});
            mesh.triangles.insert(mesh.triangles.end(), triangles.begin(), triangles.end());
            return true;
        }
        return false;
    }

    // The set the primitive's base colour texture reads, zeros where it has none or the set
    // is unusable (a warning; its material is then shown without the texture).
    bool append_texture_uvs(const tinygltf::Primitive& primitive, std::size_t vertex_count, const std::string& where) {
        const std::size_t first = result.texture_uvs.size();
        result.texture_uvs.resize(first + vertex_count, glm::vec2(0.0f));
        return read_texture_uvs(primitive, first, vertex_count, where);
    }

    // Reads that set into texture_uvs[first, first + vertex_count), transformed as the texture
    // samples it; false when there is none.
    bool read_texture_uvs(const tinygltf::Primitive& primitive, std::size_t first, std::size_t vertex_count,
                          const std::string& where) {
        const BaseColorTexcoords texcoords = base_color_texcoords(model, primitive.material, warnings);
        if (texcoords.set < 0) return false;
        const std::string name = "TEXCOORD_" + std::to_string(texcoords.set);
        const int accessor = attribute(primitive, name);
        if (accessor < 0) {
            warnings.push_back(where + " has no " + name + " for its material's base colour texture; it is drawn without it");
            return false;
        }
        AccessorValues<float> values;
        try {
            values = read_float_accessor(model, accessor, where + " " + name);
        } catch (const LoadError& e) {
            warnings.push_back(std::string(e.what()) + "; it is drawn without its texture");
            return false;
        }
        if (values.components != 2 || values.count != vertex_count) {
            warnings.push_back(where + " " + name + " is not one VEC2 per vertex; it is drawn without its texture");
            return false;
        }
        for (std::size_t i = 0; i < vertex_count; ++i)
            result.texture_uvs[first + i] = texcoords.sampled_at(glm::vec2(values.at(i, 0), values.at(i, 1)));
        any_texture_uvs = true;
        return true;
    }

    // Unit normals, or empty when the primitive has none; zero where one is unusable.
    std::vector<glm::vec3> read_normals(const tinygltf::Primitive& primitive, std::size_t vertex_count,
                                        const glm::mat3& normal_placement, const std::string& where) {
        const int accessor = attribute(primitive, "NORMAL");
        if (accessor < 0) return {};
        const AccessorValues<float> stored = read_float_accessor(model, accessor, where + " NORMAL");
        if (stored.components != 3) throw LoadError(where + " NORMAL is not VEC3");
        expect_count(stored, vertex_count, where + " NORMAL");
        std::vector<glm::vec3> normals(vertex_count);
        for (std::size_t i = 0; i < vertex_count; ++i) {
            const glm::vec3 n = normal_placement * glm::vec3(stored.at(i, 0), stored.at(i, 1), stored.at(i, 2));
            const float length = glm::length(n);
            normals[i] = length > 0.0f && std::isfinite(length) ? n / length : glm::vec3(0.0f);
        }
        return normals;
    }

    void append_optional_layers(const tinygltf::Primitive& primitive, std::size_t vertex_count, const std::string& where) {
        SkinnedMesh& mesh = result.mesh;
        const int uv_accessor = attribute(primitive, "TEXCOORD_0");
        if (uv_accessor >= 0) {
            const AccessorValues<float> uvs = read_float_accessor(model, uv_accessor, where + " TEXCOORD_0");
            if (uvs.components != 2) throw LoadError(where + " TEXCOORD_0 is not VEC2");
            expect_count(uvs, vertex_count, where + " TEXCOORD_0");
            for (std::size_t i = 0; i < vertex_count; ++i) mesh.uvs.emplace_back(uvs.at(i, 0), uvs.at(i, 1));
            any_uvs = true;
        } else {
            mesh.uvs.resize(mesh.uvs.size() + vertex_count, glm::vec2(0.0f));
        }
        const int color_accessor = attribute(primitive, "COLOR_0");
        if (color_accessor >= 0) {
            const AccessorValues<float> colors = read_float_accessor(model, color_accessor, where + " COLOR_0");
            if (colors.components != 3 && colors.components != 4) throw LoadError(where + " COLOR_0 is not VEC3 or VEC4");
            expect_count(colors, vertex_count, where + " COLOR_0");
            const float scale = unnormalized_color_scale(color_accessor, where);
            for (std::size_t i = 0; i < vertex_count; ++i)
                mesh.colors.emplace_back(scale * colors.at(i, 0), scale * colors.at(i, 1), scale * colors.at(i, 2),
                                         colors.components == 4 ? scale * colors.at(i, 3) : 1.0f);
            any_colors = true;
        } else {
            mesh.colors.resize(mesh.colors.size() + vertex_count, glm::vec4(1.0f));
        }
        read_layer(primitive, "_DYNSKIN_BEND", "bend", vertex_count, where, mesh.bend_weights);
        read_layer(primitive, "_DYNSKIN_FLOPPY", "floppy", vertex_count, where, mesh.floppy_weights);
        read_layer(primitive, "_DYNSKIN_SQUASH", "squash", vertex_count, where, mesh.squash_weights);
    }

    // glTF colours of integer type must be normalized; one that is not (a common exporter slip)
    // is read as if it were, rather than drawn 255 times too bright.
    float unnormalized_color_scale(int accessor_index, const std::string& where) {
        const tinygltf::Accessor& accessor = model.accessors[static_cast<std::size_t>(accessor_index)];
        if (accessor.normalized || accessor.componentType == TINYGLTF_COMPONENT_TYPE_FLOAT) return 1.0f;
        const float largest = accessor.componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE    ? 255.0f
                              : accessor.componentType == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT ? 65535.0f
                                                                                                  : 1.0f;
        if (largest > 1.0f)
            warnings.push_back(where + " COLOR_0 is of integer type but not normalized; it is read as normalized");
        return 1.0f / largest;
    }

    // A painted layer saved by dynskin, 1 where the primitive has none.
    void read_layer(const tinygltf::Primitive& primitive, const char* name, const char* what, std::size_t vertex_count,
                    const std::string& where, std::vector<float>& layer) {
        const int accessor = attribute(primitive, name);
        if (accessor < 0) {
            layer.resize(layer.size() + vertex_count, 1.0f);
            return;
        }
        const AccessorValues<float> values = read_float_accessor(model, accessor, where + " " + name);
        if (values.components != 1) throw LoadError(where + " " + name + " is not SCALAR");
        expect_count(values, vertex_count, where + " " + name);
        std::size_t replaced = 0;
        for (float w : values.values) {
            replaced += std::isfinite(w) ? 0 : 1;
            layer.push_back(std::isfinite(w) ? w : 1.0f);
        }
        if (replaced > 0)
            warnings.push_back(where + " has " + std::to_string(replaced) + " non-finite " + what +
                               " weights; they are set to 1");
    }

    void report_weight_problems() {
        if (weight_problems.invalid > 0)
            warnings.push_back(std::to_string(weight_problems.invalid) + " skinning weights are negative or not finite; they are ignored");
        if (weight_problems.renormalised > 0)
            warnings.push_back(std::to_string(weight_problems.renormalised) +
                               " vertices have skinning weights that do not sum to 1; they are renormalised");
        if (weight_problems.unweighted > 0)
            warnings.push_back(std::to_string(weight_problems.unweighted) +
                               " vertices have no skinning weight; they follow the mesh node's nearest joint");
    }
};

}  // namespace

MeshFromPrimitives build_mesh(const tinygltf::Model& model, const SceneGraph& graph, const SkeletonFromNodes& skeleton,
                              const std::vector<int>& mesh_nodes, std::vector<std::string>& warnings) {
    MeshBuilder builder{model, graph, skeleton, warnings, {}, {}, false, false, false, {model, warnings}};
    for (int node : mesh_nodes) builder.add_node(node);
    builder.result.morph_group_of_node = builder.morph_targets.group_of_node();
    builder.report_weight_problems();
    if (!builder.any_uvs) builder.result.mesh.uvs.clear();
    if (!builder.any_colors) builder.result.mesh.colors.clear();
    if (!builder.any_texture_uvs) builder.result.texture_uvs.clear();
    // Velocity Skinning's layers stay empty (uniform 1) unless the file has them painted.
    for (std::vector<float>* layer : {&builder.result.mesh.floppy_weights, &builder.result.mesh.squash_weights})
        if (std::all_of(layer->begin(), layer->end(), [](float w) { return w == 1.0f; })) layer->clear();
    return std::move(builder.result);
}

}  // namespace dynskin::io
