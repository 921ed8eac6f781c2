// WorkerPool (core/support/worker_pool.h), the fast path's threads: every item is handed out
// exactly once, whatever the thread count and the item count.

#include <gtest/gtest.h>

#include <atomic>
#include <vector>

#include "core/support/worker_pool.h"

namespace dynskin {
namespace {

TEST(WorkerPool, EveryItemExactlyOnceAtAnyThreadCount) {
    for (int threads : {1, 2, 3, 8}) {
        WorkerPool pool(threads);
        EXPECT_EQ(pool.thread_count(), threads);
        for (std::size_t count : {0u, 1u, 7u, 1000u, 12345u}) {
            for (int repeat = 0; repeat < 3; ++repeat) {
                std::vector<std::atomic<int>> seen(count);
                auto body = [&](std::size_t begin, std::size_t end) {
                    for (std::size_t i = begin; i < end; ++i) seen[i].fetch_add(1);
                };
                pool.parallel_for(count, 10, body);
                for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(seen[i].load(), 1) << threads << " " << count;
            }
        }
    }
}

}  // namespace
}  // namespace dynskin
