// A dragon standing on four legs: a raised neck and a horned head with a jaw, a long spiked
// tail ending in a blade, and two bat wings, each a membrane stretched between three finger
// bones of two joints. It flaps, takes off, lands and stops dead (the membrane ripples and
// the tail swings on), and it walks and stops. Its preset delays the joints' turns on their
// way out (delayed LBS): a flap travels from the shoulder to the wing tips, a step from the
// hips to the tail's blade.

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "characters/cast/cast.h"
#include "characters/shape/clip_builder.h"
#include "characters/shape/surface_patterns.h"

namespace dynskin::characters {
namespace {

const glm::vec3 green(0.16f, 0.55f, 0.36f), dark_green(0.08f, 0.36f, 0.25f), belly_light(0.98f, 0.86f, 0.5f),
    belly_dark(0.9f, 0.72f, 0.36f), spike(0.96f, 0.5f, 0.14f), membrane_inner(0.78f, 0.18f, 0.2f),
    membrane_outer(1.0f, 0.5f, 0.22f), membrane_under(1.0f, 0.72f, 0.52f), bone(0.12f, 0.42f, 0.3f), ivory(0.96f, 0.92f, 0.8f),
    eye(1.0f, 0.84f, 0.1f), black(0.04f, 0.04f, 0.04f), mouth(0.55f, 0.12f, 0.14f);

constexpr int tail_joints = 6, fingers = 3;
constexpr float cell = 0.064f;  // the polygonisation grid's step
// The thinnest radius a tip may have: a thinner tube slips between the grid's points, and
// the surface leaves crumbs floating beside it.
constexpr float thinnest = 0.75f * cell;

struct Joints {
    int hips, chest, neck[3], head, jaw, tail[tail_joints];
    int leg[2][2][2];  // [front][side][upper, lower]
    struct Wing {
        int arm, forearm, finger[fingers][2];
    } wing[2];
};

float side_sign(int side) { return side == 0 ? 1.0f : -1.0f; }

// The tail's line, from the hips back and down to its blade.
const std::array<glm::vec3, tail_joints + 1> tail_points = {{
    {-0.72f, 1.0f, 0.0f}, {-1.08f, 0.9f, 0.0f}, {-1.44f, 0.78f, 0.0f}, {-1.8f, 0.68f, 0.0f},
    {-2.16f, 0.62f, 0.0f}, {-2.5f, 0.62f, 0.0f}, {-2.8f, 0.68f, 0.0f},
}};
const std::array<float, tail_joints + 1> tail_radii = {0.2f, 0.16f, 0.125f, 0.095f, 0.07f, 0.05f, 0.035f};

// The wing at rest, drawn in its own plane: u out along the span, v forward along the body.
// The plane is raised by `wing_rise` about the body's axis at the shoulder.
constexpr float wing_rise = 0.87f;  // radians, about 50 degrees
constexpr float wing_scale = 0.92f, wing_sweep = 0.3f;
const glm::vec3 shoulder_at(0.32f, 1.22f, 0.2f);
const glm::vec2 elbow_uv(0.46f, -0.25f), wrist_uv(0.96f, 0.1f), body_edge_uv(0.0f, -0.8f);
const std::array<glm::vec2, fingers> knuckle_uv = {{{1.46f, -0.05f}, {1.3f, -0.4f}, {1.05f, -0.5f}}};
const std::array<glm::vec2, fingers> finger_tip_uv = {{{1.96f, -0.46f}, {1.5f, -0.96f}, {0.9f, -1.06f}}};

// The wing plane's normal at rest, up and in: turning about it sweeps a wing bone within
// the membrane.
glm::vec3 wing_normal(int side) { return {0.0f, std::cos(wing_rise), -side_sign(side) * std::sin(wing_rise)}; }

// A point of the wing at rest, swept back the further out it is (the plane stays the same);
// beyond the wrist the wing droops out of its plane, so that it is a curved sail and not a
// flat board seen from the front.
glm::vec3 wing_point(int side, glm::vec2 drawn_uv) {
    const glm::vec2 uv = wing_scale * drawn_uv;
    const float s = side_sign(side), beyond = std::max(uv.x - 0.75f, 0.0f);
    return glm::vec3(shoulder_at.x + uv.y - wing_sweep * uv.x, shoulder_at.y + uv.x * std::sin(wing_rise),
                     s * (shoulder_at.z + uv.x * std::cos(wing_rise))) -
           0.26f * beyond * beyond * wing_normal(side);
}

glm::vec3 leg_hip(int front, int side) { return {front ? 0.46f : -0.42f, 0.92f, side_sign(side) * (front ? 0.2f : 0.23f)}; }
glm::vec3 leg_knee(int front, int side) { return {front ? 0.52f : -0.24f, 0.5f, side_sign(side) * (front ? 0.24f : 0.27f)}; }
glm::vec3 leg_ankle(int front, int side) { return {front ? 0.54f : -0.42f, 0.12f, side_sign(side) * (front ? 0.25f : 0.28f)}; }

Joints build_rig(Rig& rig) {
    Joints j{};
    j.hips = rig.add("hips", -1, {-0.3f, 0.98f, 0.0f});
    j.chest = rig.add("chest", j.hips, {0.38f, 1.04f, 0.0f});
    const glm::vec3 neck_points[] = {{0.66f, 1.14f, 0.0f}, {0.86f, 1.42f, 0.0f}, {0.98f, 1.7f, 0.0f}};
    int parent = j.chest;
    for (int k = 0; k < 3; ++k) parent = j.neck[k] = rig.add("neck" + std::to_string(k), parent, neck_points[k]);
    j.head = rig.add("head", parent, {1.06f, 1.94f, 0.0f}, glm::vec3(1.66f, 1.86f, 0.0f));
    j.jaw = rig.add("jaw", j.head, {1.12f, 1.84f, 0.0f}, glm::vec3(1.58f, 1.74f, 0.0f));
    for (int side = 0; side < 2; ++side) {
        const std::string name = side == 0 ? "_l" : "_r";
        Joints::Wing& w = j.wing[side];
        w.arm = rig.add("wing_arm" + name, j.chest, wing_point(side, {0.0f, 0.0f}));
        w.forearm = rig.add("wing_forearm" + name, w.arm, wing_point(side, elbow_uv));
        for (int f = 0; f < fingers; ++f) {
            const std::string finger = "wing_finger" + std::to_string(f);
            w.finger[f][0] = rig.add(finger + name, w.forearm, wing_point(side, wrist_uv), wing_point(side, knuckle_uv[f]));
            w.finger[f][1] = rig.add(finger + "_tip" + name, w.finger[f][0], wing_point(side, knuckle_uv[f]),
                                     wing_point(side, finger_tip_uv[f]));
        }
    }
    for (int front = 1; front >= 0; --front)
        for (int side = 0; side < 2; ++side) {
            const std::string name = std::string(front ? "front" : "back") + (side == 0 ? "_l" : "_r");
            j.leg[front][side][0] = rig.add(name + "_leg", front ? j.chest : j.hips, leg_hip(front, side));
            j.leg[front][side][1] = rig.add(name + "_shin", j.leg[front][side][0], leg_knee(front, side), leg_ankle(front, side));
        }
    parent = j.hips;
    for (int k = 0; k < tail_joints; ++k)
        parent = j.tail[k] = rig.add("tail" + std::to_string(k), parent, tail_points[k],
                                     k + 1 == tail_joints ? std::optional<glm::vec3>(tail_points[k + 1]) : std::nullopt);
    return j;
}

// A row of spikes along a line, leaning back, shrinking from `size` to 60 % of it.
void add_spikes(ImplicitShape& shape, const std::vector<glm::vec3>& bases, float size, const std::vector<int>& bones) {
    for (std::size_t k = 0; k < bases.size(); ++k) {
        const float r = size * (1.0f - 0.4f * float(k) / float(std::max<std::size_t>(bases.size() - 1, 1)));
        const glm::vec3 base = bases[k];
        shape.parts.push_back(attach(round_cone(base, 0.45f * r + 0.03f, base + glm::vec3(-0.7f * r, 1.5f * r, 0.0f), thinnest, spike),
                                     bones, 0.03f, 0.4f));
    }
}

void add_wing(ImplicitShape& shape, const Joints& j, int side) {
    const Joints::Wing& w = j.wing[side];
    const glm::vec3 shoulder = wing_point(side, {0.0f, 0.0f}), elbow = wing_point(side, elbow_uv),
                    wrist = wing_point(side, wrist_uv), body_edge = wing_point(side, body_edge_uv);
    // On top, darker and redder near the body, orange toward the rim; underneath a light
    // peach, so that a wing seen from below in the shade still reads. Which face a point is
    // on is told by the plane of its triangle.
    const glm::vec3 up = wing_normal(side);
    const auto membrane = [wrist, shoulder, up](glm::vec3 a, glm::vec3 b, glm::vec3 c) -> SurfaceColor {
        glm::vec3 normal = glm::cross(b - a, c - a);
        if (glm::dot(normal, up) < 0.0f) normal = -normal;
        return [=](const glm::vec3& p) {
            if (glm::dot(p - a, normal) < 0.0f) return membrane_under;
            const float out = glm::clamp(glm::length(p - shoulder) / 1.8f, 0.0f, 1.0f);
            const float near_wrist = glm::clamp(1.0f - glm::length(p - wrist) / 1.1f, 0.0f, 1.0f);
            return glm::mix(membrane_inner, membrane_outer, glm::clamp(out * out + 0.3f * near_wrist, 0.0f, 1.0f));
        };
    };
    const float half_thickness = 0.044f, hem = 0.05f;
    const auto add_membrane = [&](glm::vec3 a, glm::vec3 b, glm::vec3 c, std::vector<int> bones) {
        ShapePart part = sheet(a, b, c, half_thickness, membrane_outer);
        part.color = membrane(a, b, c);
        shape.parts.push_back(attach(part, std::move(bones), 0.02f, 1.8f));
    };
    // A panel fanned from `apex` between two finger lines (knuckle, tip), its free edge a
    // curve cut in toward the apex between the tips, with a hem so that the rim is smooth.
    const auto add_panel = [&](glm::vec2 apex_uv, glm::vec2 knuckle_a, glm::vec2 tip_a, glm::vec2 tip_b,
                               glm::vec2 knuckle_b, float cut, const std::vector<int>& bones) {
        const glm::vec3 apex = wing_point(side, apex_uv);
        add_membrane(apex, wing_point(side, knuckle_a), wing_point(side, tip_a), bones);
        add_membrane(apex, wing_point(side, tip_b), wing_point(side, knuckle_b), bones);
        const glm::vec2 control = glm::mix(0.5f * (tip_a + tip_b), apex_uv, 2.0f * cut);
        constexpr int pieces = 4;
        glm::vec3 previous = wing_point(side, tip_a);
        for (int k = 1; k <= pieces; ++k) {
            const float x = float(k) / float(pieces);
            const glm::vec2 uv = (1.0f - x) * (1.0f - x) * tip_a + 2.0f * x * (1.0f - x) * control + x * x * tip_b;
            const glm::vec3 point = wing_point(side, uv);
            add_membrane(apex, previous, point, bones);
            shape.parts.push_back(attach(round_cone(previous, hem, point, hem, membrane_outer), bones, 0.02f, 1.8f));
            shape.parts.back().color = membrane(apex, previous, point);
            previous = point;
        }
    };
    // Between the arm and the body, up to the last finger, fanned from the elbow.
    add_membrane(shoulder, elbow, body_edge, {j.hips, w.arm});
    add_membrane(elbow, wrist, wing_point(side, knuckle_uv[fingers - 1]), {w.forearm, w.finger[fingers - 1][0]});
    add_panel(elbow_uv, wrist_uv, knuckle_uv[fingers - 1], finger_tip_uv[fingers - 1], body_edge_uv, 0.25f,
              {j.hips, w.arm, w.forearm, w.finger[fingers - 1][0], w.finger[fingers - 1][1]});
    // Between neighbouring fingers, fanned from the wrist.
    for (int f = 0; f + 1 < fingers; ++f)
        add_panel(wrist_uv, knuckle_uv[f], finger_tip_uv[f], finger_tip_uv[f + 1], knuckle_uv[f + 1], 0.2f,
                  {w.finger[f][0], w.finger[f][1], w.finger[f + 1][0], w.finger[f + 1][1]});
    // The bones: arm and forearm along the leading edge, then the fingers, thinning out.
    shape.parts.push_back(attach(round_cone(shoulder, 0.09f, elbow, 0.06f, green), {w.arm}, 0.06f, 0.9f));
    shape.parts.push_back(attach(round_cone(elbow, 0.06f, wrist, 0.06f, green), {w.forearm}, 0.03f, 1.0f));
    for (int f = 0; f < fingers; ++f) {
        const glm::vec3 knuckle = wing_point(side, knuckle_uv[f]), tip = wing_point(side, finger_tip_uv[f]);
        shape.parts.push_back(attach(round_cone(wrist, 0.06f, knuckle, 0.05f, bone), {w.finger[f][0]}, 0.02f, 1.2f));
        shape.parts.push_back(attach(round_cone(knuckle, 0.05f, tip, 0.038f, bone), {w.finger[f][1]}, 0.02f, 1.4f));
    }
    // The thumb's claw at the wrist, hooked forward: rigid.
    shape.parts.push_back(attach(round_cone(wrist, 0.05f, wrist + glm::vec3(0.18f, 0.06f, 0.0f), thinnest, ivory),
                                 {w.forearm}, 0.015f, 0.0f));
}

void add_leg(ImplicitShape& shape, const Joints& j, int front, int side, const SurfaceColor& skin) {
    const glm::vec3 hip = leg_hip(front, side), knee = leg_knee(front, side), ankle = leg_ankle(front, side);
    const int upper = j.leg[front][side][0], lower = j.leg[front][side][1];
    const float s = side_sign(side);
    ShapePart thigh = front ? round_cone(hip + glm::vec3(0.0f, 0.06f, 0.0f), 0.15f, knee, 0.085f, green)
                            : round_cone(hip + glm::vec3(0.02f, 0.04f, 0.0f), 0.2f, knee, 0.09f, green);
    thigh.color = skin;
    shape.parts.push_back(attach(thigh, {upper}, 0.1f, 0.5f));
    ShapePart shin = round_cone(knee, front ? 0.085f : 0.09f, ankle, 0.065f, green);
    shin.color = skin;
    shape.parts.push_back(attach(shin, {lower}, 0.04f, 0.4f));
    ShapePart foot = ellipsoid(ankle + glm::vec3(0.08f, -0.06f, 0.0f), {0.15f, 0.06f, 0.1f}, green);
    foot.color = skin;
    shape.parts.push_back(attach(foot, {lower}, 0.05f, 0.3f));
    for (int toe = -1; toe <= 1; ++toe) {
        const glm::vec3 root = ankle + glm::vec3(0.15f, -0.055f, s * 0.06f * float(toe));
        shape.parts.push_back(attach(round_cone(root, 0.05f, root + glm::vec3(0.11f, -0.03f, s * 0.02f * float(toe)), thinnest, ivory),
                                     {lower}, 0.02f, 0.0f));
    }
}

ImplicitShape build_shape(const Joints& j) {
    const SurfaceColor skin = spots(green, dark_green, 0.16f, 0.35f, 7);
    const SurfaceColor belly = bands(belly_light, belly_dark, {1, 0, 0}, 0.08f);
    ImplicitShape shape;
    ShapePart torso = ellipsoid({0.04f, 1.0f, 0.0f}, {0.64f, 0.28f, 0.28f}, green, glm::angleAxis(0.06f, glm::vec3(0, 0, 1)));
    torso.color = skin;
    shape.parts.push_back(attach(torso, {j.hips, j.chest}, 0.0f, 0.8f));
    ShapePart chest = ellipsoid({0.42f, 1.05f, 0.0f}, {0.3f, 0.3f, 0.27f}, green);
    chest.color = skin;
    shape.parts.push_back(attach(chest, {j.chest}, 0.12f, 0.7f));
    ShapePart under = ellipsoid({0.0f, 0.86f, 0.0f}, {0.52f, 0.26f, 0.26f}, belly_light);
    under.color = belly;
    shape.parts.push_back(attach(under, {j.hips, j.chest}, 0.12f, 1.8f));

    // The neck rises from the chest; its throat is belly-coloured.
    const glm::vec3 neck_line[] = {{0.55f, 1.1f, 0.0f}, {0.86f, 1.42f, 0.0f}, {0.98f, 1.7f, 0.0f}, {1.08f, 1.9f, 0.0f}};
    const float neck_radii[] = {0.22f, 0.15f, 0.125f, 0.11f};
    const std::vector<int> neck_bones = {j.neck[0], j.neck[1], j.neck[2]};
    for (int k = 0; k < 3; ++k) {
        ShapePart part = round_cone(neck_line[k], neck_radii[k], neck_line[k + 1], neck_radii[k + 1], green);
        part.color = skin;
        shape.parts.push_back(attach(part, neck_bones, 0.08f, 1.0f));
        ShapePart throat = round_cone(neck_line[k] + glm::vec3(0.05f, -0.03f, 0.0f), 0.88f * neck_radii[k],
                                      neck_line[k + 1] + glm::vec3(0.05f, -0.02f, 0.0f), 0.85f * neck_radii[k + 1], belly_light);
        throat.color = belly;
        shape.parts.push_back(attach(throat, neck_bones, 0.04f, 1.1f));
    }

    // The head: skull, snout and a lower jaw of its own, eyes under brows, horns swept back.
    ShapePart skull = ellipsoid({1.16f, 1.96f, 0.0f}, {0.24f, 0.18f, 0.17f}, green);
    skull.color = skin;
    shape.parts.push_back(attach(skull, {j.head}, 0.06f, 0.6f));
    ShapePart snout = round_cone({1.3f, 1.94f, 0.0f}, 0.14f, {1.62f, 1.88f, 0.0f}, 0.09f, green);
    snout.color = skin;
    shape.parts.push_back(attach(snout, {j.head}, 0.06f, 0.6f));
    shape.parts.push_back(attach(round_cone({1.2f, 1.84f, 0.0f}, 0.1f, {1.56f, 1.79f, 0.0f}, 0.065f, mouth), {j.jaw}, 0.015f, 0.6f));
    ShapePart chin = round_cone({1.16f, 1.8f, 0.0f}, 0.1f, {1.54f, 1.75f, 0.0f}, 0.062f, belly_light);
    chin.color = belly;
    shape.parts.push_back(attach(chin, {j.jaw}, 0.02f, 0.6f));
    for (int side = 0; side < 2; ++side) {
        const float s = side_sign(side);
        shape.parts.push_back(attach(sphere({1.3f, 2.03f, s * 0.12f}, 0.065f, eye), {j.head}, 0.01f, 0.3f));
        shape.parts.push_back(attach(sphere({1.345f, 2.04f, s * 0.16f}, 0.035f, black), {j.head}, 0.004f, 0.3f));
        shape.parts.push_back(attach(round_cone({1.2f, 2.12f, s * 0.09f}, 0.05f, {1.4f, 2.1f, s * 0.13f}, 0.038f, dark_green),
                                     {j.head}, 0.02f, 0.4f));
        shape.parts.push_back(attach(sphere({1.66f, 1.93f, s * 0.05f}, 0.024f, black), {j.head}, 0.005f, 0.4f));
        // Horns: two segments sweeping back and up; the cheeks end in short spikes.
        const glm::vec3 horn_root(1.1f, 2.1f, s * 0.09f), horn_bend(0.94f, 2.26f, s * 0.15f), horn_tip(0.74f, 2.34f, s * 0.19f);
        shape.parts.push_back(attach(round_cone(horn_root, 0.085f, horn_bend, 0.065f, ivory), {j.head}, 0.03f, 0.1f));
        shape.parts.push_back(attach(round_cone(horn_bend, 0.065f, horn_tip, thinnest, ivory), {j.head}, 0.01f, 0.1f));
        shape.parts.push_back(attach(round_cone({1.1f, 1.92f, s * 0.14f}, 0.045f, {0.92f, 1.92f, s * 0.24f}, thinnest, spike),
                                     {j.head}, 0.02f, 0.3f));
    }

    // The tail: tapering from the hips to a flat blade.
    const std::vector<int> tail_bones(std::begin(j.tail), std::end(j.tail));
    for (int k = 0; k < tail_joints; ++k) {
        ShapePart part = round_cone(tail_points[k], tail_radii[k], tail_points[k + 1], tail_radii[k + 1], green);
        part.color = skin;
        shape.parts.push_back(attach(part, tail_bones, k == 0 ? 0.12f : 0.04f, 1.0f + 0.08f * float(k)));
    }
    const glm::vec3 blade_root = tail_points[tail_joints] + glm::vec3(0.04f, 0.0f, 0.0f);
    for (float up : {1.0f, -1.0f})
        shape.parts.push_back(attach(sheet(blade_root, blade_root + glm::vec3(-0.22f, up * 0.2f, 0.0f),
                                           blade_root + glm::vec3(-0.42f, 0.02f, 0.0f), 0.045f, spike),
                                     {j.tail[tail_joints - 1]}, 0.03f, 1.3f));

    // Spikes along the back of the neck, the back and the tail.
    std::vector<glm::vec3> neck_spikes;
    for (int k = 0; k < 3; ++k) {
        const glm::vec3 along = glm::mix(neck_line[k], neck_line[k + 1], 0.5f);
        neck_spikes.push_back(along + glm::vec3(-0.8f, 0.55f, 0.0f) * (0.9f * neck_radii[k]));
    }
    add_spikes(shape, neck_spikes, 0.1f, neck_bones);
    add_spikes(shape, {{0.3f, 1.31f, 0.0f}, {0.02f, 1.3f, 0.0f}, {-0.26f, 1.27f, 0.0f}, {-0.54f, 1.2f, 0.0f}}, 0.13f,
               {j.chest, j.hips});
    std::vector<glm::vec3> tail_spikes;
    for (int k = 0; k < tail_joints; ++k) {
        const glm::vec3 along = glm::mix(tail_points[k], tail_points[k + 1], 0.5f);
        tail_spikes.push_back(along + glm::vec3(0.0f, 0.85f * glm::mix(tail_radii[k], tail_radii[k + 1], 0.5f), 0.0f));
    }
    add_spikes(shape, tail_spikes, 0.11f, tail_bones);

    for (int front = 0; front < 2; ++front)
        for (int side = 0; side < 2; ++side) add_leg(shape, j, front, side, skin);
    for (int side = 0; side < 2; ++side) add_wing(shape, j, side);
    return shape;
}

// A joint turned by degrees about an axis of its rest frame (rest rotations are identity).
glm::quat turn(float degrees, const glm::vec3& axis) { return glm::angleAxis(glm::radians(degrees), glm::normalize(axis)); }

// The wing's pose: raised by `rise` degrees about the body's axis, the forearm folding by
// `fold` (its bones sweep back within the wing's plane) and the fingers closing by `close`.
struct WingPose {
    float rise = 0.0f, forearm_rise = 0.0f, fold = 0.0f, close = 0.0f;
};

void add_wing_channels(std::vector<AnimationChannel>& channels, const Joints& j, float duration,
                       const std::function<WingPose(float t)>& pose) {
    for (int side = 0; side < 2; ++side) {
        const float s = side_sign(side);
        const glm::vec3 body_axis(1.0f, 0.0f, 0.0f), normal = wing_normal(side);
        const Joints::Wing& w = j.wing[side];
        channels.push_back(sampled_rotation(w.arm, duration, 30.0f, [=](float t) { return turn(-s * pose(t).rise, body_axis); }));
        channels.push_back(sampled_rotation(w.forearm, duration, 30.0f, [=](float t) {
            const WingPose p = pose(t);
            return turn(-s * p.forearm_rise, body_axis) * turn(-p.fold, normal * s);
        }));
        for (int f = 0; f < fingers; ++f) {
            // The fingers fan: the last one closes most, the leading one hardly.
            const float share = 0.3f + 0.35f * float(f);
            channels.push_back(sampled_rotation(w.finger[f][0], duration, 30.0f,
                                                [=](float t) { return turn(share * pose(t).close, normal * s); }));
            channels.push_back(sampled_rotation(w.finger[f][1], duration, 30.0f,
                                                [=](float t) { return turn(-0.5f * s * pose(t).forearm_rise, body_axis); }));
        }
    }
}

// Crouch, raise the wings, three beats that lift the dragon off, a landing on the last
// downstroke, and a dead stop with the wings spread: the membrane and the tail ring on.
AnimationClip take_off(const Joints& j) {
    const float duration = 6.0f, start = 0.6f, beat = 0.72f, stop = start + 3.25f * beat;
    const auto held = [=](float t) { return std::min(t, stop); };
    const auto flapping = [=](float t) { return ease(t, 0.2f, start); };
    const auto phase = [=](float t) { return 2.0f * float(M_PI) * std::max(held(t) - start, 0.0f) / beat; };
    const auto airborne = [=](float t) { return ease(t, start + 0.2f, start + 1.1f) - ease(t, start + 1.6f, stop); };
    const auto crouch = [=](float t) { return ease(t, 0.0f, start) - ease(t, start, start + 0.35f); };
    std::vector<AnimationChannel> channels;
    add_wing_channels(channels, j, duration, [=](float t) {
        const float a = flapping(t), p = phase(t);
        WingPose pose;
        pose.rise = a * (40.0f * std::cos(p) - 8.0f);
        pose.forearm_rise = a * 22.0f * std::cos(p - 0.9f);
        pose.fold = a * 12.0f * (0.5f + 0.5f * std::sin(p));  // folds on the upstroke
        pose.close = a * 10.0f * std::sin(p);
        return pose;
    });
    channels.push_back(sampled_translation(j.hips, duration, 30.0f, [=](float t) {
        const float bob = 0.06f * airborne(t) * std::sin(phase(t));
        return glm::vec3(-0.3f, 0.98f - 0.12f * crouch(t) + 0.7f * airborne(t) + bob, 0.0f);
    }));
    channels.push_back(sampled_rotation(j.hips, duration, 30.0f, [=](float t) {
        return euler_degrees(0.0f, 0.0f, 10.0f * airborne(t) - 4.0f * crouch(t));
    }));
    channels.push_back(sampled_rotation(j.neck[0], duration, 30.0f, [=](float t) {
        return euler_degrees(0.0f, 0.0f, -8.0f * crouch(t) + 6.0f * flapping(t) * std::sin(phase(t) + 0.6f));
    }));
    channels.push_back(sampled_rotation(j.neck[1], duration, 30.0f, [=](float t) {
        return euler_degrees(0.0f, 0.0f, 12.0f * airborne(t));
    }));
    channels.push_back(sampled_rotation(j.head, duration, 30.0f, [=](float t) {
        return euler_degrees(0.0f, 0.0f, 10.0f * crouch(t) - 10.0f * airborne(t));
    }));
    channels.push_back(sampled_rotation(j.jaw, duration, 30.0f, [=](float t) {
        return euler_degrees(0.0f, 0.0f, -28.0f * (ease(t, start, start + 0.4f) - ease(t, start + 1.2f, start + 1.6f)));
    }));
    for (int k = 0; k < tail_joints; ++k)
        channels.push_back(sampled_rotation(j.tail[k], duration, 30.0f, [=](float t) {
            const float swing = std::sin(phase(t) - 0.7f * float(k));
            return euler_degrees(0.0f, 6.0f * flapping(t) * swing, -6.0f * airborne(t) + 3.0f * crouch(t));
        }));
    for (int front = 0; front < 2; ++front)
        for (int side = 0; side < 2; ++side) {
            // Off the ground the legs hang: the front ones tuck, the hind ones trail.
            const float hang = front ? 25.0f : -30.0f;
            channels.push_back(sampled_rotation(j.leg[front][side][0], duration, 30.0f, [=](float t) {
                return euler_degrees(0.0f, 0.0f, hang * airborne(t) + (front ? 10.0f : -12.0f) * crouch(t));
            }));
            channels.push_back(sampled_rotation(j.leg[front][side][1], duration, 30.0f, [=](float t) {
                return euler_degrees(0.0f, 0.0f, (front ? -35.0f : 20.0f) * airborne(t) + (front ? -20.0f : 24.0f) * crouch(t));
            }));
        }
    return make_clip("take_off", std::move(channels));
}

// Two strides on diagonal pairs of legs, the tail swinging in a wave, the wings half
// lowered; the dragon stops dead mid-stride.
AnimationClip walk(const Joints& j) {
    const float duration = 5.5f, stride = 1.2f, stop = 2.0f * stride;
    const auto phase = [=](float t) { return 2.0f * float(M_PI) * std::min(t, stop) / stride; };
    const auto going = [=](float t) { return ease(t, 0.0f, 0.8f); };
    std::vector<AnimationChannel> channels;
    for (int front = 0; front < 2; ++front)
        for (int side = 0; side < 2; ++side) {
            const float offset = (front == side) ? 0.0f : float(M_PI);  // diagonal pairs together
            channels.push_back(sampled_rotation(j.leg[front][side][0], duration, 30.0f, [=](float t) {
                return euler_degrees(0.0f, 0.0f, 24.0f * going(t) * std::sin(phase(t) + offset));
            }));
            channels.push_back(sampled_rotation(j.leg[front][side][1], duration, 30.0f, [=](float t) {
                const float lift = std::max(0.0f, std::sin(phase(t) + offset));
                return euler_degrees(0.0f, 0.0f, going(t) * (front ? -22.0f : 18.0f) * lift);
            }));
        }
    channels.push_back(sampled_translation(j.hips, duration, 30.0f, [=](float t) {
        return glm::vec3(-0.3f, 0.98f + 0.035f * going(t) * std::cos(2.0f * phase(t)), 0.0f);
    }));
    channels.push_back(sampled_rotation(j.hips, duration, 30.0f, [=](float t) {
        return euler_degrees(4.0f * going(t) * std::sin(phase(t)), 5.0f * going(t) * std::sin(phase(t)), 0.0f);
    }));
    channels.push_back(sampled_rotation(j.neck[0], duration, 30.0f, [=](float t) {
        return euler_degrees(0.0f, -10.0f * going(t) * std::sin(phase(t) - 0.5f), -4.0f * going(t) * std::cos(2.0f * phase(t)));
    }));
    channels.push_back(sampled_rotation(j.head, duration, 30.0f, [=](float t) {
        return euler_degrees(0.0f, 8.0f * going(t) * std::sin(phase(t) - 1.0f), 0.0f);
    }));
    for (int k = 0; k < tail_joints; ++k)
        channels.push_back(sampled_rotation(j.tail[k], duration, 30.0f, [=](float t) {
            return euler_degrees(0.0f, 18.0f * going(t) * std::sin(phase(t) - 0.8f * float(k)), 0.0f);
        }));
    add_wing_channels(channels, j, duration, [=](float t) {
        WingPose pose;
        pose.rise = going(t) * (-12.0f + 9.0f * std::sin(2.0f * phase(t)));
        pose.forearm_rise = going(t) * 6.0f * std::sin(2.0f * phase(t) - 0.8f);
        pose.fold = 8.0f * going(t);
        return pose;
    });
    return make_clip("walk", std::move(channels));
}

}  // namespace

BundledCharacter make_dragon() {
    CharacterRecipe recipe;
    recipe.name = "dragon";
    const Joints joints = build_rig(recipe.rig);
    recipe.shape = build_shape(joints);
    recipe.cell = cell;
    recipe.clips.push_back(take_off(joints));
    recipe.clips.push_back(walk(joints));
    DynamicParameters& p = recipe.preset.parameters;
    p.oscillation = {1.8f, 0.6f, 0.2f, 0.06f};
    p.propagation_speed = 4.0f;  // character sizes per second
    for (const auto& front : joints.leg)
        for (const auto& side : front)
            for (int leg : side) recipe.joint_settings(leg).gain = 0.0f;
    // The wings beat near the body's own frequency: with its kernel they would resonate and
    // flail. A faster, lighter ripple of their own rings after the stop instead.
    for (const Joints::Wing& wing : joints.wing) {
        std::vector<int> bones = {wing.arm, wing.forearm};
        for (const auto& finger : wing.finger) bones.insert(bones.end(), std::begin(finger), std::end(finger));
        for (int bone : bones) {
            recipe.joint_settings(bone).override_oscillation = true;
            recipe.joint_settings(bone).oscillation = {2.6f, 0.5f, 0.1f, 0.03f};
        }
    }
    return build_character(recipe);
}

}  // namespace dynskin::characters
