#include "core/support/worker_pool.h"

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
    work_.notify_all();
    for (std::thread& w : workers_) w.join();
}

int WorkerPool::default_thread_count() {
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
    return 1;  // a web build without threads: the browser reports its cores, but none can start
#else
    return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
#endif
}

void WorkerPool::work_on(Job& job) {
    for (;;) {
        const std::size_t begin = job.next.fetch_add(job.chunk, std::memory_order_relaxed);
        if (begin >= job.count) return;
        job.task(begin, std::min(begin + job.chunk, job.count));
    }
}

void WorkerPool::unlist(Job& job) {
    if (!job.listed) return;
    Job** link = &newest_;
    while (*link != &job) link = &(*link)->older;
    *link = job.older;
    job.listed = false;
}

void WorkerPool::run(std::size_t count, std::size_t chunk, RangeTask task) {
    if (count == 0) return;
    chunk = std::max<std::size_t>(chunk, 1);
    if (workers_.empty() || count <= chunk) {
        run_on_calling_thread(count, chunk, task);
        return;
    }
    Job job;
    job.task = task;
    job.count = count;
    job.chunk = chunk;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        job.older = newest_;
        job.listed = true;
        newest_ = &job;
    }
    work_.notify_all();
    work_on(job);
    // Every item is handed out: no worker may join any more; wait for those still in it.
    std::unique_lock<std::mutex> lock(mutex_);
    unlist(job);
    done_.wait(lock, [&job] { return job.helpers == 0; });
}

void WorkerPool::worker_loop() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
        work_.wait(lock, [this] { return stopping_ || newest_; });
        if (stopping_) return;
        Job& job = *newest_;
        ++job.helpers;
        lock.unlock();
        work_on(job);
        lock.lock();
        unlist(job);  // nothing left to hand out: the next idle worker looks at older jobs
        if (--job.helpers == 0) done_.notify_all();
    }
}

}  // namespace dynskin
