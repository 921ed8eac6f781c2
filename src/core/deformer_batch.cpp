#include "dynskin/deformer_batch.h"

#include <stdexcept>
#include <string>

#include "core/deformer_engine.h"
#include "core/support/parallel_updates.h"

namespace dynskin {

void update_all(const std::vector<DeformerUpdate>& updates, Executor& executor) {
    for (std::size_t k = 0; k < updates.size(); ++k) {
        const DeformerUpdate& u = updates[k];
        if (!u.deformer || !u.sampler || !u.settings)
            throw std::invalid_argument("update_all: entry " + std::to_string(k) +
                                        " lacks its deformer, sampler or settings");
    }
    // Two passes, as a JointLevelJob then each character's vertices: the joint levels, a few
    // to a range, then each character's per-vertex stages (its own loop of vertex windows
    // runs on its deformer's executor, inside this one), one character to a range. A
    // character whose joint level threw is not deformed.
    std::vector<char> joints_done(updates.size(), 0);
    FirstFailure failures;
    run_updates(
        executor, updates.size(), 8,
        [&](std::size_t k) {
            const DeformerUpdate& u = updates[k];
            engine_of(*u.deformer).update_joint_level(u.t, *u.sampler, *u.settings);
            joints_done[k] = 1;
        },
        failures);
    run_updates(
        executor, updates.size(), 1,
        [&](std::size_t k) {
            if (joints_done[k]) engine_of(*updates[k].deformer).update_vertices(*updates[k].settings);
        },
        failures);
    failures.rethrow();
}

}  // namespace dynskin
