// An octopus: a big soft head with eyes and eight tapering tentacles of four joints each,
// waving in a travelling wave while the head bobs, then holding still.

#include <cmath>

#include "characters/cast/cast.h"
#include "characters/shape/clip_builder.h"
#include "characters/shape/surface_patterns.h"

namespace dynskin::characters {
namespace {

const glm::vec3 purple(0.58f, 0.3f, 0.72f), light_purple(0.78f, 0.55f, 0.88f), tentacle_pink(0.85f, 0.45f, 0.72f),
    eye_white(0.98f, 0.97f, 0.92f), pupil(0.06f, 0.05f, 0.1f);
constexpr int tentacles = 8, tentacle_joints = 4;

struct Joints {
    int head, tentacle[tentacles][tentacle_joints];
};

// Where tentacle k's j-th point is at rest: out along its direction, dipping, then curling up.
glm::vec3 tentacle_point(int k, int j) {
    const float angle = 2.0f * float(M_PI) * (float(k) + 0.5f) / float(tentacles);
    const float radial[] = {0.28f, 0.55f, 0.85f, 1.12f, 1.38f};
    const float heights[] = {0.5f, 0.3f, 0.17f, 0.14f, 0.22f};
    return {radial[j] * std::sin(angle), heights[j], radial[j] * std::cos(angle)};
}

Joints build_rig(Rig& rig) {
    Joints j{};
    j.head = rig.add("head", -1, {0.0f, 0.85f, 0.0f}, glm::vec3(0.0f, 1.7f, -0.25f));
    for (int k = 0; k < tentacles; ++k) {
        int parent = j.head;
        for (int s = 0; s < tentacle_joints; ++s)
            parent = j.tentacle[k][s] = rig.add("tentacle" + std::to_string(k) + "_" + std::to_string(s), parent,
                                                tentacle_point(k, s),
                                                s + 1 == tentacle_joints ? std::optional<glm::vec3>(tentacle_point(k, s + 1))
                                                                         : std::nullopt);
    }
    return j;
}

ImplicitShape build_shape(const Joints& j) {
    ImplicitShape shape;
    ShapePart mantle = ellipsoid({0.0f, 1.25f, -0.12f}, {0.52f, 0.62f, 0.52f}, purple, glm::angleAxis(-0.3f, glm::vec3(1, 0, 0)));
    mantle.color = dots(purple, light_purple, 0.16f, 0.045f, 31);
    shape.parts.push_back(attach(mantle, {j.head}, 0.0f, 0.8f));
    shape.parts.push_back(attach(sphere({0.0f, 0.78f, 0.02f}, 0.42f, purple), {j.head}, 0.2f, 0.6f));
    for (float s : {1.0f, -1.0f}) {
        shape.parts.push_back(attach(sphere({s * 0.2f, 0.95f, 0.33f}, 0.13f, eye_white), {j.head}, 0.04f, 0.5f));
        shape.parts.push_back(attach(sphere({s * 0.2f, 0.95f, 0.44f}, 0.065f, pupil), {j.head}, 0.01f, 0.5f));
    }
    const float radii[] = {0.15f, 0.12f, 0.09f, 0.06f, 0.035f};
    for (int k = 0; k < tentacles; ++k) {
        std::vector<int> bones(std::begin(j.tentacle[k]), std::end(j.tentacle[k]));
        for (int s = 0; s < tentacle_joints; ++s)
            shape.parts.push_back(attach(round_cone(tentacle_point(k, s), radii[s], tentacle_point(k, s + 1), radii[s + 1],
                                                    tentacle_pink),
                                         bones, s == 0 ? 0.15f : 0.04f, 1.0f + 0.2f * float(s)));
    }
    return shape;
}

// Waves run out along the tentacles and the head bobs; from 3.5 s the octopus holds still.
AnimationClip swim(const Joints& j) {
    const float duration = 5.5f, stop = 3.5f;
    const auto held = [=](float t) { return std::min(t, stop); };
    std::vector<AnimationChannel> channels;
    channels.push_back(sampled_translation(j.head, duration, 30.0f, [=](float t) {
        return glm::vec3(0.0f, 0.85f + 0.12f * std::sin(2.0f * float(M_PI) * 0.8f * held(t)), 0.0f);
    }));
    for (int k = 0; k < tentacles; ++k) {
        const float angle = 2.0f * float(M_PI) * (float(k) + 0.5f) / float(tentacles);
        const glm::vec3 across(std::cos(angle), 0.0f, -std::sin(angle));  // turning about it lifts the tentacle
        for (int s = 0; s < tentacle_joints; ++s)
            channels.push_back(sampled_rotation(j.tentacle[k][s], duration, 30.0f, [=](float t) {
                const float wave = std::sin(2.0f * float(M_PI) * 0.8f * held(t) - 0.9f * float(s) + 0.8f * float(k));
                return glm::angleAxis(glm::radians(14.0f * ease(t, 0.0f, 0.6f) * wave), across);
            }));
    }
    return make_clip("swim", std::move(channels));
}

}  // namespace

BundledCharacter make_octopus() {
    CharacterRecipe recipe;
    recipe.name = "octopus";
    const Joints joints = build_rig(recipe.rig);
    recipe.shape = build_shape(joints);
    recipe.cell = 0.056f;
    recipe.clips.push_back(swim(joints));
    recipe.preset.parameters.oscillation = {1.5f, 0.6f, 0.3f, 0.12f};
    recipe.preset.parameters.propagation_speed = 2.0f;
    return build_character(recipe);
}

}  // namespace dynskin::characters
