#pragma once
// What drives the bend and the squash of each joint at time t: the filter's output
// F_j = D omega_j + A Im C_j mapped to world (oscillation_sums.h keeps C_j from tick to tick),
// and the measured velocities themselves, which drive the squash.

#include <algorithm>
#include <cmath>

#include <glm/glm.hpp>

#include "dynskin/settings.h"

namespace dynskin {

struct JointDrive {
    glm::vec3 angular{0.0f};       // W_j = R_parent F_j: world axis times filtered angular speed
    glm::vec3 linear{0.0f};        // the same filter on the local translation's velocity, in world
    glm::vec3 angular_drag{0.0f};  // the drag parts of angular and linear (D times the velocity),
    glm::vec3 linear_drag{0.0f};   // which the floppy layer scales
    glm::vec3 angular_velocity{0.0f};  // measured, unfiltered, in world: what squashes
    glm::vec3 linear_velocity{0.0f};   // (zero while the squash is off)
    glm::vec3 origin{0.0f};        // o_j = q_j + R_j delta_j, the centre of the bend
    glm::vec3 position{0.0f};      // q_j
    glm::vec3 centroid{0.0f};      // c_j, the centre of the squash (see squash_centroids.h)
    glm::vec3 medial{0.0f};        // unit direction from q_j to c_j, or 0 when they coincide
    float gain = 0.0f;             // s_j

    bool bends() const { return angular != glm::vec3(0.0f) || linear != glm::vec3(0.0f); }
    bool squashes() const { return angular_velocity != glm::vec3(0.0f) || linear_velocity != glm::vec3(0.0f); }
    bool still() const { return gain == 0.0f || (!bends() && !squashes()); }
};

static_assert(sizeof(JointDrive) == 10 * sizeof(glm::vec3) + sizeof(float), "rest_drive sets every field");

// A joint's gain as the core uses it: the joint setting table's range, 0 for what is not
// finite (a gain past it would overflow the bend's floats).
inline float joint_gain(const JointSettings& joint) {
    return std::isfinite(joint.gain) ? std::clamp(joint.gain, 0.0f, kMaxJointGain) : 0.0f;
}

// Sets a joint's drive to nothing moving yet: its gain, bend origin and position, from its
// settings and its global transform at t. Written in place, field by field: a drive built
// aside and copied whole would be read back in pieces the stores have not finished. What it
// reads is read first (the stores could alias it); the zeros go in pairs between the other
// fields, because WebAssembly's compiler makes a longer run of zero stores a call to its
// memset (72 bytes, once per joint and frame), and writes a pair in place. An origin offset
// that is not finite, or that places the origin where floats overflow, is no offset.
inline void rest_drive(JointDrive& d, const JointSettings& joint, const glm::mat4& global) {
    const glm::vec3 zero(0.0f);
    const float gain = joint_gain(joint);
    const glm::vec3 position(global[3]);
    // Without an offset the origin is the joint (the product would give it, at a cost).
    glm::vec3 origin = position;
    if (joint.origin_offset != zero) {
        const glm::vec3 offset_origin(global * glm::vec4(joint.origin_offset, 1.0f));
        if (std::isfinite(glm::dot(offset_origin - position, offset_origin - position))) origin = offset_origin;
    }
    d.angular = zero;
    d.linear = zero;
    d.origin = origin;
    d.angular_drag = zero;
    d.linear_drag = zero;
    d.position = position;
    d.angular_velocity = zero;
    d.linear_velocity = zero;
    d.gain = gain;
    d.centroid = zero;
    d.medial = zero;
}

// The translation term's lag per unit of distance, s_j |V_j| / L, is an angle of sorts: the
// soft limit of the bend angle bounds it the same way (linear and linear_drag scaled alike,
// so the floppy layer's mix keeps its meaning). size: L; max_angle <= 0 or infinite: none.
void limit_linear_drive(JointDrive& drive, float size, float max_angle);

}  // namespace dynskin
