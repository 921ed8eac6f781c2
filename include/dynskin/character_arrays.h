#pragma once
// A character from plain arrays, as an engine or a script holds its skinned mesh: the glTF
// skinning model (rest positions, per-vertex joints and weights, a skeleton of parent-local
// rest transforms, inverse bind matrices), checked, with a message naming the first problem.

#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "dynskin/character.h"

namespace dynskin {

struct CharacterArrays {
    std::string name = "character";
    std::vector<glm::vec3> positions;       // N rest positions (the bind pose, in the world)
    std::vector<std::uint32_t> triangles;   // 3 vertex indices per triangle
    // Each vertex's influences: influences_per_vertex joints and weights in a row, N rows.
    // Weights are >= 0 and sum to 1 per vertex; zero weights are ignored.
    int influences_per_vertex = 4;
    std::vector<std::int64_t> joints;
    std::vector<float> weights;
    std::vector<int> parents;             // J: each joint's parent, before it, or -1
    std::vector<glm::mat4> rest;          // J parent-local rest transforms (T R S)
    std::vector<glm::mat4> inverse_binds; // J, or empty: bound at the rest pose
    std::vector<glm::vec3> normals;       // N, or empty: computed from the triangles
    std::vector<std::string> joint_names; // J, or empty: joint0, joint1, ...
};

// Throws std::invalid_argument naming the first problem: sizes that disagree, a value that
// is not finite, a parent after its child (which also rules out cycles), a joint index out
// of range, weights that do not sum to 1, a singular rest transform, a triangle index out of
// range. Bend weights start at 1 (soft everywhere).
Character character_from_arrays(const CharacterArrays& arrays);

}  // namespace dynskin
