#pragma once
// Many characters updated in one call, as a game updates its crowd: every character's
// joint level first (a few characters to an item of a loop over them on an executor, as a
// JointLevelJob runs them), then each character's vertices as an item of a second loop, its
// vertex windows a loop of their own run from inside that one on its deformer's executor
// (the same shared pool by default), so that threads left idle by small or finished
// characters help the large ones. The results are those of updating the deformers one by
// one, bit for bit. docs/threads.md.

#include <vector>

#include "dynskin/deformer.h"
#include "dynskin/executor.h"

namespace dynskin {

// One character's Deformer::update(t, *sampler, *settings). Your own animation frame by
// frame: keep a PoseFrames per character (dynskin/pose_frames.h), add() each frame's joint
// transforms to it (it checks them) and give its sampler().
struct DeformerUpdate {
    Deformer* deformer = nullptr;  // at most once in a batch
    double t = 0.0;
    // Called from the executor's threads; one shared by several entries is called from
    // several threads at once (clip_sampler's samplers only read their clip: they may be).
    const PoseSampler* sampler = nullptr;
    const DynamicSettings* settings = nullptr;
};

// Runs every update and returns when all are done. Throws std::invalid_argument, updating
// nothing, when an entry lacks its deformer, sampler or settings. When updates throw, the
// others still run, and the exception of the first of them in the vector's order is
// rethrown.
void update_all(const std::vector<DeformerUpdate>& updates, Executor& executor = shared_executor());

}  // namespace dynskin
