#include <algorithm>
#include <cmath>

#include "characters/bundled_characters.h"

namespace dynskin::characters {
namespace {

constexpr int kJoints = 5;
constexpr float kLength = 2.0f, kRadius = 0.18f;
constexpr int kRings = 40, kSides = 24;

// Turn the base 60 degrees about Z, stop, turn back past the rest, stop.
AnimationClip turn_and_stop_clip() {
    AnimationClip clip;
    clip.name = "turn_and_stop";
    AnimationChannel ch;
    ch.joint = 0;
    ch.path = ChannelPath::Rotation;
    ch.interpolation = Interpolation::Linear;
    const float keys[][2] = {{0.0f, 0.0f}, {0.5f, 60.0f}, {2.0f, 60.0f}, {2.6f, -30.0f}, {4.0f, -30.0f}};
    for (const auto& [time, degrees] : keys) {
        ch.times.push_back(time);
        const glm::quat q = glm::angleAxis(glm::radians(degrees), glm::vec3(0, 0, 1));
        ch.values.insert(ch.values.end(), {q.x, q.y, q.z, q.w});
    }
    clip.channels.push_back(ch);
    clip.duration = ch.times.back();
    return clip;
}

}  // namespace

Character make_bar() {
    Character c;
    c.name = "bar";
    const float spacing = kLength / (kJoints - 1);
    for (int j = 0; j < kJoints; ++j) {
        Trs rest;
        rest.translation = glm::vec3(0.0f, j == 0 ? 0.0f : spacing, 0.0f);
        c.skeleton.add_joint("bone" + std::to_string(j), j - 1, rest);
    }
    SkinnedMesh& m = c.mesh;
    auto add_vertex = [&](glm::vec3 p, glm::vec3 n) {
        m.rest_positions.push_back(p);
        m.rest_normals.push_back(n);
        // Linear between the two joints around the vertex's height.
        const float along = std::clamp(p.y / spacing, 0.0f, float(kJoints - 1));
        const int k = std::min(static_cast<int>(along), kJoints - 2);
        const float frac = along - float(k);
        m.weights.add_vertex({{std::uint32_t(k), 1.0f - frac}, {std::uint32_t(k + 1), frac}});
        return static_cast<std::uint32_t>(m.rest_positions.size() - 1);
    };
    for (int r = 0; r <= kRings; ++r) {
        const float y = kLength * float(r) / kRings;
        for (int s = 0; s < kSides; ++s) {
            const float a = 2.0f * float(M_PI) * s / kSides;
            add_vertex({kRadius * std::cos(a), y, kRadius * std::sin(a)}, {std::cos(a), 0.0f, std::sin(a)});
        }
    }
    for (int r = 0; r < kRings; ++r)
        for (int s = 0; s < kSides; ++s) {
            const std::uint32_t a = r * kSides + s, b = r * kSides + (s + 1) % kSides;
            m.triangles.insert(m.triangles.end(), {a, a + kSides, b, b, a + kSides, b + kSides});
        }
    // Flat caps with their own vertices, so the shading stays crisp at the rims.
    for (float y : {0.0f, kLength}) {
        const glm::vec3 normal(0.0f, y == 0.0f ? -1.0f : 1.0f, 0.0f);
        const std::uint32_t centre = add_vertex({0.0f, y, 0.0f}, normal);
        for (int s = 0; s < kSides; ++s) {
            const float a = 2.0f * float(M_PI) * s / kSides;
            add_vertex({kRadius * std::cos(a), y, kRadius * std::sin(a)}, normal);
        }
        for (int s = 0; s < kSides; ++s) {
            const std::uint32_t a = centre + 1 + s, b = centre + 1 + (s + 1) % kSides;
            if (y == 0.0f) m.triangles.insert(m.triangles.end(), {centre, a, b});
            else m.triangles.insert(m.triangles.end(), {centre, b, a});
        }
    }
    m.bend_weights.assign(m.vertex_count(), 1.0f);
    std::vector<glm::mat4> globals;
    forward_kinematics(c.skeleton, Pose::rest_of(c.skeleton), globals);
    for (const glm::mat4& g : globals) m.inverse_binds.push_back(glm::inverse(g));
    c.clips.push_back(turn_and_stop_clip());
    return c;
}

}  // namespace dynskin::characters
