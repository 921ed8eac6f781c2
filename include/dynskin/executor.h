#pragma once
// Where dynskin runs its parallel loops (a deformer's vertex windows, the characters of a
// batch update). By default every deformer of the process shares one pool of threads
// (shared_executor()); an engine with a job system of its own gives its own Executor to
// the deformers and to update_all (dynskin/deformer_batch.h), and dynskin starts no thread.
// docs/threads.md: how the threads are shared and what set_thread_count means.

#include <cstddef>

namespace dynskin {

// A loop body over a range of items: a plain function and its context, so that handing a
// loop to an executor allocates nothing.
struct RangeTask {
    void (*call)(void* context, std::size_t begin, std::size_t end) = nullptr;
    void* context = nullptr;

    void operator()(std::size_t begin, std::size_t end) const { call(context, begin, end); }
};

class Executor {
public:
    virtual ~Executor() = default;

    // The most threads that run one loop's ranges at once, the calling thread included; at
    // least 1. dynskin sizes its ranges from it; results never depend on it.
    virtual int thread_count() const = 0;

    // Calls task on disjoint ranges [begin, end) of at most chunk items (chunk >= 1) that
    // together cover [0, count), on any threads, and returns once every call has returned.
    // Must work when called from several threads at once, and from inside a task (a batch
    // update runs each character's vertex loop inside its loop over the characters). The
    // tasks dynskin gives never throw.
    virtual void run(std::size_t count, std::size_t chunk, RangeTask task) = 0;

    // run() with any callable body(begin, end), which must outlive the call.
    template <class Body>
    void parallel_for(std::size_t count, std::size_t chunk, Body& body) {
        run(count, chunk, RangeTask{[](void* context, std::size_t begin, std::size_t end) {
                                        (*static_cast<Body*>(context))(begin, end);
                                    },
                                    &body});
    }
};

// run()'s contract kept on the calling thread alone: the ranges of at most chunk items, in
// order. For an executor's small loops, and one without threads.
inline void run_on_calling_thread(std::size_t count, std::size_t chunk, RangeTask task) {
    if (chunk == 0) chunk = 1;
    for (std::size_t begin = 0; begin < count; begin += chunk) task(begin, count - begin < chunk ? count : begin + chunk);
}

// The process's shared pool: one thread per hardware thread, the calling thread counting as
// one (so a 16-thread machine starts 15), started on first use and kept until the process
// exits; a child process made by fork() starts its own. Every Deformer made without an
// executor of its own runs on it.
Executor& shared_executor();

}  // namespace dynskin
