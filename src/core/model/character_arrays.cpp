#include "dynskin/character_arrays.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace dynskin {
namespace {

[[noreturn]] void refuse(const std::string& problem) { throw std::invalid_argument(problem); }

std::string count(std::size_t n) { return std::to_string(n); }

bool finite(const glm::vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

}  // namespace

Character character_from_arrays(const CharacterArrays& a) {
    Character c;
    c.name = a.name;
    const std::size_t joint_count = a.parents.size();
    if (joint_count == 0) refuse("there is no joint: a character needs at least one");
    if (a.rest.size() != joint_count) refuse(count(a.rest.size()) + " rest transforms for " + count(joint_count) + " joints");
    if (!a.joint_names.empty() && a.joint_names.size() != joint_count)
        refuse(count(a.joint_names.size()) + " joint names for " + count(joint_count) + " joints");
    for (std::size_t j = 0; j < joint_count; ++j) {
        const int parent = a.parents[j];
        if (parent >= int(j) || parent < -1)
            refuse("joint " + count(j) + "'s parent is " + std::to_string(parent) +
                   ": each parent must come before its child (or be -1), which also rules out cycles");
        Trs local;
        if (!decompose(glm::dmat4(a.rest[j]), local)) refuse("joint " + count(j) + "'s rest transform is singular or not finite");
        c.skeleton.add_joint(a.joint_names.empty() ? "joint" + count(j) : a.joint_names[j], parent, local);
    }

    SkinnedMesh& mesh = c.mesh;
    const std::size_t n = a.positions.size();
    if (n == 0) refuse("there is no vertex");
    for (std::size_t i = 0; i < n; ++i)
        if (!finite(a.positions[i])) refuse("vertex " + count(i) + "'s position is not finite");
    mesh.rest_positions = a.positions;
    if (a.triangles.size() % 3 != 0) refuse("the triangle index count is not a multiple of 3");
    for (std::uint32_t v : a.triangles)
        if (v >= n) refuse("a triangle refers to vertex " + count(v) + " of " + count(n));
    mesh.triangles = a.triangles;
    if (a.normals.empty()) {
        mesh.rest_normals = compute_vertex_normals(mesh.rest_positions, mesh.triangles);
    } else {
        if (a.normals.size() != n) refuse(count(a.normals.size()) + " normals for " + count(n) + " vertices");
        mesh.rest_normals = a.normals;
    }

    const std::size_t k = std::size_t(std::max(a.influences_per_vertex, 0));
    if (k == 0 || a.joints.size() != n * k || a.weights.size() != n * k)
        refuse("joints and weights need " + count(n) + " x " + count(k) + " entries, not " + count(a.joints.size()) +
               " and " + count(a.weights.size()));
    for (std::size_t i = 0; i < n; ++i) {
        std::vector<std::pair<std::uint32_t, float>> influences;
        float sum = 0.0f;
        for (std::size_t e = i * k; e < (i + 1) * k; ++e) {
            const float w = a.weights[e];
            if (!std::isfinite(w) || w < 0.0f) refuse("vertex " + count(i) + " has a negative or non-finite weight");
            if (w == 0.0f) continue;
            if (a.joints[e] < 0 || a.joints[e] >= std::int64_t(joint_count))
                refuse("vertex " + count(i) + " is weighted to joint " + std::to_string(a.joints[e]) + " of " + count(joint_count));
            influences.emplace_back(std::uint32_t(a.joints[e]), w);
            sum += w;
        }
        if (std::abs(sum - 1.0f) > 1e-3f) refuse("vertex " + count(i) + "'s weights sum to " + std::to_string(sum) + ", not 1");
        mesh.weights.add_vertex(influences);
    }

    if (a.inverse_binds.empty()) {  // bound at the rest pose
        std::vector<glm::mat4> globals;
        forward_kinematics(c.skeleton, Pose::rest_of(c.skeleton), globals);
        for (const glm::mat4& g : globals) mesh.inverse_binds.push_back(glm::inverse(g));
    } else {
        if (a.inverse_binds.size() != joint_count)
            refuse(count(a.inverse_binds.size()) + " inverse binds for " + count(joint_count) + " joints");
        mesh.inverse_binds = a.inverse_binds;
    }
    mesh.bend_weights.assign(n, 1.0f);
    const std::string problem = c.validate();
    if (!problem.empty()) refuse(problem);
    return c;
}

}  // namespace dynskin
