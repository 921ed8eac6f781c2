#pragma once
// A joint's local transform as translation, rotation, scale (the glTF TRS order:
// M = T * R * S), and helpers shared by the whole core.

#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

namespace dynskin {

struct Trs {
    glm::vec3 translation{0.0f};
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};  // unit quaternion (w, x, y, z)
    glm::vec3 scale{1.0f};

    glm::mat4 to_matrix() const;
};

// T R S read back from a matrix M = T R S, in double precision and relative to the matrix's
// own scale (so millimetre and kilometre scales decompose like 1 does); a mirror becomes one
// negative scale, any shear is dropped. False, leaving trs as it was, when the linear part
// is singular or the matrix not finite.
bool decompose(const glm::dmat4& m, Trs& trs);

// Rotation vector (axis * angle, radians) of the shortest arc of q: q and -q are the
// same rotation, so the result's angle is always in [0, pi].
glm::vec3 rotation_log(glm::quat q);

// Inverse of rotation_log: the unit quaternion rotating by |v| radians about v.
glm::quat rotation_exp(glm::vec3 v);

// Spherical interpolation on the short path; a = 0 gives q0 and a = 1 gives q1 exactly.
glm::quat slerp_shortest(glm::quat q0, glm::quat q1, float a);
// The point at a of the short great circle through unit quaternions q0 (a = 0) and q1
// (a = 1): between them for a in [0, 1], carried on past q1 beyond 1, as
// rotation_exp(a rotation_log(q1 q0^-1)) q0.
glm::quat great_circle(glm::quat q0, glm::quat q1, float a);

}  // namespace dynskin
