// A toy train: a locomotive and three wagons on a chain of joints. It drives into a left
// curve and brakes hard; the wagons follow as trailers do, their loads and the chimney
// swing, and the wheels stay rigid (bend weight 0).

#include <cmath>

#include "characters/cast/cast.h"
#include "characters/shape/clip_builder.h"

namespace dynskin::characters {
namespace {

const glm::vec3 red(0.85f, 0.15f, 0.12f), dark_red(0.55f, 0.08f, 0.08f), chassis(0.22f, 0.22f, 0.25f),
    wheel(0.1f, 0.1f, 0.1f), gold(0.95f, 0.75f, 0.2f), black(0.08f, 0.08f, 0.08f);
const glm::vec3 wagon_colors[] = {{0.2f, 0.45f, 0.9f}, {0.25f, 0.7f, 0.3f}, {0.98f, 0.75f, 0.15f}};
const glm::vec3 load_colors[] = {{0.95f, 0.45f, 0.6f}, {0.6f, 0.35f, 0.85f}, {0.3f, 0.75f, 0.85f}};
constexpr int wagons = 3;
constexpr float hitch_height = 0.22f, loco_joint_x = 0.55f, first_hitch_x = -0.08f, wagon_pitch = 1.0f;

struct Joints {
    int loco, wagon[wagons];
};

float hitch_x(int wagon) { return first_hitch_x - wagon_pitch * float(wagon); }

Joints build_rig(Rig& rig) {
    Joints j{};
    j.loco = rig.add("locomotive", -1, {loco_joint_x, hitch_height, 0.0f}, glm::vec3(1.2f, hitch_height, 0.0f));
    int parent = j.loco;
    for (int w = 0; w < wagons; ++w)
        parent = j.wagon[w] = rig.add("wagon" + std::to_string(w + 1), parent, {hitch_x(w), hitch_height, 0.0f},
                                      glm::vec3(hitch_x(w) - 0.9f, hitch_height, 0.0f));
    return j;
}

const glm::quat axis_x = glm::angleAxis(float(M_PI) / 2.0f, glm::vec3(0, 0, 1));  // a cylinder's Y onto X
const glm::quat axis_z = glm::angleAxis(float(M_PI) / 2.0f, glm::vec3(1, 0, 0));  // a cylinder's Y onto Z

void add_wheels(ImplicitShape& shape, int joint, std::initializer_list<float> xs) {
    for (float x : xs)
        for (float z : {0.22f, -0.22f}) {
            shape.parts.push_back(attach(cylinder({x, 0.15f, z}, 0.15f, 0.055f, 0.02f, wheel, axis_z), {joint}, 0.0f, 0.0f));
            shape.parts.push_back(attach(cylinder({x, 0.15f, z * 1.25f}, 0.06f, 0.04f, 0.02f, gold, axis_z), {joint}, 0.0f, 0.0f));
        }
}

ImplicitShape build_shape(const Joints& j) {
    ImplicitShape shape;
    shape.parts.push_back(attach(box({0.55f, 0.25f, 0.0f}, {0.6f, 0.06f, 0.2f}, 0.02f, chassis), {j.loco}, 0.0f, 0.0f));
    shape.parts.push_back(attach(cylinder({0.78f, 0.5f, 0.0f}, 0.22f, 0.36f, 0.04f, red, axis_x), {j.loco}, 0.03f, 0.8f));
    shape.parts.push_back(attach(box({0.22f, 0.58f, 0.0f}, {0.2f, 0.3f, 0.24f}, 0.04f, dark_red), {j.loco}, 0.03f, 0.8f));
    shape.parts.push_back(attach(box({0.22f, 0.9f, 0.0f}, {0.26f, 0.04f, 0.3f}, 0.02f, black), {j.loco}, 0.02f, 1.0f));
    shape.parts.push_back(attach(round_cone({1.0f, 0.7f, 0.0f}, 0.07f, {1.02f, 0.95f, 0.0f}, 0.1f, black), {j.loco}, 0.03f, 1.8f));
    shape.parts.push_back(attach(sphere({1.14f, 0.5f, 0.0f}, 0.08f, gold), {j.loco}, 0.02f, 0.8f));
    add_wheels(shape, j.loco, {0.2f, 0.55f, 0.9f});
    for (int w = 0; w < wagons; ++w) {
        const float front = hitch_x(w) - 0.08f, centre = front - 0.42f;
        const int joint = j.wagon[w];
        // The coupling to the vehicle in front.
        shape.parts.push_back(attach(round_cone({front + 0.2f, hitch_height, 0.0f}, 0.04f, {front - 0.05f, hitch_height, 0.0f},
                                                0.04f, chassis),
                                     {joint}, 0.0f, 0.3f));
        shape.parts.push_back(attach(box({centre, 0.25f, 0.0f}, {0.42f, 0.05f, 0.2f}, 0.02f, chassis), {joint}, 0.02f, 0.0f));
        shape.parts.push_back(attach(box({centre, 0.45f, 0.0f}, {0.4f, 0.17f, 0.24f}, 0.06f, wagon_colors[w]), {joint}, 0.03f, 1.0f));
        // A heap of cargo that sways.
        shape.parts.push_back(attach(ellipsoid({centre, 0.64f, 0.0f}, {0.33f, 0.16f, 0.19f}, load_colors[w]), {joint}, 0.04f, 1.6f));
        add_wheels(shape, joint, {centre - 0.24f, centre + 0.24f});
    }
    return shape;
}

// The locomotive's path: straight along +X, then a left arc of 70 degrees.
struct TrackPoint {
    glm::vec3 position;
    float heading;  // radians about +Y; 0 is +X
};

TrackPoint track(float s) {
    constexpr float straight = 1.2f, radius = 1.6f, arc = 70.0f * float(M_PI) / 180.0f;
    if (s < straight) return {{s, 0.0f, 0.0f}, 0.0f};
    const float a = std::min((s - straight) / radius, arc);
    const glm::vec3 at(straight + radius * std::sin(a), 0.0f, -radius * (1.0f - std::cos(a)));
    const float beyond = s - straight - radius * a;
    return {at + beyond * glm::vec3(std::cos(a), 0.0f, -std::sin(a)), a};
}

// Distance driven: speeds up, cruises, brakes hard at 4.2 s, then stands.
float distance_at(float t) {
    constexpr float cruise = 0.9f, accelerate = 0.8f, brake_at = 4.2f, brake = 0.35f;
    const float speed_up = 0.5f * cruise * accelerate;
    if (t < accelerate) return 0.5f * cruise * t * t / accelerate;
    if (t < brake_at) return speed_up + cruise * (t - accelerate);
    const float b = std::min(t - brake_at, brake);
    return speed_up + cruise * (brake_at - accelerate) + cruise * b - 0.5f * cruise * b * b / brake;
}

AnimationClip curve_and_brake(const Joints& j) {
    const float duration = 6.0f, start = -1.6f;  // starts behind its rest place, ends past it
    constexpr int steps_per_key = 8;
    constexpr float key_rate = 30.0f, step = 1.0f / (key_rate * steps_per_key);
    // Trailer kinematics: each wagon's rear axle is dragged toward its hitch.
    glm::vec3 axle[wagons];
    for (int w = 0; w < wagons; ++w) axle[w] = glm::vec3(start + hitch_x(w) - 0.8f, 0.0f, 0.0f);
    std::vector<float> times;
    std::vector<glm::vec3> loco_positions;
    std::vector<std::vector<float>> headings(wagons + 1);
    for (int n = 0;; ++n) {
        const float t = float(n) * step;
        const TrackPoint p = track(distance_at(t));
        const glm::vec3 loco = p.position + glm::vec3(start + loco_joint_x, hitch_height, 0.0f);
        float heading = p.heading;
        glm::vec3 hitch = loco;
        if (n % steps_per_key == 0) {
            times.push_back(t);
            loco_positions.push_back(loco);
            headings[0].push_back(heading);
        }
        float along = first_hitch_x - loco_joint_x;  // the hitch, behind the joint in front
        for (int w = 0; w < wagons; ++w) {
            hitch += along * glm::vec3(std::cos(heading), 0.0f, -std::sin(heading));
            const glm::vec3 pull = glm::vec3(hitch.x, 0.0f, hitch.z) - axle[w];
            axle[w] = glm::vec3(hitch.x, 0.0f, hitch.z) - 0.8f * glm::normalize(pull);
            heading = std::atan2(-pull.z, pull.x);
            if (n % steps_per_key == 0) headings[static_cast<std::size_t>(w) + 1].push_back(heading);
            along = -wagon_pitch;
        }
        if (t >= duration) break;
    }
    const auto key_of = [&](float t) { return std::min(static_cast<std::size_t>(std::lround(t * key_rate)), times.size() - 1); };
    std::vector<AnimationChannel> channels;
    channels.push_back(sampled_translation(j.loco, duration, key_rate, [&](float t) { return loco_positions[key_of(t)]; }));
    channels.push_back(sampled_rotation(j.loco, duration, key_rate, [&](float t) {
        return glm::angleAxis(headings[0][key_of(t)], glm::vec3(0, 1, 0));
    }));
    for (int w = 0; w < wagons; ++w)
        channels.push_back(sampled_rotation(j.wagon[w], duration, key_rate, [&, w](float t) {
            const std::size_t k = key_of(t);
            return glm::angleAxis(headings[static_cast<std::size_t>(w) + 1][k] - headings[static_cast<std::size_t>(w)][k],
                                  glm::vec3(0, 1, 0));
        }));
    return make_clip("curve_and_brake", std::move(channels));
}

}  // namespace

BundledCharacter make_train() {
    CharacterRecipe recipe;
    recipe.name = "train";
    const Joints joints = build_rig(recipe.rig);
    recipe.shape = build_shape(joints);
    recipe.cell = 0.052f;
    recipe.color_edge = 0.005f;
    recipe.bend_edge = 0.03f;  // steel chassis and wheels stay rigid right up to the bodies
    recipe.weights.iterations = 8;  // each vehicle is rigid but for its couplings
    recipe.clips.push_back(curve_and_brake(joints));
    recipe.preset.parameters.oscillation = {2.5f, 0.5f, 0.25f, 0.05f};
    recipe.preset.parameters.translation_gain = 2.5f;
    return build_character(recipe);
}

}  // namespace dynskin::characters
