#pragma once
// What the per-vertex stage reads of one joint after an update of the joints: the joint-level
// half of Dynamic Skinning, for an engine that skins and bends in its own vertex shader (as
// dynskin's shaders/skinning.vert does). One row of kJointRowTexels RGBA32F texels (vec4s) per
// joint, in the skeleton's order, packed exactly as the fields below (a std::vector<JointRow>
// can be uploaded as it is: a texture, a uniform or storage buffer). The contract, with the
// per-vertex data and the formulas each field enters: docs/engine-api.md.
//
// Frames and units: world space (the space of Deformer::globals()), lengths in the
// character's units, times in seconds, angles in radians. Unused .w components are 0 or 1 as
// said, so a row compares bit for bit.

#include <cstddef>

#include <glm/glm.hpp>

namespace dynskin {

struct JointRow {
    glm::mat4 skinning;       // texels 0-3: G_j B_j^-1, the skinning matrix's columns
    glm::vec4 angular_gain;   // 4: W_j (xyz), the filtered angular drive: world axis times rad/s,
                              //    drag and wobble together; s_j (w), the joint's gain (0: off)
    glm::vec4 linear;         // 5: the filtered drive of the joint's translation, units/s (xyz)
    glm::vec4 origin;         // 6: the bend origin o_j = q_j + R_j delta_j (xyz), 1 (w)
    glm::vec4 dual_real;      // 7: the skinning transform's rigid part as a unit dual
    glm::vec4 dual_dual;      // 8: quaternion, real and dual parts (x, y, z, w), for DQS
    glm::vec4 translation_parent;  // 9: dLBS: the local translation at t (xyz), the parent's
                                   //    index (w; -1 for a root)
    glm::vec4 rotation;       // 10: dLBS: the local rotation at t (x, y, z, w)
    glm::vec4 scale;          // 11: dLBS: the local scale (xyz)
    glm::vec4 angular_drag;   // 12: Velocity Skinning's floppy layer: the drag parts of the
    glm::vec4 linear_drag;    // 13: angular and linear drives (D times the velocity), xyz
    glm::vec4 angular_velocity;  // 14: squash & stretch: the measured, unfiltered velocities,
    glm::vec4 linear_velocity;   // 15: world (xyz; 0 while the squash is off)
    glm::vec4 position;       // 16: q_j, the joint's position (xyz), 1 (w)
    glm::vec4 centroid;       // 17: c_j, the centre of the joint's squash (xyz), 1 (w)
    glm::vec4 medial;         // 18: the unit direction from q_j to c_j, or 0 (xyz)
};

constexpr int kJointRowTexels = 19;
static_assert(sizeof(JointRow) == kJointRowTexels * sizeof(glm::vec4), "a row is its texels, without padding");
// A field's texel is offsetof(JointRow, field) / sizeof(glm::vec4).

// The parts of a row a writer fills, for a reader that needs only some (the others keep what
// they held): the per-vertex stage reads the dual quaternion (texels 7-8) for DQS alone, the
// local transform (9-11) for dLBS alone and the squash texels (14-18) with the squash on
// alone (stage_reads() in shader_layout.h). The skinning matrix, the drives, the origin and
// the drags (0-6, 12-13) are always written. A crowd's table, tens of megabytes a frame,
// halves with the defaults.
struct JointRowParts {
    bool dual_quaternion = true;
    bool local_transform = true;
    bool squash = true;
};


}  // namespace dynskin
