#pragma once
// A few worker threads that split a range of independent items between them and the
// calling thread. Our own instead of OpenMP (awkward with clang and the sanitizers) or TBB
// (a dependency for one parallel loop): a frame is one or two loops over vertex windows,
// so a condition variable to start and an atomic counter to share the items are enough.
// Nothing is allocated per run.

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <thread>
#include <vector>

namespace dynskin {

class WorkerPool {
public:
    // thread_count includes the calling thread; 1 runs everything on the caller.
    explicit WorkerPool(int thread_count);
    ~WorkerPool();
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    int thread_count() const { return static_cast<int>(workers_.size()) + 1; }

    // Calls body(begin, end) on disjoint chunks covering [0, count), on all threads, and
    // returns when every chunk is done. body must not throw.
    template <class Body>
    void parallel_for(std::size_t count, std::size_t chunk, Body& body) {
        run(count, chunk, [](void* context, std::size_t begin, std::size_t end) {
            (*static_cast<Body*>(context))(begin, end);
        }, &body);
    }

    // The hardware's threads, at least 1.
    static int default_thread_count();

private:
    using Task = void (*)(void* context, std::size_t begin, std::size_t end);
    void run(std::size_t count, std::size_t chunk, Task task, void* context);
    void work_on_current_job();
    void worker_loop();

    std::vector<std::thread> workers_;
    std::mutex mutex_;
    std::condition_variable start_, done_;
    std::size_t generation_ = 0;  // bumped for every job, so a worker never runs one twice
    int busy_workers_ = 0;
    bool stopping_ = false;

    Task task_ = nullptr;
    void* context_ = nullptr;
    std::size_t count_ = 0, chunk_ = 1;
    std::atomic<std::size_t> next_{0};
};

}  // namespace dynskin
