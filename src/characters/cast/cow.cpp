// A cow: a round spotted body with a soft belly, a walk that stops so the belly and the head
// keep swinging.

#include <cmath>

#include "characters/cast/cast.h"
#include "characters/shape/clip_builder.h"
#include "characters/shape/surface_patterns.h"

namespace dynskin::characters {
namespace {

const glm::vec3 white(0.97f, 0.96f, 0.93f), black(0.1f, 0.09f, 0.09f), pink(0.95f, 0.65f, 0.68f),
    horn(0.93f, 0.88f, 0.72f);

struct Joints {
    int body, chest, neck, head, leg[2][2][2], tail[2];  // leg[front][side][upper, lower]
};

Joints build_rig(Rig& rig) {
    Joints j{};
    j.body = rig.add("body", -1, {-0.4f, 1.0f, 0.0f});
    j.chest = rig.add("chest", j.body, {0.45f, 1.05f, 0.0f});
    j.neck = rig.add("neck", j.chest, {0.75f, 1.18f, 0.0f});
    j.head = rig.add("head", j.neck, {1.0f, 1.22f, 0.0f}, glm::vec3(1.32f, 1.08f, 0.0f));
    for (int front = 1; front >= 0; --front)
        for (int side = 0; side < 2; ++side) {
            const float x = front ? 0.5f : -0.5f, z = side == 0 ? 0.22f : -0.22f;
            const std::string name = std::string(front ? "front" : "back") + (side == 0 ? "_l" : "_r");
            j.leg[front][side][0] = rig.add(name + "_leg", front ? j.chest : j.body, {x, 0.85f, z});
            j.leg[front][side][1] = rig.add(name + "_shin", j.leg[front][side][0], {x, 0.45f, z}, glm::vec3(x, 0.05f, z));
        }
    j.tail[0] = rig.add("tail0", j.body, {-0.74f, 1.22f, 0.0f});
    j.tail[1] = rig.add("tail1", j.tail[0], {-0.82f, 0.9f, 0.0f}, glm::vec3(-0.86f, 0.55f, 0.0f));
    return j;
}

ImplicitShape build_shape(const Joints& j) {
    const SurfaceColor coat = spots(white, black, 0.28f, 0.55f, 17);
    ImplicitShape shape;
    ShapePart body = ellipsoid({0.0f, 1.0f, 0.0f}, {0.78f, 0.42f, 0.4f}, white);
    body.color = coat;
    shape.parts.push_back(attach(body, {j.body, j.chest}, 0.0f, 0.8f));
    ShapePart belly = ellipsoid({-0.05f, 0.8f, 0.0f}, {0.55f, 0.3f, 0.37f}, white);
    belly.color = coat;
    shape.parts.push_back(attach(belly, {j.body, j.chest}, 0.15f, 1.8f));
    shape.parts.push_back(attach(sphere({-0.3f, 0.58f, 0.0f}, 0.14f, pink), {j.body}, 0.1f, 1.8f));
    ShapePart neck = round_cone({0.55f, 1.1f, 0.0f}, 0.3f, {0.92f, 1.22f, 0.0f}, 0.2f, white);
    neck.color = coat;
    shape.parts.push_back(attach(neck, {j.neck}, 0.1f));
    ShapePart head = ellipsoid({1.06f, 1.22f, 0.0f}, {0.24f, 0.22f, 0.2f}, white, glm::angleAxis(-0.4f, glm::vec3(0, 0, 1)));
    head.color = spots(white, black, 0.18f, 0.5f, 23);
    shape.parts.push_back(attach(head, {j.head}, 0.06f));
    shape.parts.push_back(attach(ellipsoid({1.24f, 1.06f, 0.0f}, {0.14f, 0.13f, 0.17f}, pink), {j.head}, 0.06f));
    for (float s : {1.0f, -1.0f}) {
        shape.parts.push_back(attach(sphere({1.28f, 1.1f, s * 0.07f}, 0.035f, {0.5f, 0.25f, 0.3f}), {j.head}, 0.01f));
        shape.parts.push_back(attach(sphere({1.14f, 1.32f, s * 0.15f}, 0.05f, black), {j.head}, 0.01f));
        shape.parts.push_back(attach(round_cone({0.98f, 1.4f, s * 0.11f}, 0.05f, {1.02f, 1.55f, s * 0.3f}, 0.03f, horn),
                                     {j.head}, 0.03f, 0.2f));
        shape.parts.push_back(attach(ellipsoid({0.94f, 1.3f, s * 0.27f}, {0.06f, 0.045f, 0.13f}, black,
                                               glm::angleAxis(s * 0.5f, glm::vec3(1, 0, 0))),
                                     {j.head}, 0.03f, 1.5f));
    }
    for (int front = 0; front < 2; ++front)
        for (int side = 0; side < 2; ++side) {
            const float x = front ? 0.5f : -0.5f, z = side == 0 ? 0.22f : -0.22f;
            ShapePart thigh = round_cone({x, 0.9f, z}, 0.15f, {x, 0.45f, z}, 0.1f, white);
            thigh.color = coat;
            shape.parts.push_back(attach(thigh, {j.leg[front][side][0]}, 0.08f, 0.3f));
            shape.parts.push_back(attach(round_cone({x, 0.45f, z}, 0.1f, {x, 0.12f, z}, 0.085f, white),
                                         {j.leg[front][side][1]}, 0.04f, 0.3f));
            shape.parts.push_back(attach(cylinder({x, 0.06f, z}, 0.1f, 0.06f, 0.02f, black), {j.leg[front][side][1]}, 0.02f, 0.0f));
        }
    shape.parts.push_back(attach(round_cone({-0.74f, 1.24f, 0.0f}, 0.045f, {-0.86f, 0.62f, 0.0f}, 0.035f, white),
                                 {j.tail[0], j.tail[1]}, 0.05f, 1.5f));
    shape.parts.push_back(attach(ellipsoid({-0.87f, 0.55f, 0.0f}, {0.06f, 0.11f, 0.06f}, black), {j.tail[1]}, 0.03f, 1.5f));
    return shape;
}

// Two strides, then a dead stop: the belly, the ears and the tail keep going.
AnimationClip walk(const Joints& j) {
    const float duration = 5.0f, stride = 1.1f, stop = 2.0f * stride;
    const auto phase = [=](float t) { return 2.0f * float(M_PI) * std::min(t, stop) / stride; };
    std::vector<AnimationChannel> channels;
    for (int front = 0; front < 2; ++front)
        for (int side = 0; side < 2; ++side) {
            const float offset = (front == side) ? 0.0f : float(M_PI);  // diagonal pairs together
            channels.push_back(sampled_rotation(j.leg[front][side][0], duration, 30.0f, [=](float t) {
                return euler_degrees(0.0f, 0.0f, 22.0f * std::sin(phase(t) + offset));
            }));
            channels.push_back(sampled_rotation(j.leg[front][side][1], duration, 30.0f, [=](float t) {
                return euler_degrees(0.0f, 0.0f, front ? -12.0f * std::max(0.0f, std::sin(phase(t) + offset)) : 0.0f);
            }));
        }
    channels.push_back(sampled_translation(j.body, duration, 30.0f, [=](float t) {
        return glm::vec3(-0.4f, 1.0f + 0.04f * std::cos(2.0f * phase(t)), 0.0f);
    }));
    channels.push_back(sampled_rotation(j.neck, duration, 30.0f, [=](float t) {
        return euler_degrees(0.0f, 15.0f * std::sin(phase(t)), -6.0f * std::cos(2.0f * phase(t)));
    }));
    return make_clip("walk", std::move(channels));
}

}  // namespace

BundledCharacter make_cow() {
    CharacterRecipe recipe;
    recipe.name = "cow";
    const Joints joints = build_rig(recipe.rig);
    recipe.shape = build_shape(joints);
    recipe.cell = 0.048f;
    recipe.clips.push_back(walk(joints));
    recipe.preset.parameters.oscillation = {2.2f, 0.6f, 0.3f, 0.06f};
    recipe.preset.parameters.translation_gain = 1.5f;
    recipe.preset.parameters.squash = 0.2f;  // Velocity Skinning's squash & stretch
    recipe.preset.parameters.ground_contact = kDefaultGroundContact;  // its walk plants its hooves
    for (const auto& front : joints.leg)
        for (const auto& side : front)
            for (int leg : side) recipe.joint_settings(leg).gain = 0.0f;
    return build_character(recipe);
}

}  // namespace dynskin::characters
