#pragma once
// The base deformations: p_i = sum_j w_ij G_j B_j^-1 r_i (LBS), or the same weights blending
// unit dual quaternions (DQS, no candy-wrapper collapse; scale is not blended).

#include <vector>

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "dynskin/skinned_mesh.h"

namespace dynskin {

// The rotation of a transform with its scale removed per axis (degenerate axes kept).
glm::quat rigid_rotation(const glm::mat4& m);

// v / |v|, or fallback where v has no usable length (zero, tiny or not finite).
glm::vec3 normalized_or(const glm::vec3& v, const glm::vec3& fallback);

// skinning[j] = globals[j] * inverse_binds[j]
void skinning_matrices(const std::vector<glm::mat4>& globals, const std::vector<glm::mat4>& inverse_binds,
                       std::vector<glm::mat4>& skinning);

// One vertex through a blended skinning matrix: the position, and the normal by the
// cofactor of the linear part (the inverse transpose up to scale: right under non-uniform
// scale), renormalised (kept as it was where the matrix is degenerate).
void skin_vertex(const glm::mat4& blended, const glm::vec3& rest_position, const glm::vec3& rest_normal,
                 glm::vec3& position, glm::vec3& normal);

// rest: the shape to skin (the morphed rest, morphed_rest.h); null: the mesh's own rest.
void linear_blend_skinning(const SkinnedMesh& mesh, const std::vector<glm::mat4>& skinning,
                           std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals,
                           const RestShape* rest = nullptr);

void dual_quaternion_skinning(const SkinnedMesh& mesh, const std::vector<glm::mat4>& skinning,
                              std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals,
                              const RestShape* rest = nullptr);

}  // namespace dynskin
