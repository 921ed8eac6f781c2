#include <algorithm>
#include <cmath>

#include "characters/bundled_characters.h"
#include "characters/cast/cast.h"

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

Character make_tube(const std::string& name, const TubeShape& shape) {
    Character c;
    c.name = name;
    const int joints = shape.joints;
    const float spacing = shape.length / static_cast<float>(joints - 1);
    for (int j = 0; j < joints; ++j) {
        Trs rest;
        rest.translation = glm::vec3(0.0f, j == 0 ? 0.0f : spacing, 0.0f);
        if (j == 0) rest.scale = glm::vec3(shape.scale);
        c.skeleton.add_joint("bone" + std::to_string(j), j - 1, rest);
    }
    SkinnedMesh& m = c.mesh;
    const int sides = shape.sides;
    auto add_vertex = [&](glm::vec3 p, glm::vec3 n) {
        m.rest_positions.push_back(shape.scale * p);
        m.rest_normals.push_back(n);
        // Linear between the two joints around the vertex's height.
        const float along = std::clamp(p.y / spacing, 0.0f, float(joints - 1));
        const int k = std::min(static_cast<int>(along), joints - 2);
        const float frac = along - float(k);
        if (frac == 0.0f)  // on a joint: no zero weight (a glTF reader drops it)
            m.weights.add_vertex({{std::uint32_t(k), 1.0f}});
        else if (frac == 1.0f)
            m.weights.add_vertex({{std::uint32_t(k + 1), 1.0f}});
        else
            m.weights.add_vertex({{std::uint32_t(k), 1.0f - frac}, {std::uint32_t(k + 1), frac}});
        return static_cast<std::uint32_t>(m.rest_positions.size() - 1);
    };
    for (int r = 0; r <= shape.rings; ++r) {
        const float y = shape.length * float(r) / shape.rings;
        for (int s = 0; s < sides; ++s) {
            const float a = 2.0f * float(M_PI) * s / sides;
            add_vertex({shape.radius * std::cos(a), y, shape.radius * std::sin(a)}, {std::cos(a), 0.0f, std::sin(a)});
        }
    }
    for (int r = 0; r < shape.rings; ++r)
        for (int s = 0; s < sides; ++s) {
            const std::uint32_t a = r * sides + s, b = r * sides + (s + 1) % sides;
            m.triangles.insert(m.triangles.end(), {a, a + sides, b, b, a + sides, b + sides});
        }
    // Flat caps with their own vertices, so the shading stays crisp at the rims.
    for (float y : {0.0f, shape.length}) {
        const glm::vec3 normal(0.0f, y == 0.0f ? -1.0f : 1.0f, 0.0f);
        const std::uint32_t centre = add_vertex({0.0f, y, 0.0f}, normal);
        for (int s = 0; s < sides; ++s) {
            const float a = 2.0f * float(M_PI) * s / sides;
            add_vertex({shape.radius * std::cos(a), y, shape.radius * std::sin(a)}, normal);
        }
        for (int s = 0; s < sides; ++s) {
            const std::uint32_t a = centre + 1 + s, b = centre + 1 + (s + 1) % sides;
            if (y == 0.0f) m.triangles.insert(m.triangles.end(), {centre, a, b});
            else m.triangles.insert(m.triangles.end(), {centre, b, a});
        }
    }
    m.bend_weights.assign(m.vertex_count(), 1.0f);
    std::vector<glm::mat4> globals;
    forward_kinematics(c.skeleton, Pose::rest_of(c.skeleton), globals);
    for (const glm::mat4& g : globals) m.inverse_binds.push_back(glm::inverse(g));
    return c;
}

Character make_bar() {
    Character c = make_tube("bar", TubeShape{kJoints, kLength, kRadius, kRings, kSides});
    SkinnedMesh& m = c.mesh;
    const float spacing = kLength / (kJoints - 1);
    // Alternating bands, two per bone, so the bend reads along the bar. In 8-bit steps, as
    // the glb stores them.
    const auto rgb8 = [](int r, int g, int b) {
        return glm::vec4(static_cast<float>(r / 255.0), static_cast<float>(g / 255.0), static_cast<float>(b / 255.0), 1.0f);
    };
    for (const glm::vec3& p : m.rest_positions) {
        const int band = std::min(static_cast<int>(p.y / spacing * 2.0f), 2 * (kJoints - 1) - 1);
        m.colors.push_back(band % 2 == 0 ? rgb8(242, 140, 51) : rgb8(250, 204, 89));
    }
    c.clips.push_back(turn_and_stop_clip());
    return c;
}

BundledCharacter make_bar_character() {
    // The default parameters are tuned on the bar: its preset is the defaults.
    const Character bar = make_bar();
    DynamicSettings preset;
    preset.joints.resize(static_cast<std::size_t>(bar.skeleton.joint_count()));
    return {bar, preset};
}

}  // namespace dynskin::characters
