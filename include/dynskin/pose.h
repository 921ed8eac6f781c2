#pragma once
// A pose: one local transform per joint and the morph weights, and forward kinematics to
// global matrices.

#include <cstdint>
#include <vector>

#include "dynskin/skeleton.h"

namespace dynskin {

struct Pose {
    std::vector<Trs> local;  // one per skeleton joint, parent-local
    // One per morph weight of the mesh (MorphTargets' layout), or empty: a pose that carries
    // no morph weights (the joint history's), which clips leave empty and the deformer reads
    // as the mesh's defaults.
    std::vector<float> morph_weights{};
    // Which repetition of a looping clip the pose comes from (0 when nothing loops). Between
    // two poses of different cycles lies a wrap, where the clip's end meets its start: the
    // measurement clock treats it as a cut, not as motion.
    std::int64_t cycle = 0;
    // Where the character's whole object is in the world (its parent, a platform, a
    // character controller), which the roots' transforms already include. A host that knows
    // it says so here, so that DynamicParameters::object_motion can take its motion out of
    // what drives the dynamics; left at identity, every motion of the roots is the
    // character's own.
    Trs object{};
    // The times around the pose's own over which its source moves every joint and the object
    // at one constant velocity: rotations along one great circle at a steady rate,
    // translations and scales along straight lines (PoseFrames between its frames and just
    // past the newest). The source's pose at `begin` is the span's start, whatever span it
    // names there. The measurement clock then measures the ticks inside a span with one
    // logarithm a joint, not one a tick. Empty (begin > end, as by default): not known.
    struct Span {
        double begin = 1.0, end = 0.0;
        bool operator==(const Span& o) const { return begin == o.begin && end == o.end; }
    };
    Span uniform{};

    static Pose rest_of(const Skeleton& skeleton) { return Pose{skeleton.rest}; }
};

// globals[j] = globals[parent(j)] * local[j]; globals is resized to the joint count.
void forward_kinematics(const Skeleton& skeleton, const Pose& pose, std::vector<glm::mat4>& globals);

}  // namespace dynskin
