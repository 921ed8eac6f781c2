#include "test_support.h"

#include <algorithm>
#include <cmath>

namespace dynskin::test {

Character make_bar(int joint_count, float length, float radius, int rings, int sides) {
    Character c;
    c.name = "bar";
    const float spacing = joint_count > 1 ? length / float(joint_count - 1) : 0.0f;
    for (int j = 0; j < joint_count; ++j) {
        Trs rest;
        rest.translation = glm::vec3(0.0f, j == 0 ? 0.0f : spacing, 0.0f);
        c.skeleton.add_joint("joint" + std::to_string(j), j - 1, rest);
    }
    SkinnedMesh& m = c.mesh;
    for (int r = 0; r <= rings; ++r) {
        const float y = length * float(r) / float(rings);
        const float along = joint_count > 1 ? y / spacing : 0.0f;
        const int k = std::min(static_cast<int>(along), std::max(joint_count - 2, 0));
        const float frac = joint_count > 1 ? std::clamp(along - float(k), 0.0f, 1.0f) : 0.0f;
        for (int s = 0; s < sides; ++s) {
            const float a = 2.0f * float(M_PI) * float(s) / float(sides);
            m.rest_positions.emplace_back(radius * std::cos(a), y, radius * std::sin(a));
            m.rest_normals.emplace_back(std::cos(a), 0.0f, std::sin(a));
            if (joint_count == 1)
                m.weights.add_vertex({{0u, 1.0f}});
            else
                m.weights.add_vertex({{std::uint32_t(k), 1.0f - frac}, {std::uint32_t(k + 1), frac}});
        }
    }
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < sides; ++s) {
            const std::uint32_t a = r * sides + s, b = r * sides + (s + 1) % sides;
            const std::uint32_t c0 = a + sides, d = b + sides;
            m.triangles.insert(m.triangles.end(), {a, c0, b, b, c0, d});
        }
    m.bend_weights.assign(m.vertex_count(), 1.0f);
    std::vector<glm::mat4> globals;
    forward_kinematics(c.skeleton, Pose::rest_of(c.skeleton), globals);
    for (const glm::mat4& g : globals) m.inverse_binds.push_back(glm::inverse(g));
    return c;
}

PoseSampler turn_and_stop(const Skeleton& skeleton, int joint, glm::vec3 axis, float speed, double stop) {
    return [&skeleton, joint, axis, speed, stop](double t, Pose& pose) {
        pose.local = skeleton.rest;
        const double angle = speed * std::clamp(t, 0.0, stop);
        pose.local[joint].rotation =
            glm::angleAxis(static_cast<float>(angle), glm::normalize(axis)) * skeleton.rest[joint].rotation;
    };
}

float max_distance(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b) {
    float d = 0.0f;
    for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, glm::length(a[i] - b[i]));
    return a.size() == b.size() ? d : INFINITY;
}

bool all_finite(const std::vector<glm::vec3>& points) {
    for (const glm::vec3& p : points)
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return false;
    return true;
}

}  // namespace dynskin::test
