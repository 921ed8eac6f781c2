#include "core/fast/worker_pool.h"

#include <algorithm>

namespace dynskin {

WorkerPool::WorkerPool(int thread_count) {
    const int workers = std::max(thread_count, 1) - 1;
    workers_.reserve(workers);
    for (int k = 0; k < workers; ++k) workers_.emplace_back([this] { worker_loop(); });
}

WorkerPool::~WorkerPool() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
    }
    start_.notify_all();
    for (std::thread& w : workers_) w.join();
}

int WorkerPool::default_thread_count() {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
    return 1;  // a web build without threads: the browser reports its cores, but none can start
#else
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
#endif
}

void WorkerPool::work_on_current_job() {
    for (;;) {
        const std::size_t begin = next_.fetch_add(chunk_, std::memory_order_relaxed);
        if (begin >= count_) return;
        task_(context_, begin, std::min(begin + chunk_, count_));
    }
}

void WorkerPool::run(std::size_t count, std::size_t chunk, Task task, void* context) {
    if (count == 0) return;
    chunk = std::max<std::size_t>(chunk, 1);
    if (workers_.empty() || count <= chunk) {
        task(context, 0, count);
        return;
    }
    {
        std::lock_guard<std::mutex> lock(mutex_);
        task_ = task;
        context_ = context;
        count_ = count;
        chunk_ = chunk;
        next_.store(0, std::memory_order_relaxed);
        busy_workers_ = static_cast<int>(workers_.size());
        ++generation_;
    }
    start_.notify_all();
    work_on_current_job();
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [this] { return busy_workers_ == 0; });
}

void WorkerPool::worker_loop() {
    std::size_t seen = 0;
    for (;;) {
        {
            std::unique_lock<std::mutex> lock(mutex_);
            start_.wait(lock, [&] { return stopping_ || generation_ != seen; });
            if (stopping_) return;
            seen = generation_;
        }
        work_on_current_job();
        {
            std::lock_guard<std::mutex> lock(mutex_);
            --busy_workers_;
        }
        done_.notify_one();
    }
}

}  // namespace dynskin
