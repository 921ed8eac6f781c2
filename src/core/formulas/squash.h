#pragma once
// Velocity Skinning's squash & stretch, one joint's share for one vertex. A joint moving at
// velocity v stretches the skin it carries along v about its centroid c_j and thins it
// across, at constant volume: M = (e - 1) v^ v^T + (1/sqrt(e) - 1) (I - v^ v^T), offset
// beta M (p - c_j), e = stretch(k |v|). A turning joint (angular velocity w, the part across
// the medial axis m) stretches each vertex along its own direction of travel e1 = m x w^
// by its own speed |w x u|, thinning along e2 = m x e1 so that the cross-section keeps its
// area (the Axis centre), or stretches the whole region along the velocity of its centroid
// like a translation (the Centroid centre). k = S sigma_i s_j / L.

#include <glm/glm.hpp>

#include "core/dynamics/joint_drive.h"
#include "dynskin/settings.h"

namespace dynskin {

// The stretch e(x) = exp(m tanh(x / m)), m = ln(kMaxStretch): 1 + x for small x, smooth,
// and never beyond kMaxStretch or below its inverse, whatever the speed (negative x
// squashes along the motion instead).
constexpr float kMaxStretch = 3.0f;
// m = ln(kMaxStretch), computed once here for every path that stretches.
extern const float kStretchLimit;
struct Stretch {
    float factor;  // e
    float slope;   // de/dx
};
Stretch stretch(float x);

// Adds beta times joint d's squash of the vertex at p to offset and its derivative in p to
// jacobian. k as above; nothing when the joint's measured velocities are zero.
void add_squash(const JointDrive& d, SquashCenter center, float k, float beta, const glm::vec3& p,
                glm::vec3& offset, glm::mat3& jacobian);

}  // namespace dynskin
