#include "characters/shape/rig.h"

#include <limits>

#include <glm/gtc/matrix_transform.hpp>

namespace dynskin::characters {
namespace {

float distance_to_segment(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b) {
    const glm::vec3 ab = b - a;
    const float length2 = glm::dot(ab, ab);
    const float t = length2 > 0.0f ? glm::clamp(glm::dot(p - a, ab) / length2, 0.0f, 1.0f) : 0.0f;
    return glm::length(p - (a + t * ab));
}

}  // namespace

int Rig::add(const std::string& name, int parent, glm::vec3 position, std::optional<glm::vec3> tip) {
    Trs rest;
    rest.translation = parent < 0 ? position : position - positions[static_cast<std::size_t>(parent)];
    const int joint = skeleton.add_joint(name, parent, rest);
    positions.push_back(position);
    bone_ends.push_back(tip.value_or(position));
    tip_given_.push_back(tip.has_value());
    if (parent >= 0 && !tip_given_[static_cast<std::size_t>(parent)]) {
        bone_ends[static_cast<std::size_t>(parent)] = position;
        tip_given_[static_cast<std::size_t>(parent)] = true;  // the first child decides
    }
    return joint;
}

int Rig::nearest_bone(const glm::vec3& p, const std::vector<int>& candidates) const {
    int best = 0;
    float best_distance = std::numeric_limits<float>::max();
    const auto consider = [&](int j) {
        const float d = distance_to_segment(p, positions[static_cast<std::size_t>(j)], bone_ends[static_cast<std::size_t>(j)]);
        if (d < best_distance) {
            best_distance = d;
            best = j;
        }
    };
    if (candidates.empty())
        for (int j = 0; j < skeleton.joint_count(); ++j) consider(j);
    for (int j : candidates) consider(j);
    return best;
}

std::vector<glm::mat4> Rig::inverse_binds() const {
    std::vector<glm::mat4> binds;
    for (const glm::vec3& p : positions) binds.push_back(glm::translate(glm::mat4(1.0f), -p));
    return binds;
}

}  // namespace dynskin::characters
