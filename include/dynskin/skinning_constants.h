#pragma once
// The values every vertex of a character reads alike in a frame (a shader's uniforms), from
// the settings and the deformer's state after an update of the joints: with the joint rows
// (joint_row.h) and the per-vertex data, the whole input of the per-vertex stage. The
// contract: docs/engine-api.md.

#include <glm/glm.hpp>

#include "dynskin/measurement_clock.h"

namespace dynskin {

struct SkinningConstants {
    float size = 1.0f;        // L, the character size (units): the bend's angles divide by it
    bool bend = true;         // false: the base skinning alone (mode lbs)
    bool dual_quaternion = false;  // the base is dual quaternion skinning instead of LBS
    float max_angle = 0.0f;   // soft limit of the bend angle, radians (0: none)
    float max_offset = 0.0f;  // soft limit of a vertex's whole offset, in units (0: none)
    // Ground contact: offsets fade in from ground_band / 4 to ground_band (units) above the
    // plane ground_up . p = ground_height (ground_up a unit vector); ground_band 0: none.
    float ground_band = 0.0f;
    float ground_height = 0.0f;
    glm::vec3 ground_up{0.0f, 1.0f, 0.0f};
    float squash = 0.0f;      // squash & stretch strength S, seconds (0: none)
    bool squash_about_centroid = false;  // the squash centre switch (false: the medial axis)

    // dLBS: each joint's rotation reaches a vertex after (distance along the skeleton) / c.
    bool delayed = false;            // on: c finite and > 0, and the history has started
    float propagation_speed = 0.0f;  // c, character sizes per second
    Tick newest_tick = 0;            // the newest tick of the rotation history, at or after t
    int rotation_ticks = 2;          // how many ticks the rotation history keeps, newest_tick
                                     // included (as many as the longest delay at c needs): a
                                     // ring of this many rows, row = tick mod rotation_ticks
    float since_previous_tick = 1.0f;  // t - the tick before newest_tick, in ticks, in (0, 1]
    int history_restarts = 0;        // bumped when the history starts afresh: a copy of its
                                     // rows (a GPU ring) must then take them all again, as
                                     // when rotation_ticks changes
};

}  // namespace dynskin
