#include "characters/shape/character_builder.h"

#include <cmath>
#include <limits>

#include "characters/shape/marching_tetrahedra.h"

namespace dynskin::characters {
namespace {

// What the parts around a surface point say about it.
struct PartBlend {
    glm::vec3 color{0.0f};
    float bend = 0.0f;
    int dominant = 0;  // the part nearest to the point
};

// Softmin over the parts' distances: the nearest part wins, neighbours mix over `edge`.
PartBlend blend_parts(const ImplicitShape& shape, const glm::vec3& p, float color_edge, float bend_edge,
                      std::vector<float>& distances) {
    PartBlend blend;
    float nearest = std::numeric_limits<float>::max();
    for (std::size_t k = 0; k < shape.parts.size(); ++k) {
        distances[k] = shape.parts[k].distance(p);
        if (distances[k] < nearest) {
            nearest = distances[k];
            blend.dominant = static_cast<int>(k);
        }
    }
    float color_total = 0.0f, bend_total = 0.0f;
    for (std::size_t k = 0; k < shape.parts.size(); ++k) {
        const float excess = distances[k] - nearest;
        const float color_weight = std::exp(-excess / color_edge);
        const float bend_weight = std::exp(-excess / bend_edge);
        if (color_weight > 1e-4f) {
            blend.color += color_weight * shape.parts[k].color(p);
            color_total += color_weight;
        }
        blend.bend += bend_weight * shape.parts[k].bend;
        bend_total += bend_weight;
    }
    blend.color /= color_total;
    // A rigid part (a shell, a wheel) stays exactly rigid; the soft parts ease into it.
    const bool rigid = shape.parts[static_cast<std::size_t>(blend.dominant)].bend == 0.0f;
    blend.bend = rigid ? 0.0f : blend.bend / bend_total;
    return blend;
}

// Colours are stored in the glb with 8 bits per channel: keep exactly what will be read back.
glm::vec4 quantised_color(const glm::vec3& color) {
    glm::vec4 stored(1.0f);
    for (int c = 0; c < 3; ++c) stored[c] = static_cast<float>(std::lround(glm::clamp(color[c], 0.0f, 1.0f) * 255.0f) / 255.0);
    return stored;
}

DynamicSettings settings_for(const DynamicSettings& preset, int joint_count) {
    DynamicSettings settings = preset;
    settings.joints.resize(static_cast<std::size_t>(joint_count));
    return settings;
}

}  // namespace

JointSettings& CharacterRecipe::joint_settings(int j) {
    preset.joints.resize(static_cast<std::size_t>(rig.skeleton.joint_count()));
    return preset.joints.at(static_cast<std::size_t>(j));
}

BundledCharacter build_character(const CharacterRecipe& recipe) {
    const ImplicitShape& shape = recipe.shape;
    glm::vec3 lo, hi;
    shape.bounds(lo, hi);
    const float margin = 2.0f * recipe.cell;  // the field is positive on the grid's boundary
    const TriangleMesh surface =
        polygonise([&](const glm::vec3& p) { return shape.distance(p); }, lo - margin, hi + margin, recipe.cell);

    BundledCharacter result;
    Character& character = result.character;
    character.name = recipe.name;
    character.skeleton = recipe.rig.skeleton;
    SkinnedMesh& mesh = character.mesh;
    mesh.rest_positions = surface.positions;
    mesh.triangles = surface.triangles;
    mesh.inverse_binds = recipe.rig.inverse_binds();

    std::vector<float> distances(shape.parts.size());
    std::vector<int> seed_joints;
    for (const glm::vec3& p : mesh.rest_positions) {
        const glm::vec3 gradient = shape.gradient(p, 0.25f * recipe.cell);
        const float length = glm::length(gradient);
        mesh.rest_normals.push_back(length > 0.0f ? gradient / length : glm::vec3(0, 1, 0));
        const PartBlend blend = blend_parts(shape, p, recipe.color_edge, recipe.bend_edge, distances);
        mesh.colors.push_back(quantised_color(blend.color));
        mesh.bend_weights.push_back(blend.bend);
        seed_joints.push_back(recipe.rig.nearest_bone(p, shape.parts[static_cast<std::size_t>(blend.dominant)].bones));
    }
    mesh.weights = diffuse_skinning_weights(mesh.vertex_count(), mesh.triangles, seed_joints,
                                            character.skeleton.joint_count(), recipe.weights);
    character.clips = recipe.clips;
    result.preset = settings_for(recipe.preset, character.skeleton.joint_count());
    return result;
}

}  // namespace dynskin::characters
