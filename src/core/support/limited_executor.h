#pragma once
// Another executor's loops, run on at most `limit` of its threads at once: what
// Deformer::set_thread_count sets, whatever the executor (the shared pool, or an engine's
// job system that knows nothing of limits). A loop becomes `limit` lanes on the executor,
// each taking ranges from one counter until none is left: at most `limit` threads ever
// work on it, and the items still spread over them as each one is free. Made on the
// stack for each loop; allocates nothing.

#include <cstddef>

#include "dynskin/executor.h"

namespace dynskin {

class LimitedExecutor final : public Executor {
public:
    // limit < 1: no limit (all of the executor's threads); 1: every loop on the caller.
    LimitedExecutor(Executor& executor, int limit) : executor_(executor), limit_(limit) {}

    int thread_count() const override;
    void run(std::size_t count, std::size_t chunk, RangeTask task) override;

private:
    Executor& executor_;
    int limit_;
};

}  // namespace dynskin
