// A snail: a rigid spiral shell (bend weight 0) on a soft body, with eye stalks that wobble
// when the head turns and stops.

#include <cmath>

#include "characters/cast/cast.h"
#include "characters/shape/clip_builder.h"

namespace dynskin::characters {
namespace {

const glm::vec3 skin(0.62f, 0.78f, 0.45f), shell_light(0.93f, 0.72f, 0.42f), shell_dark(0.62f, 0.36f, 0.18f),
    eye_white(0.98f, 0.98f, 0.96f), pupil(0.05f, 0.05f, 0.08f);

struct Joints {
    int foot, tail, shell, neck, head, stalk[2][2];
};

Joints build_rig(Rig& rig) {
    Joints j{};
    j.foot = rig.add("foot", -1, {-0.2f, 0.15f, 0.0f});
    j.tail = rig.add("tail", j.foot, {-0.55f, 0.13f, 0.0f}, glm::vec3(-0.98f, 0.1f, 0.0f));
    j.shell = rig.add("shell", j.foot, {-0.15f, 0.5f, 0.0f}, glm::vec3(-0.15f, 1.0f, 0.0f));
    j.neck = rig.add("neck", j.foot, {0.35f, 0.18f, 0.0f});
    j.head = rig.add("head", j.neck, {0.72f, 0.5f, 0.0f});
    for (int side = 0; side < 2; ++side) {
        const float s = side == 0 ? 1.0f : -1.0f;
        const std::string name = side == 0 ? "_l" : "_r";
        j.stalk[side][0] = rig.add("stalk" + name, j.head, {0.84f, 0.7f, s * 0.07f});
        j.stalk[side][1] = rig.add("eye" + name, j.stalk[side][0], {0.91f, 0.9f, s * 0.12f}, glm::vec3(0.97f, 1.1f, s * 0.17f));
    }
    return j;
}

// A logarithmic spiral of overlapping ellipsoids, growing outward, striped along the coil.
void add_shell(const Joints& j, ImplicitShape& shape) {
    const glm::vec3 centre(-0.15f, 0.68f, 0.0f);
    const float growth = std::log(2.2f) / (2.0f * float(M_PI));  // each whorl 2.2 times the last
    const float turns = 3.0f * float(M_PI), outer = 0.5f;
    const float inner = outer / std::exp(growth * turns);
    for (float angle = 0.0f; angle <= turns; angle += 0.12f) {
        const float r = inner * std::exp(growth * angle);
        // Start at the back and coil forward over the top, the opening toward the ground.
        const float a = float(M_PI) * 1.5f - angle;
        const glm::vec3 at = centre + r * glm::vec3(std::cos(a), std::sin(a), 0.0f);
        const bool stripe = static_cast<int>(angle / 0.5f) % 2 == 0;
        shape.parts.push_back(attach(ellipsoid(at, glm::vec3(0.44f * r, 0.44f * r, 0.62f * r + 0.02f),
                                               stripe ? shell_light : shell_dark),
                                     {j.shell}, 0.04f, 0.0f));
    }
}

ImplicitShape build_shape(const Joints& j) {
    ImplicitShape shape;
    shape.parts.push_back(attach(ellipsoid({-0.1f, 0.14f, 0.0f}, {0.75f, 0.14f, 0.22f}, skin), {j.foot, j.tail}, 0.0f, 1.2f));
    shape.parts.push_back(attach(round_cone({-0.5f, 0.14f, 0.0f}, 0.12f, {-0.98f, 0.1f, 0.0f}, 0.04f, skin), {j.tail}, 0.1f, 1.4f));
    shape.parts.push_back(attach(round_cone({0.3f, 0.2f, 0.0f}, 0.18f, {0.7f, 0.52f, 0.0f}, 0.16f, skin), {j.neck}, 0.12f, 1.2f));
    shape.parts.push_back(attach(sphere({0.76f, 0.58f, 0.0f}, 0.17f, skin), {j.head}, 0.08f));
    shape.parts.push_back(attach(ellipsoid({0.9f, 0.52f, 0.0f}, {0.03f, 0.03f, 0.07f}, {0.35f, 0.2f, 0.2f}), {j.head}, 0.02f));
    for (int side = 0; side < 2; ++side) {
        const float s = side == 0 ? 1.0f : -1.0f;
        shape.parts.push_back(attach(round_cone({0.82f, 0.66f, s * 0.07f}, 0.05f, {0.96f, 1.06f, s * 0.16f}, 0.035f, skin),
                                     {j.stalk[side][0], j.stalk[side][1]}, 0.05f, 1.6f));
        shape.parts.push_back(attach(sphere({0.97f, 1.1f, s * 0.17f}, 0.075f, eye_white), {j.stalk[side][1]}, 0.03f, 1.6f));
        shape.parts.push_back(attach(sphere({1.03f, 1.12f, s * 0.19f}, 0.04f, pupil), {j.stalk[side][1]}, 0.01f, 1.6f));
        shape.parts.push_back(attach(round_cone({0.86f, 0.5f, s * 0.08f}, 0.035f, {0.98f, 0.42f, s * 0.12f}, 0.025f, skin),
                                     {j.head}, 0.03f, 1.4f));
    }
    add_shell(j, shape);
    return shape;
}

// The head turns one way, stops, turns back and stops; the body sways under the shell.
AnimationClip look_around(const Joints& j) {
    const float duration = 5.0f;
    const auto turn = [](float t) {
        return 35.0f * ease_in(t, 0.3f, 0.8f) - 65.0f * ease_in(t, 1.8f, 2.4f) + 30.0f * ease_in(t, 3.4f, 3.9f);
    };
    std::vector<AnimationChannel> channels;
    channels.push_back(sampled_rotation(j.neck, duration, 30.0f, [=](float t) { return euler_degrees(0.0f, 0.6f * turn(t), 0.0f); }));
    channels.push_back(sampled_rotation(j.head, duration, 30.0f, [=](float t) {
        return euler_degrees(0.0f, 0.4f * turn(t), 10.0f * ease_in(t, 1.8f, 2.4f) - 10.0f * ease_in(t, 3.4f, 3.9f));
    }));
    channels.push_back(sampled_rotation(j.tail, duration, 30.0f, [=](float t) { return euler_degrees(0.0f, -0.4f * turn(t), 0.0f); }));
    return make_clip("look_around", std::move(channels));
}

}  // namespace

BundledCharacter make_snail() {
    CharacterRecipe recipe;
    recipe.name = "snail";
    const Joints joints = build_rig(recipe.rig);
    recipe.shape = build_shape(joints);
    recipe.cell = 0.042f;
    recipe.clips.push_back(look_around(joints));
    recipe.preset.parameters.oscillation = {2.5f, 0.7f, 0.35f, 0.08f};
    recipe.preset.parameters.squash = 0.3f;  // Velocity Skinning's squash & stretch
    recipe.joint_settings(joints.shell).gain = 0.0f;
    return build_character(recipe);
}

}  // namespace dynskin::characters
