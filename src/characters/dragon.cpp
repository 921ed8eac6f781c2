// A flying serpent dragon: a long body in nine joints that slithers and stops, a horned
// head, two soft wings that flap, and a row of spikes along the back.

#include <cmath>
#include <iterator>

#include "characters/cast.h"
#include "characters/clip_builder.h"
#include "characters/surface_patterns.h"

namespace dynskin::characters {
namespace {

const glm::vec3 green(0.22f, 0.62f, 0.32f), belly_light(0.96f, 0.86f, 0.45f), belly_dark(0.86f, 0.7f, 0.32f),
    spike(0.95f, 0.45f, 0.15f), wing(0.92f, 0.38f, 0.25f), horn(0.95f, 0.92f, 0.8f), eye(1.0f, 0.85f, 0.1f),
    pupil(0.05f, 0.05f, 0.05f);
constexpr int body_joints = 9;
constexpr float height = 0.5f;

struct Joints {
    int chest, neck, head, wing[2][2], body[body_joints];
};

float body_x(int k) { return 0.55f - 0.3f * float(k); }
float body_radius(float x) { return glm::mix(0.05f, 0.2f, glm::clamp((x + 2.3f) / 2.2f, 0.0f, 1.0f)); }

Joints build_rig(Rig& rig) {
    Joints j{};
    j.chest = rig.add("chest", -1, {0.85f, height, 0.0f});
    j.neck = rig.add("neck", j.chest, {1.15f, height + 0.02f, 0.0f});
    j.head = rig.add("head", j.neck, {1.4f, height + 0.05f, 0.0f}, glm::vec3(1.85f, height, 0.0f));
    for (int side = 0; side < 2; ++side) {
        const float s = side == 0 ? 1.0f : -1.0f;
        const std::string name = side == 0 ? "_l" : "_r";
        j.wing[side][0] = rig.add("wing" + name, j.chest, {0.75f, height + 0.1f, s * 0.15f});
        j.wing[side][1] = rig.add("wing_tip" + name, j.wing[side][0], {0.52f, height + 0.26f, s * 0.62f},
                                  glm::vec3(0.3f, height + 0.42f, s * 1.08f));
    }
    int parent = j.chest;
    for (int k = 0; k < body_joints; ++k)
        parent = j.body[k] = rig.add("body" + std::to_string(k), parent, {body_x(k), height, 0.0f},
                                     k + 1 == body_joints ? std::optional<glm::vec3>(glm::vec3(body_x(k) - 0.3f, height, 0.0f))
                                                          : std::nullopt);
    return j;
}

ImplicitShape build_shape(const Joints& j) {
    const SurfaceColor belly = bands(belly_light, belly_dark, {1, 0, 0}, 0.09f);
    const SurfaceColor scales = [belly](const glm::vec3& p) { return p.y < height - 0.06f ? belly(p) : green; };
    std::vector<int> spine = {j.neck, j.chest};
    spine.insert(spine.end(), std::begin(j.body), std::end(j.body));
    ImplicitShape shape;
    // The body: tapering segments from the neck to the tail's tip.
    const float xs[] = {1.2f, 0.85f, 0.55f, 0.25f, -0.05f, -0.35f, -0.65f, -0.95f, -1.25f, -1.55f, -1.85f, -2.15f};
    for (std::size_t k = 0; k + 1 < std::size(xs); ++k) {
        ShapePart segment = round_cone({xs[k], height, 0.0f}, body_radius(xs[k]), {xs[k + 1], height, 0.0f},
                                       body_radius(xs[k + 1]), green);
        segment.color = scales;
        shape.parts.push_back(attach(segment, spine, k == 0 ? 0.0f : 0.05f, 1.0f + 0.1f * float(k)));
        if (k >= 1 && k + 2 < std::size(xs)) {  // a spike on the back of every segment
            const float r = body_radius(xs[k]);
            shape.parts.push_back(attach(round_cone({xs[k], height + r - 0.04f, 0.0f}, 0.06f,
                                                    {xs[k] - 0.1f, height + r + 0.12f, 0.0f}, 0.015f, spike),
                                         spine, 0.03f, 1.2f));
        }
    }
    ShapePart head = ellipsoid({1.45f, height + 0.06f, 0.0f}, {0.27f, 0.16f, 0.17f}, green);
    head.color = scales;
    shape.parts.push_back(attach(head, {j.head}, 0.08f));
    ShapePart snout = ellipsoid({1.72f, height + 0.01f, 0.0f}, {0.17f, 0.1f, 0.12f}, green);
    snout.color = scales;
    shape.parts.push_back(attach(snout, {j.head}, 0.08f));
    for (float s : {1.0f, -1.0f}) {
        shape.parts.push_back(attach(sphere({1.52f, height + 0.16f, s * 0.11f}, 0.06f, eye), {j.head}, 0.02f));
        shape.parts.push_back(attach(sphere({1.56f, height + 0.18f, s * 0.14f}, 0.03f, pupil), {j.head}, 0.005f));
        shape.parts.push_back(attach(round_cone({1.36f, height + 0.17f, s * 0.08f}, 0.05f, {1.1f, height + 0.4f, s * 0.16f},
                                                0.018f, horn),
                                     {j.head}, 0.03f, 0.5f));
        shape.parts.push_back(attach(sphere({1.84f, height + 0.05f, s * 0.05f}, 0.025f, pupil), {j.head}, 0.01f));
    }
    for (int side = 0; side < 2; ++side) {
        const float s = side == 0 ? 1.0f : -1.0f;
        // Raised a little and swept back.
        const glm::quat tilt = glm::angleAxis(s * 0.3f, glm::vec3(1, 0, 0)) * glm::angleAxis(s * 0.45f, glm::vec3(0, 1, 0));
        shape.parts.push_back(attach(ellipsoid({0.5f, height + 0.22f, s * 0.6f}, {0.24f, 0.05f, 0.6f}, wing, tilt),
                                     {j.wing[side][0], j.wing[side][1]}, 0.06f, 1.5f));
        shape.parts.push_back(attach(round_cone({0.75f, height + 0.1f, s * 0.15f}, 0.06f, {0.3f, height + 0.42f, s * 1.08f},
                                                0.03f, green),
                                     {j.wing[side][0], j.wing[side][1]}, 0.04f, 1.2f));
    }
    return shape;
}

// A wave runs down the body while the wings flap; at 4 s everything stops dead.
AnimationClip slither(const Joints& j) {
    const float duration = 6.0f, stop = 4.0f;
    const auto held = [=](float t) { return std::min(t, stop); };
    const auto ramp = [=](float t) { return ease(t, 0.0f, 0.8f); };
    std::vector<AnimationChannel> channels;
    for (int k = 0; k < body_joints; ++k)
        channels.push_back(sampled_rotation(j.body[k], duration, 30.0f, [=](float t) {
            const float wave = std::sin(2.0f * float(M_PI) * (0.6f * held(t) - float(k) / 6.0f));
            return euler_degrees(0.0f, 16.0f * ramp(t) * wave, 4.0f * ramp(t) * std::cos(2.0f * float(M_PI) * 0.6f * held(t)));
        }));
    channels.push_back(sampled_rotation(j.neck, duration, 30.0f, [=](float t) {
        return euler_degrees(0.0f, -14.0f * ramp(t) * std::sin(2.0f * float(M_PI) * 0.6f * held(t)), 0.0f);
    }));
    for (int side = 0; side < 2; ++side) {
        const float s = side == 0 ? 1.0f : -1.0f;
        channels.push_back(sampled_rotation(j.wing[side][0], duration, 30.0f, [=](float t) {
            return euler_degrees(s * 35.0f * ramp(t) * std::sin(2.0f * float(M_PI) * 1.2f * held(t)), 0.0f, 0.0f);
        }));
    }
    return make_clip("slither", std::move(channels));
}

}  // namespace

BundledCharacter make_dragon() {
    CharacterRecipe recipe;
    recipe.name = "dragon";
    const Joints joints = build_rig(recipe.rig);
    recipe.shape = build_shape(joints);
    recipe.cell = 0.046f;
    recipe.clips.push_back(slither(joints));
    recipe.preset.parameters.oscillation = {1.8f, 0.5f, 0.25f, 0.1f};
    return build_character(recipe);
}

}  // namespace dynskin::characters
