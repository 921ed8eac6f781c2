#include "synthetic_character.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace dynskin::bench {

Character make_synthetic_character(std::size_t vertex_count, unsigned seed) {
    constexpr int kChains = 7, kChainLength = 9;
    Character c;
    c.name = "synthetic";
    c.skeleton.add_joint("root", -1, Trs{});
    for (int chain = 0; chain < kChains; ++chain) {
        const float angle = 2.0f * float(M_PI) * chain / kChains;
        const glm::vec3 direction(std::cos(angle), 0.3f, std::sin(angle));
        int parent = 0;
        for (int k = 0; k < kChainLength; ++k) {
            Trs rest;
            rest.translation = k == 0 ? 0.2f * direction : glm::vec3(0.0f, 0.15f, 0.0f);
            parent = c.skeleton.add_joint("chain" + std::to_string(chain) + "_" + std::to_string(k), parent, rest);
        }
    }
    std::vector<glm::mat4> globals;
    forward_kinematics(c.skeleton, Pose::rest_of(c.skeleton), globals);

    std::mt19937 random(seed);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f), around(-0.04f, 0.04f);
    SkinnedMesh& m = c.mesh;
    m.rest_positions.reserve(vertex_count);
    m.rest_normals.reserve(vertex_count);
    for (std::size_t i = 0; i < vertex_count; ++i) {
        // Each bone's skin is a run of consecutive vertices, as in a real mesh.
        const int bone = static_cast<int>(i * (kChains * kChainLength) / vertex_count);
        const int chain = bone / kChainLength, depth = bone % kChainLength;
        const int joint = 1 + chain * kChainLength + depth;
        const glm::vec3 q(globals[joint][3]);
        const glm::vec3 offset(around(random), around(random) + 0.075f, around(random));
        m.rest_positions.push_back(q + offset);
        m.rest_normals.push_back(glm::normalize(offset));
        // Four neighbouring joints of the chain, the vertex's own joint weighing most.
        const int first = 1 + chain * kChainLength;
        const int window = first + std::clamp(depth - 1, 0, kChainLength - 4);
        const float own = 0.4f + 0.2f * unit(random);
        std::vector<std::pair<std::uint32_t, float>> influences;
        for (int k = 0; k < 4; ++k) {
            const int j = window + k;
            influences.emplace_back(std::uint32_t(j), j == joint ? own : (1.0f - own) / 3.0f);
        }
        m.weights.add_vertex(influences);
    }
    m.bend_weights.assign(vertex_count, 1.0f);
    for (const glm::mat4& g : globals) m.inverse_binds.push_back(glm::inverse(g));
    return c;
}

PoseSampler all_joints_moving(const Skeleton& skeleton) {
    return [&skeleton](double t, Pose& pose) {
        pose.local = skeleton.rest;
        for (int j = 0; j < skeleton.joint_count(); ++j) {
            const glm::vec3 axis = glm::normalize(glm::vec3(std::sin(j * 1.3f), 1.0f, std::cos(j * 0.7f)));
            const float angle = 0.3f * float(std::sin(2.0 * M_PI * (0.5 + 0.05 * j) * t));
            pose.local[j].rotation = glm::angleAxis(angle, axis) * skeleton.rest[j].rotation;
        }
        pose.local[0].translation = glm::vec3(0.2f * float(std::sin(3.0 * t)), 0.0f, 0.0f);
    };
}

}  // namespace dynskin::bench
