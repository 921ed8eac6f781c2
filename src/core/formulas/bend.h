#pragma once
// The offsets added to the base skinning, per vertex i and joint j of its beta row.
// The bend: the vertex turns about the joint's origin o_j, about the axis of its drive
// W_ij = W_j + (phi_i - 1) W_j^drag (phi_i: the floppy layer, scaling the drag part), by
// theta = -gamma_i s_j |W_ij x u| / L with u = p_i - o_j, weighted by beta_ij:
//   d_i = sum_j beta_ij (Rot(W_ij/|W_ij|, theta) u - u)
// plus the translation term, a lag of the skin behind a joint whose translation moves,
// growing with the distance to the joint:  d_i -= sum_j beta_ij gamma_i s_j (|u| / L) V_ij,
// plus Velocity Skinning's squash & stretch (squash.h), scaled by the squash layer sigma_i.
// Normals are transformed by the cofactor of the deformation's Jacobian, which is exact
// for the deformation field, needs no mesh adjacency (so it also runs in a vertex shader)
// and keeps hard edges and seams of split vertices.

#include <cmath>
#include <string>
#include <vector>

#include "core/dynamics/joint_drive.h"
#include "core/support/soft_limit.h"
#include "dynskin/hierarchical_weights.h"

namespace dynskin {

// Ground contact (docs/method.md, "Ground contact"): the plane of the points p with
// up . p = height (up a unit vector) and the band b (units) over which offsets fade in above it.
struct GroundFade {
    float band = 0.0f;  // b, units; <= 0 or infinite: no fade
    float height = 0.0f;
    glm::vec3 up{0.0f, 1.0f, 0.0f};
    bool on() const { return band > 0.0f && std::isfinite(band) && std::isfinite(height); }
};

struct BendInputs {
    const HierarchicalWeights& betas;
    const std::vector<float>& bend_weights;  // gamma_i, one per vertex
    const std::vector<JointDrive>& drives;   // one per joint
    float size = 1.0f;       // L, > 0
    float max_angle = 0.0f;  // soft limit; <= 0 or infinite: none
    const std::vector<float>* floppy_weights = nullptr;  // phi_i; null or empty: all 1
    const std::vector<float>* squash_weights = nullptr;  // sigma_i; null or empty: all 1
    float squash = 0.0f;     // S, seconds
    SquashCenter squash_center = SquashCenter::Axis;
    float max_offset = 0.0f; // soft limit of a vertex's whole offset, in sizes L; <= 0 or infinite: none
    GroundFade ground;       // after the limit: offsets near the ground fade out

    // Empty when the inputs fit a skin of vertex_count vertices whose weights name joints
    // below joint_count (the layers and weights one per vertex, a drive per joint, a
    // positive size), else the problem in words.
    std::string problem(std::size_t vertex_count, std::size_t joint_count) const;
};

// positions/normals: the base skinning result in, the final result out. The plain version
// the SIMD kernels (bend_simd.h) are tested against. Throws std::invalid_argument with
// BendInputs::problem when the inputs do not fit the skin.
void apply_bend(const BendInputs& inputs, std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals);

// The bend's two terms for one joint, each the one definition every path follows (the SIMD
// kernel in fast/bend_simd.cpp and the vertex shader restate them lane by lane; the
// reference deformer calls them; docs/method.md maps where). u = p - o_j, k = gamma_i s_j / L.
//
// The turn: u rotated about the drive's axis w^ by theta = soft_limit(-k |w x u|, max_angle),
// d = beta (Rot(w^, theta) u - u), added to offset; with a jacobian, its derivative in p
// (R - I) + (w^ x R u) grad(theta)^T, times beta, added too. False when nothing turns (a
// still drive, theta 0 or not finite).
bool add_turn(const glm::vec3& w, float k, float max_angle, float beta, const glm::vec3& u, glm::vec3& offset,
              glm::mat3* jacobian);

// The translation term, a lag behind a joint whose translation moves, growing with the
// distance: d = -beta k |u| v, and its derivative -beta k v (u / |u|)^T. False when v is 0
// or the lag is not finite.
bool add_lag(const glm::vec3& v, float k, float beta, const glm::vec3& u, glm::vec3& offset, glm::mat3* jacobian);

// soft_limit of a vertex's whole offset's length, limit > 0, applied to the offset and its
// Jacobian (I + D):  d' = s d,  J' = I + s D + (slope - s) d^ (d^T D),  s = limited / |d|.
// Returns false, changing nothing, below the knee.
bool limit_offset(float limit, glm::vec3& offset, glm::mat3& jacobian);

// The ground contact's fade of a vertex's whole offset d at base position p, ground.on():
// with h = up . p - height, x = clamp((h - b/4) / (3b/4), 0, 1) and a = x^2 (3 - 2x),
//   d' = a d,  J' = I + a D + a'(h) d up^T  (D = J - I).
// Returns false, changing nothing, where a = 1 (at or above b).
bool fade_near_ground(const GroundFade& ground, const glm::vec3& p, glm::vec3& offset, glm::mat3& jacobian);

// The cofactor matrix times n: the normal transformed by J^-T, scaled by det(J).
glm::vec3 cofactor_transform(const glm::mat3& jacobian, const glm::vec3& normal);

}  // namespace dynskin
