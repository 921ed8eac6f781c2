#pragma once
// A skeleton laid out in world space: joints placed where they sit inside the shape, with
// identity rest rotations, and the bone each joint carries (for automatic weights).

#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "dynskin/skeleton.h"

namespace dynskin::characters {

struct Rig {
    Skeleton skeleton;
    std::vector<glm::vec3> positions;  // rest world position of each joint
    std::vector<glm::vec3> bone_ends;  // each joint's bone runs from its position to here

    // Adds a joint at a world position. Its bone ends at `tip` when given, else at its first
    // child (or at itself, a point, while it has none). Joints must be added depth first:
    // a joint's whole subtree before its next sibling (the order glTF files are read in).
    int add(const std::string& name, int parent, glm::vec3 position, std::optional<glm::vec3> tip = std::nullopt);

    // The joint among `candidates` (every joint when empty) whose bone is nearest to p.
    int nearest_bone(const glm::vec3& p, const std::vector<int>& candidates) const;

    // Rest global transforms are pure translations, so the inverse binds are their opposites.
    std::vector<glm::mat4> inverse_binds() const;

private:
    std::vector<bool> tip_given_;
};

}  // namespace dynskin::characters
