// A giraffe: long legs, a long neck in four joints that sways and stops, patched coat.

#include <cmath>

#include "characters/cast/cast.h"
#include "characters/shape/clip_builder.h"
#include "characters/shape/surface_patterns.h"

namespace dynskin::characters {
namespace {

const glm::vec3 cream(0.96f, 0.86f, 0.62f), patch_brown(0.70f, 0.38f, 0.13f), dark(0.25f, 0.15f, 0.08f);

struct Joints {
    int body, chest, neck[3], head, front_leg[2][2], back_leg[2][2], tail[2];
};

Joints build_rig(Rig& rig) {
    Joints j{};
    j.body = rig.add("body", -1, {-0.35f, 1.55f, 0.0f});
    j.chest = rig.add("chest", j.body, {0.35f, 1.62f, 0.0f});
    const glm::vec3 neck_base(0.47f, 1.78f, 0.0f), neck_top(0.86f, 2.86f, 0.0f);
    int parent = j.chest;
    for (int k = 0; k < 3; ++k)
        parent = j.neck[k] = rig.add("neck" + std::to_string(k), parent, glm::mix(neck_base, neck_top, float(k) / 3.0f));
    j.head = rig.add("head", parent, neck_top, glm::vec3(1.22f, 2.86f, 0.0f));
    for (int side = 0; side < 2; ++side) {
        const float z = side == 0 ? 0.15f : -0.15f;
        const std::string s = side == 0 ? "_l" : "_r";
        j.front_leg[side][0] = rig.add("front_leg" + s, j.chest, {0.38f, 1.42f, z});
        j.front_leg[side][1] = rig.add("front_shin" + s, j.front_leg[side][0], {0.38f, 0.8f, z}, glm::vec3(0.38f, 0.04f, z));
    }
    for (int side = 0; side < 2; ++side) {
        const float z = side == 0 ? 0.15f : -0.15f;
        const std::string s = side == 0 ? "_l" : "_r";
        j.back_leg[side][0] = rig.add("back_leg" + s, j.body, {-0.4f, 1.42f, z});
        j.back_leg[side][1] = rig.add("back_shin" + s, j.back_leg[side][0], {-0.4f, 0.8f, z}, glm::vec3(-0.4f, 0.04f, z));
    }
    j.tail[0] = rig.add("tail0", j.body, {-0.58f, 1.62f, 0.0f});
    j.tail[1] = rig.add("tail1", j.tail[0], {-0.7f, 1.25f, 0.0f}, glm::vec3(-0.78f, 0.92f, 0.0f));
    return j;
}

ImplicitShape build_shape(const Joints& j) {
    const SurfaceColor coat = patches(cream, patch_brown, 0.13f, 0.035f, 3);
    ImplicitShape shape;
    ShapePart body = ellipsoid({0.0f, 1.58f, 0.0f}, {0.58f, 0.3f, 0.26f}, cream, glm::angleAxis(0.12f, glm::vec3(0, 0, 1)));
    body.color = coat;
    shape.parts.push_back(attach(body, {j.body, j.chest}, 0.0f, 0.6f));
    ShapePart neck = round_cone({0.45f, 1.72f, 0.0f}, 0.17f, {0.86f, 2.86f, 0.0f}, 0.08f, cream);
    neck.color = coat;
    shape.parts.push_back(attach(neck, {j.neck[0], j.neck[1], j.neck[2]}, 0.12f));
    // The mane runs along the back of the neck.
    const glm::vec3 back = glm::normalize(glm::vec3(-1.08f, 0.39f, 0.0f));
    shape.parts.push_back(attach(round_cone(glm::vec3(0.45f, 1.8f, 0.0f) + 0.13f * back, 0.035f,
                                        glm::vec3(0.84f, 2.9f, 0.0f) + 0.06f * back, 0.03f, patch_brown * 0.8f),
                             {j.neck[0], j.neck[1], j.neck[2]}, 0.03f));
    ShapePart head = ellipsoid({1.0f, 2.9f, 0.0f}, {0.2f, 0.1f, 0.095f}, cream, glm::angleAxis(-0.3f, glm::vec3(0, 0, 1)));
    head.color = patches(cream, patch_brown, 0.07f, 0.025f, 5);
    shape.parts.push_back(attach(head, {j.head}, 0.06f));
    shape.parts.push_back(attach(ellipsoid({1.16f, 2.82f, 0.0f}, {0.09f, 0.075f, 0.08f}, {0.88f, 0.72f, 0.55f}), {j.head}, 0.05f));
    for (float z : {0.055f, -0.055f}) {
        shape.parts.push_back(attach(round_cone({0.9f, 2.97f, z}, 0.025f, {0.86f, 3.14f, z * 1.3f}, 0.018f, cream), {j.head}, 0.02f));
        shape.parts.push_back(attach(sphere({0.86f, 3.15f, z * 1.3f}, 0.033f, dark), {j.head}, 0.01f));
        shape.parts.push_back(attach(ellipsoid({0.86f, 2.98f, z * 2.2f}, {0.035f, 0.02f, 0.075f}, cream,
                                           glm::angleAxis(z > 0 ? -0.4f : 0.4f, glm::vec3(1, 0, 0))),
                                 {j.head}, 0.02f));
        shape.parts.push_back(attach(sphere({1.02f, 2.95f, z * 1.55f}, 0.03f, {0.05f, 0.04f, 0.04f}), {j.head}, 0.01f));
    }
    for (int side = 0; side < 2; ++side) {
        const float z = side == 0 ? 0.15f : -0.15f;
        for (int front = 0; front < 2; ++front) {
            const float x = front ? 0.38f : -0.4f;
            const int upper = front ? j.front_leg[side][0] : j.back_leg[side][0];
            const int lower = front ? j.front_leg[side][1] : j.back_leg[side][1];
            ShapePart thigh = round_cone({x, 1.45f, z}, 0.1f, {x, 0.8f, z}, 0.055f, cream);
            thigh.color = coat;
            shape.parts.push_back(attach(thigh, {upper}, 0.08f, 0.3f));
            shape.parts.push_back(attach(round_cone({x, 0.8f, z}, 0.055f, {x, 0.1f, z}, 0.042f, cream), {lower}, 0.03f, 0.3f));
            shape.parts.push_back(attach(cylinder({x + 0.01f, 0.055f, z}, 0.055f, 0.055f, 0.02f, dark), {lower}, 0.02f, 0.0f));
        }
    }
    shape.parts.push_back(attach(round_cone({-0.56f, 1.64f, 0.0f}, 0.045f, {-0.76f, 1.0f, 0.0f}, 0.03f, cream),
                             {j.tail[0], j.tail[1]}, 0.04f, 1.5f));
    shape.parts.push_back(attach(ellipsoid({-0.78f, 0.93f, 0.0f}, {0.05f, 0.1f, 0.05f}, dark), {j.tail[1]}, 0.03f, 1.5f));
    return shape;
}

// The neck swings to one side, stops dead, swings to the other, stops, and comes back.
AnimationClip look_around(const Joints& j) {
    const float duration = 6.0f;
    const auto yaw = [](float t) {
        return 40.0f * ease_in(t, 0.3f, 0.9f) - 75.0f * ease_in(t, 2.3f, 3.0f) + 35.0f * ease_in(t, 4.3f, 4.9f);
    };
    const auto nod = [](float t) { return -12.0f * ease_in(t, 2.3f, 3.0f) + 12.0f * ease_in(t, 4.3f, 4.9f); };
    std::vector<AnimationChannel> channels;
    const float share[3] = {0.5f, 0.3f, 0.2f};
    for (int k = 0; k < 3; ++k)
        channels.push_back(sampled_rotation(j.neck[k], duration, 30.0f, [&, k](float t) {
            return euler_degrees(0.0f, share[k] * yaw(t), share[k] * nod(t));
        }));
    channels.push_back(sampled_rotation(j.tail[0], duration, 30.0f, [](float t) {
        return euler_degrees(25.0f * std::sin(2.0f * float(M_PI) * 0.5f * t), 0.0f, 0.0f);
    }));
    return make_clip("look_around", std::move(channels));
}

}  // namespace

BundledCharacter make_giraffe() {
    CharacterRecipe recipe;
    recipe.name = "giraffe";
    const Joints joints = build_rig(recipe.rig);
    recipe.shape = build_shape(joints);
    recipe.cell = 0.04f;
    recipe.clips.push_back(look_around(joints));
    DynamicParameters& p = recipe.preset.parameters;
    p.oscillation = {1.6f, 0.5f, 0.22f, 0.08f};
    for (int leg : {joints.front_leg[0][0], joints.front_leg[0][1], joints.front_leg[1][0], joints.front_leg[1][1],
                    joints.back_leg[0][0], joints.back_leg[0][1], joints.back_leg[1][0], joints.back_leg[1][1]})
        recipe.joint_settings(leg).gain = 0.0f;
    return build_character(recipe);
}

}  // namespace dynskin::characters
