#include "wild_rig.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>

namespace dynskin::test {
namespace {

constexpr float kBone = 0.4f;     // metres between joints
constexpr float kStart = -0.2f;   // where the tube starts and ends along its axis, metres
constexpr float kEnd = 1.8f;
constexpr float kRadius = 0.15f;
constexpr int kRings = 21, kSegments = 12;
constexpr float kPi = 3.14159265f;

struct Keys {
    std::vector<float> times;
    std::vector<float> values;
};

void add_channel(GltfWriter& w, nlohmann::json& animation, int node, const char* path, const Keys& keys,
                 const char* interpolation = "LINEAR") {
    const int input = w.add_floats(keys.times, "SCALAR");
    const std::size_t width = keys.values.size() / keys.times.size();
    const int output = w.add_floats(keys.values, width == 4 ? "VEC4" : "VEC3");
    const int sampler = static_cast<int>(animation["samplers"].size());
    animation["samplers"].push_back({{"input", input}, {"output", output}, {"interpolation", interpolation}});
    animation["channels"].push_back({{"sampler", sampler}, {"target", {{"node", node}, {"path", path}}}});
}

void push_quat(std::vector<float>& values, const glm::quat& q) { values.insert(values.end(), {q.x, q.y, q.z, q.w}); }

}  // namespace

GltfWriter wild_rig(const WildRigOptions& o) {
    GltfWriter w;
    const float u = o.units;
    // The creature's axis and the axis it bends about, in the armature's own frame.
    const glm::vec3 axis = o.z_up_matrix ? glm::vec3(0, 0, 1) : glm::vec3(0, 1, 0);
    const glm::vec3 side(1, 0, 0);
    const glm::vec3 across = glm::cross(axis, side);
    const glm::quat rest_bend =
        o.bind_far_from_rest ? glm::angleAxis(40.0f * kPi / 180.0f, side) : glm::quat(1, 0, 0, 0);

    // The tube, stored in the bind pose (straight along the axis), in stored units.
    std::vector<glm::vec3> positions, normals;
    std::vector<std::uint16_t> joints;
    std::vector<float> weights;
    auto add_vertex = [&](float s, glm::vec3 radial, glm::vec3 normal) {
        positions.push_back(u * (s * axis + radial));
        normals.push_back(normal);
        // Hat functions around each bone's middle, the two largest kept.
        std::vector<std::pair<float, int>> hats;
        for (int k = 0; k < o.bones; ++k) {
            const float middle = (static_cast<float>(k) + 0.5f) * kBone;
            const float clamped = std::clamp(s, 0.5f * kBone, (static_cast<float>(o.bones) - 0.5f) * kBone);
            hats.emplace_back(std::max(0.0f, 1.0f - std::abs(clamped - middle) / kBone), k);
        }
        std::sort(hats.rbegin(), hats.rend());
        const float sum = hats[0].first + (hats.size() > 1 ? hats[1].first : 0.0f);
        joints.insert(joints.end(), {static_cast<std::uint16_t>(hats[0].second),
                                     static_cast<std::uint16_t>(hats.size() > 1 ? hats[1].second : 0), 0, 0});
        weights.insert(weights.end(), {hats[0].first / sum, hats.size() > 1 ? hats[1].first / sum : 0.0f, 0, 0});
    };
    for (int r = 0; r < kRings; ++r) {
        const float s = kStart + (kEnd - kStart) * static_cast<float>(r) / static_cast<float>(kRings - 1);
        for (int k = 0; k < kSegments; ++k) {
            const float a = 2.0f * kPi * static_cast<float>(k) / kSegments;
            const glm::vec3 radial = std::cos(a) * side + std::sin(a) * across;
            add_vertex(s, kRadius * radial, radial);
        }
    }
    const auto first_cap = static_cast<std::uint16_t>(positions.size());
    add_vertex(kStart - kRadius, glm::vec3(0.0f), -axis);
    add_vertex(kEnd + kRadius, glm::vec3(0.0f), axis);
    std::vector<std::uint16_t> indices;
    for (int r = 0; r + 1 < kRings; ++r)
        for (int k = 0; k < kSegments; ++k) {
            const auto a = static_cast<std::uint16_t>(r * kSegments + k);
            const auto b = static_cast<std::uint16_t>(r * kSegments + (k + 1) % kSegments);
            const auto c = static_cast<std::uint16_t>(a + kSegments), d = static_cast<std::uint16_t>(b + kSegments);
            indices.insert(indices.end(), {a, b, d, a, d, c});
        }
    for (int k = 0; k < kSegments; ++k) {
        const auto next = static_cast<std::uint16_t>((k + 1) % kSegments);
        const auto last = static_cast<std::uint16_t>((kRings - 1) * kSegments);
        indices.insert(indices.end(), {first_cap, next, static_cast<std::uint16_t>(k)});
        indices.insert(indices.end(), {static_cast<std::uint16_t>(first_cap + 1), static_cast<std::uint16_t>(last + k),
                                       static_cast<std::uint16_t>(last + next)});
    }
    const nlohmann::json attributes = {{"POSITION", w.add_vec3(positions)},
                                       {"NORMAL", w.add_vec3(normals)},
                                       {"JOINTS_0", w.add_integers(joints, kUnsignedShort, "VEC4")},
                                       {"WEIGHTS_0", w.add_floats(weights, "VEC4")}};
    w.add_mesh({{{"attributes", attributes}, {"indices", w.add_integers(indices, kUnsignedShort, "SCALAR")}}});

    // Nodes: 0 the armature, 1.. the joints (a chain), then the skinned mesh node.
    glm::mat4 armature = glm::scale(glm::mat4(1.0f), glm::vec3(1.0f / u));
    if (o.z_up_matrix) armature = glm::rotate(glm::mat4(1.0f), -0.5f * kPi, side) * armature;
    nlohmann::json matrix = nlohmann::json::array();
    for (int e = 0; e < 16; ++e) matrix.push_back(armature[e / 4][e % 4]);
    w.add_node({{"name", "Armature"}, {"matrix", matrix}, {"children", {1}}});
    std::vector<glm::mat4> inverse_binds;
    for (int k = 0; k < o.bones; ++k) {
        nlohmann::json node = {{"name", "bone" + std::to_string(k)}};
        const glm::vec3 offset = k == 0 ? glm::vec3(0.0f) : u * kBone * axis;
        if (k > 0) node["translation"] = {offset.x, offset.y, offset.z};
        if (k > 0 && o.bind_far_from_rest) node["rotation"] = {rest_bend.x, rest_bend.y, rest_bend.z, rest_bend.w};
        if (k + 1 < o.bones) node["children"] = {k + 2};
        w.add_node(node);
        // Bound straight, relative to the armature (whose scale and turn are not in the bind).
        inverse_binds.push_back(glm::translate(glm::mat4(1.0f), -u * kBone * static_cast<float>(k) * axis));
    }
    const int mesh_node = w.add_node({{"name", "creature"}, {"mesh", 0}, {"skin", 0}});
    nlohmann::json skin_joints = nlohmann::json::array();
    for (int k = 0; k < o.bones; ++k) skin_joints.push_back(k + 1);
    w.json["skins"] = nlohmann::json::array(
        {{{"joints", skin_joints}, {"inverseBindMatrices", w.add_mat4(inverse_binds)}, {"skeleton", 0}}});
    w.set_scene({0, mesh_node});

    if (o.clip == WildClip::None) return w;
    nlohmann::json animation = {{"samplers", nlohmann::json::array()}, {"channels", nlohmann::json::array()}};
    auto bend = [&](float degrees) { return rest_bend * glm::angleAxis(degrees * kPi / 180.0f, side); };
    if (o.clip == WildClip::Swing) {
        animation["name"] = "swing";
        Keys keys{{0.0f, 0.5f, 1.0f, 1.5f}, {}};
        for (float degrees : {0.0f, 60.0f, 0.0f, 0.0f}) push_quat(keys.values, bend(degrees));
        add_channel(w, animation, 2, "rotation", keys);
        add_channel(w, animation, 3, "rotation", keys);
    } else if (o.clip == WildClip::Short) {
        animation["name"] = "short";
        Keys keys{{0.0f, 0.05f, 0.1f}, {}};
        for (float degrees : {0.0f, 170.0f, 0.0f}) push_quat(keys.values, bend(degrees));
        add_channel(w, animation, 2, "rotation", keys);
    } else {
        animation["name"] = "violent";
        // The root falls over (a quarter turn in 0.3 s) while dropping 1 m, then teleports
        // 3 m sideways at 0.8 s (a STEP key).
        Keys fall{{0.0f, 0.3f}, {}};
        push_quat(fall.values, glm::quat(1, 0, 0, 0));
        push_quat(fall.values, glm::angleAxis(0.5f * kPi, side));
        add_channel(w, animation, 1, "rotation", fall);
        Keys drop{{0.0f, 0.1f, 0.2f, 0.3f, 0.8f, 1.2f}, {}};
        for (float t : drop.times) {
            const glm::vec3 at = u * (-std::min(t, 0.3f) * std::min(t, 0.3f) / 0.09f * axis + (t >= 0.8f ? 3.0f : 0.0f) * side);
            drop.values.insert(drop.values.end(), {at.x, at.y, at.z});
        }
        add_channel(w, animation, 1, "translation", drop, "STEP");
        // The second joint spins about the creature's axis at 30 rad/s for 0.6 s, then stops dead.
        Keys spin{{}, {}};
        for (int k = 0; k <= 36; ++k) {
            const float t = 0.6f * static_cast<float>(k) / 36.0f;
            spin.times.push_back(t);
            push_quat(spin.values, rest_bend * glm::angleAxis(30.0f * t, axis));
        }
        add_channel(w, animation, 2, "rotation", spin);
        // The third snaps between straight and folded every 0.1 s.
        Keys snap{{}, {}};
        for (int k = 0; k <= 12; ++k) {
            snap.times.push_back(0.1f * static_cast<float>(k));
            push_quat(snap.values, bend(k % 2 ? 170.0f : 0.0f));
        }
        add_channel(w, animation, 3, "rotation", snap, "STEP");
    }
    w.json["animations"] = nlohmann::json::array({animation});
    return w;
}

}  // namespace dynskin::test
