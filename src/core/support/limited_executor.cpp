#include "core/support/limited_executor.h"

#include <algorithm>
#include <atomic>

namespace dynskin {

int LimitedExecutor::thread_count() const {
    const int all = executor_.thread_count();
    return limit_ < 1 ? all : std::min(limit_, all);
}

void LimitedExecutor::run(std::size_t count, std::size_t chunk, RangeTask task) {
    if (count == 0) return;
    chunk = std::max<std::size_t>(chunk, 1);
    const int threads = thread_count();
    if (threads <= 1 || count <= chunk) {
        run_on_calling_thread(count, chunk, task);
        return;
    }
    if (threads == executor_.thread_count()) {
        executor_.run(count, chunk, task);
        return;
    }
    std::atomic<std::size_t> next{0};
    auto lane = [&](std::size_t, std::size_t) {
        for (;;) {
            const std::size_t begin = next.fetch_add(chunk, std::memory_order_relaxed);
            if (begin >= count) return;
            task(begin, std::min(begin + chunk, count));
        }
    };
    executor_.parallel_for(std::size_t(threads), 1, lane);
}

}  // namespace dynskin
