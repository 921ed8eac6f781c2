// shared_executor() (dynskin/executor.h): one WorkerPool for the whole process, made on
// first use.

#include <atomic>
#include <memory>

#include "core/support/worker_pool.h"

#if defined(__unix__) && !defined(__EMSCRIPTEN__)
#include <pthread.h>
#endif

namespace dynskin {
namespace {

// Never destroyed: a deformer may still update while other statics are destroyed at exit,
// and a pool inherited through fork() could not be (its workers are not in the child).
std::atomic<WorkerPool*> shared_pool{nullptr};

}  // namespace

Executor& shared_executor() {
    WorkerPool* pool = shared_pool.load(std::memory_order_acquire);
    if (pool) return *pool;
    auto made = std::make_unique<WorkerPool>(WorkerPool::default_thread_count());
    // Two threads making the first one at once: the loser's pool is joined here, unused.
    if (!shared_pool.compare_exchange_strong(pool, made.get(), std::memory_order_acq_rel)) return *pool;
#if defined(__unix__) && !defined(__EMSCRIPTEN__)
    // A child of fork() has only the thread that forked: it forgets the parent's pool and
    // makes its own on first use. Registered once per process image; the child inherits it.
    [[maybe_unused]] static const int registered =
        pthread_atfork(nullptr, nullptr, [] { shared_pool.store(nullptr, std::memory_order_relaxed); });
#endif
    return *made.release();
}

}  // namespace dynskin
