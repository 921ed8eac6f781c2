#include "fast_path_support.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <hwy/targets.h>

#include "dynskin/pose.h"
#include "simd_targets.h"

namespace dynskin::test {

Character make_tree_character(std::size_t vertex_count, bool shuffled) {
    Character c;
    c.skeleton.add_joint("root", -1, Trs{});
    for (int j = 1; j < 12; ++j) {
        Trs rest;
        rest.translation = glm::vec3(0.1f * float(j % 3) - 0.1f, 0.3f, 0.05f * float(j % 2));
        rest.rotation = glm::angleAxis(0.2f * float(j), glm::normalize(glm::vec3(1, j, 2)));
        c.skeleton.add_joint("j" + std::to_string(j), (j - 1) / 2, rest);
    }
    std::vector<glm::mat4> globals;
    forward_kinematics(c.skeleton, Pose::rest_of(c.skeleton), globals);
    std::mt19937 random(7);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f), around(-0.1f, 0.1f);
    std::vector<std::size_t> order(vertex_count);
    std::iota(order.begin(), order.end(), 0);
    if (shuffled) std::shuffle(order.begin(), order.end(), random);
    SkinnedMesh& m = c.mesh;
    m.rest_positions.resize(vertex_count);
    m.rest_normals.resize(vertex_count);
    std::vector<std::vector<std::pair<std::uint32_t, float>>> influences(vertex_count);
    for (std::size_t k = 0; k < vertex_count; ++k) {
        const std::size_t i = order[k];
        const int joint = static_cast<int>(k * 12 / vertex_count);
        m.rest_positions[i] = glm::vec3(globals[joint][3]) + glm::vec3(around(random), around(random), around(random));
        m.rest_normals[i] = glm::normalize(glm::vec3(around(random), 0.05f, around(random)));
        const int count = 1 + static_cast<int>(k % 5);
        float total = 0.0f;
        for (int e = 0; e < count; ++e) {
            const int j = e == 0 ? joint : std::min(11, std::max(0, joint + e - 2));
            const float w = e == 3 ? 0.0f : 0.2f + unit(random);
            influences[i].emplace_back(std::uint32_t(j), w);
            total += w;
        }
        for (auto& [j, w] : influences[i]) w /= total;
    }
    for (const auto& row : influences) m.weights.add_vertex(row);
    m.bend_weights.resize(vertex_count);
    for (std::size_t i = 0; i < vertex_count; ++i) m.bend_weights[i] = i % 11 == 0 ? 0.0f : 1.5f - float(i % 7) * 0.4f;
    for (const glm::mat4& g : globals) m.inverse_binds.push_back(glm::inverse(g));
    return c;
}

int on_every_simd_target(const char* kernel, const std::function<void()>& check) {
    const std::int64_t forced = forced_simd_target();
    int tested = 0;
    for (const std::int64_t target : runnable_simd_targets()) {
        if (forced != 0 && target != forced) continue;  // a run forced to one target tests that one
        hwy::SetSupportedTargetsForTest(target);
        SCOPED_TRACE(hwy::TargetName(target));
        std::printf("%s kernel on %s\n", kernel, hwy::TargetName(target));
        check();
        ++tested;
    }
    hwy::SetSupportedTargetsForTest(forced);
    return tested;
}

int simd_targets_under_test() {
    return forced_simd_target() != 0 ? 1 : static_cast<int>(runnable_simd_targets().size());
}

}  // namespace dynskin::test
