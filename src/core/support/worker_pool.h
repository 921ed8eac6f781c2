#pragma once
// A few worker threads that split ranges of independent items between them and the calling
// threads: dynskin's own Executor (dynskin/executor.h), the one shared_executor() returns.
// Our own instead of OpenMP (awkward with clang and the sanitizers) or TBB (a dependency
// for a few parallel loops): a frame is one or two loops over vertex windows per character,
// so a condition variable to start and an atomic counter to share the items are enough.
//
// Several threads may run loops at once (two deformers updated from two threads, a batch
// update's vertex loops inside its loop over characters): each loop is a job on its
// caller's stack, listed while it has items to hand out; an idle worker joins the newest
// listed job, which finishes the work already started first. Nothing is allocated per loop.

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <thread>
#include <vector>

#include "dynskin/executor.h"

namespace dynskin {

class WorkerPool final : public Executor {
public:
    // thread_count includes the calling thread; 1 runs everything on the caller.
    explicit WorkerPool(int thread_count);
    ~WorkerPool() override;
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    int thread_count() const override { return static_cast<int>(workers_.size()) + 1; }
    void run(std::size_t count, std::size_t chunk, RangeTask task) override;

    // The hardware's threads, at least 1.
    static int default_thread_count();

private:
    struct Job {
        RangeTask task;
        std::size_t count = 0, chunk = 1;
        std::atomic<std::size_t> next{0};  // the first item not handed out yet
        int helpers = 0;                   // workers working on it (under mutex_)
        bool listed = false;               // in the list (under mutex_)
        Job* older = nullptr;              // the next job of the list (under mutex_)
    };
    static void work_on(Job& job);
    void unlist(Job& job);  // under mutex_
    void worker_loop();

    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable work_, done_;
    Job* newest_ = nullptr;  // the listed jobs, newest first
    bool stopping_ = false;
};

}  // namespace dynskin
