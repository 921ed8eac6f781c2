// A clown: a round polka-dot belly that jiggles, a floppy hat in three joints with a pompom,
// a red nose and big shoes; he hops twice and waves.

#include <cmath>

#include "characters/cast/cast.h"
#include "characters/shape/clip_builder.h"
#include "characters/shape/surface_patterns.h"

namespace dynskin::characters {
namespace {

const glm::vec3 suit(0.98f, 0.82f, 0.2f), dot_red(0.9f, 0.15f, 0.15f), face(1.0f, 0.9f, 0.82f), nose(0.95f, 0.1f, 0.1f),
    hair(1.0f, 0.5f, 0.1f), hat(0.2f, 0.45f, 0.95f), white(0.98f, 0.98f, 0.98f), shoe(0.75f, 0.1f, 0.2f),
    trousers(0.2f, 0.7f, 0.4f), black(0.05f, 0.05f, 0.05f);

struct Joints {
    int hips, spine, neck, head, hat[3], arm[2][3], leg[2][2];
};

Joints build_rig(Rig& rig) {
    Joints j{};
    j.hips = rig.add("hips", -1, {0.0f, 0.72f, 0.0f});
    j.spine = rig.add("spine", j.hips, {0.0f, 1.2f, 0.0f});
    j.neck = rig.add("neck", j.spine, {0.0f, 1.52f, 0.0f});
    j.head = rig.add("head", j.neck, {0.0f, 1.72f, 0.0f});
    j.hat[0] = rig.add("hat0", j.head, {0.0f, 1.98f, 0.0f});
    j.hat[1] = rig.add("hat1", j.hat[0], {0.04f, 2.24f, 0.0f});
    j.hat[2] = rig.add("hat2", j.hat[1], {0.18f, 2.44f, 0.0f}, glm::vec3(0.42f, 2.42f, 0.0f));
    for (int side = 0; side < 2; ++side) {
        const float s = side == 0 ? 1.0f : -1.0f;
        const std::string name = side == 0 ? "_l" : "_r";
        j.arm[side][0] = rig.add("shoulder" + name, j.spine, {s * 0.34f, 1.4f, 0.0f});
        j.arm[side][1] = rig.add("elbow" + name, j.arm[side][0], {s * 0.6f, 1.15f, 0.02f});
        j.arm[side][2] = rig.add("hand" + name, j.arm[side][1], {s * 0.78f, 0.92f, 0.06f}, glm::vec3(s * 0.86f, 0.82f, 0.07f));
    }
    for (int side = 0; side < 2; ++side) {
        const float s = side == 0 ? 1.0f : -1.0f;
        const std::string name = side == 0 ? "_l" : "_r";
        j.leg[side][0] = rig.add("leg" + name, j.hips, {s * 0.18f, 0.6f, 0.0f});
        j.leg[side][1] = rig.add("shin" + name, j.leg[side][0], {s * 0.2f, 0.32f, 0.0f}, glm::vec3(s * 0.2f, 0.06f, 0.1f));
    }
    return j;
}

ImplicitShape build_shape(const Joints& j) {
    const SurfaceColor costume = dots(suit, dot_red, 0.16f, 0.05f, 41);
    ImplicitShape shape;
    ShapePart belly = sphere({0.0f, 0.88f, 0.04f}, 0.42f, suit);
    belly.color = costume;
    shape.parts.push_back(attach(belly, {j.hips, j.spine}, 0.0f, 1.8f));
    ShapePart chest = ellipsoid({0.0f, 1.3f, 0.0f}, {0.32f, 0.24f, 0.26f}, suit);
    chest.color = costume;
    shape.parts.push_back(attach(chest, {j.spine}, 0.15f, 0.8f));
    shape.parts.push_back(attach(ellipsoid({0.0f, 1.5f, 0.0f}, {0.3f, 0.06f, 0.3f}, white), {j.neck, j.spine}, 0.04f, 1.2f));
    shape.parts.push_back(attach(sphere({0.0f, 1.74f, 0.0f}, 0.24f, face), {j.head}, 0.06f, 0.6f));
    shape.parts.push_back(attach(sphere({0.0f, 1.72f, 0.25f}, 0.075f, nose), {j.head}, 0.01f, 0.8f));
    shape.parts.push_back(attach(ellipsoid({0.0f, 1.62f, 0.19f}, {0.1f, 0.035f, 0.05f}, nose), {j.head}, 0.02f, 0.6f));
    for (float s : {1.0f, -1.0f}) {
        shape.parts.push_back(attach(sphere({s * 0.09f, 1.81f, 0.2f}, 0.04f, black), {j.head}, 0.01f, 0.6f));
        shape.parts.push_back(attach(sphere({s * 0.22f, 1.76f, -0.04f}, 0.11f, hair), {j.head}, 0.05f, 1.4f));
    }
    // The hat: a brim and a cone that flops over to one side, with a pompom.
    shape.parts.push_back(attach(ellipsoid({0.0f, 1.93f, 0.0f}, {0.28f, 0.05f, 0.28f}, hat), {j.head, j.hat[0]}, 0.03f, 1.0f));
    shape.parts.push_back(attach(round_cone({0.0f, 1.95f, 0.0f}, 0.2f, {0.04f, 2.24f, 0.0f}, 0.12f, hat), {j.hat[0]}, 0.05f, 1.3f));
    shape.parts.push_back(attach(round_cone({0.04f, 2.24f, 0.0f}, 0.12f, {0.18f, 2.44f, 0.0f}, 0.075f, hat), {j.hat[1]}, 0.03f, 1.6f));
    shape.parts.push_back(attach(round_cone({0.18f, 2.44f, 0.0f}, 0.075f, {0.38f, 2.43f, 0.0f}, 0.045f, hat), {j.hat[2]}, 0.03f, 1.8f));
    shape.parts.push_back(attach(sphere({0.44f, 2.4f, 0.0f}, 0.085f, white), {j.hat[2]}, 0.02f, 1.8f));
    for (int side = 0; side < 2; ++side) {
        const float s = side == 0 ? 1.0f : -1.0f;
        ShapePart upper = round_cone({s * 0.32f, 1.4f, 0.0f}, 0.1f, {s * 0.6f, 1.15f, 0.02f}, 0.085f, suit);
        upper.color = costume;
        shape.parts.push_back(attach(upper, {j.arm[side][0]}, 0.06f, 1.0f));
        ShapePart lower = round_cone({s * 0.6f, 1.15f, 0.02f}, 0.085f, {s * 0.78f, 0.92f, 0.06f}, 0.075f, suit);
        lower.color = costume;
        shape.parts.push_back(attach(lower, {j.arm[side][1]}, 0.03f, 1.0f));
        shape.parts.push_back(attach(sphere({s * 0.83f, 0.86f, 0.07f}, 0.12f, white), {j.arm[side][2]}, 0.04f, 0.8f));
        shape.parts.push_back(attach(round_cone({s * 0.18f, 0.62f, 0.0f}, 0.14f, {s * 0.2f, 0.32f, 0.0f}, 0.12f, trousers),
                                     {j.leg[side][0]}, 0.08f, 0.4f));
        shape.parts.push_back(attach(round_cone({s * 0.2f, 0.32f, 0.0f}, 0.12f, {s * 0.2f, 0.12f, 0.0f}, 0.1f, trousers),
                                     {j.leg[side][1]}, 0.03f, 0.4f));
        shape.parts.push_back(attach(ellipsoid({s * 0.21f, 0.08f, 0.12f}, {0.13f, 0.08f, 0.24f}, shoe), {j.leg[side][1]}, 0.03f, 0.2f));
    }
    return shape;
}

// Two hops, then a wave of the right arm that ends on a sudden stop.
AnimationClip hop_and_wave(const Joints& j) {
    const float duration = 5.0f;
    const auto hop = [](float t) {
        const float x = std::fmod(t, 0.6f) / 0.6f;
        return t < 1.2f ? 0.25f * 4.0f * x * (1.0f - x) : 0.0f;
    };
    std::vector<AnimationChannel> channels;
    channels.push_back(sampled_translation(j.hips, duration, 30.0f, [=](float t) { return glm::vec3(0.0f, 0.72f + hop(t), 0.0f); }));
    const int right = 1;
    channels.push_back(sampled_rotation(j.arm[right][0], duration, 30.0f, [](float t) {
        return euler_degrees(0.0f, 0.0f, -110.0f * ease(t, 1.3f, 1.8f) + 110.0f * ease_in(t, 3.6f, 4.0f));
    }));
    channels.push_back(sampled_rotation(j.arm[right][1], duration, 30.0f, [](float t) {
        const float waving = t > 1.8f && t < 3.6f ? std::sin(2.0f * float(M_PI) * 1.5f * (t - 1.8f)) : 0.0f;
        return euler_degrees(0.0f, 0.0f, -40.0f * ease(t, 1.3f, 1.8f) + 40.0f * ease_in(t, 3.6f, 4.0f) + 35.0f * waving);
    }));
    channels.push_back(sampled_rotation(j.neck, duration, 30.0f, [](float t) {
        return euler_degrees(0.0f, 25.0f * ease_in(t, 1.3f, 1.7f) - 25.0f * ease_in(t, 3.6f, 4.0f),
                             10.0f * ease_in(t, 1.3f, 1.7f) - 10.0f * ease_in(t, 3.6f, 4.0f));
    }));
    return make_clip("hop_and_wave", std::move(channels));
}

}  // namespace

BundledCharacter make_clown() {
    CharacterRecipe recipe;
    recipe.name = "clown";
    const Joints joints = build_rig(recipe.rig);
    recipe.shape = build_shape(joints);
    recipe.cell = 0.046f;
    recipe.clips.push_back(hop_and_wave(joints));
    recipe.preset.parameters.oscillation = {2.0f, 0.7f, 0.3f, 0.06f};
    recipe.preset.parameters.translation_gain = 2.0f;
    recipe.preset.parameters.squash = 0.25f;  // Velocity Skinning's squash & stretch
    for (const auto& leg : joints.leg)
        for (int joint : leg) recipe.joint_settings(joint).gain = 0.0f;
    return build_character(recipe);
}

}  // namespace dynskin::characters
