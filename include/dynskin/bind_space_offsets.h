#pragma once
// The bind-space morph offsets that make a plain LBS player (any glTF viewer) show a given
// deformed skin. A glTF viewer adds morph targets to the rest vertex, then skins:
//   shown_i = A_i (rest_i + o_i) + b_i,  with (A_i, b_i) = sum_j w_ij S_j,
// so o_i = A_i^-1 (final_i - LBS_i(rest_i)) reproduces final_i exactly, whatever made it
// (the bend, DQS or dLBS base). Normals likewise: rest normal + dn_i = A_i^-1 final normal,
// which the viewer turns back into the final normal's direction.

#include <vector>

#include <glm/glm.hpp>

#include "dynskin/skinned_mesh.h"

namespace dynskin {

// skinning: S_j = G_j B_j^-1 of the pose the viewer plays at that frame. positions and
// normals: the final skin (one per vertex). normal_offsets may be null (not wanted).
// A vertex whose blended matrix is singular gets a zero offset (it cannot be reached).
void bind_space_offsets(const SkinnedMesh& mesh, const std::vector<glm::mat4>& skinning,
                        const std::vector<glm::vec3>& positions, const std::vector<glm::vec3>& normals,
                        std::vector<glm::vec3>& position_offsets, std::vector<glm::vec3>* normal_offsets);

}  // namespace dynskin
