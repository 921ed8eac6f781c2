// WorkerPool (core/support/worker_pool.h), the shared pool's threads, and LimitedExecutor
// (core/support/limited_executor.h), what Deformer::set_thread_count sets: every item is
// handed out exactly once, whatever the thread count and the item count, with loops run
// from several threads at once and from inside each other, and a limit is never exceeded.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

#include "core/support/limited_executor.h"
#include "core/support/worker_pool.h"

namespace dynskin {
namespace {

// Runs a loop over count items on the executor; true when each was seen exactly once.
bool every_item_once(Executor& executor, std::size_t count, std::size_t chunk) {
    std::vector<std::atomic<int>> seen(count);
    auto body = [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) seen[i].fetch_add(1);
    };
    executor.parallel_for(count, chunk, body);
    return std::all_of(seen.begin(), seen.end(), [](const std::atomic<int>& s) { return s.load() == 1; });
}

TEST(WorkerPool, NoRangeIsLongerThanItsChunkEvenOnOneThread) {
    WorkerPool one(1), two(2);
    WorkerPool pool_of_four(4);
    LimitedExecutor limited(pool_of_four, 1);
    for (Executor* executor : std::vector<Executor*>{&one, &two, &limited}) {
        std::atomic<std::size_t> longest{0};
        auto body = [&](std::size_t begin, std::size_t end) {
            std::size_t seen = longest.load();
            while (end - begin > seen && !longest.compare_exchange_weak(seen, end - begin)) {
            }
        };
        executor->parallel_for(1000, 64, body);
        EXPECT_LE(longest.load(), 64u) << executor->thread_count() << " threads";
        EXPECT_GT(longest.load(), 0u);
    }
}

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

// Two deformers updated from two threads: loops from several callers at once, each
// getting all of its own items and none of the others'.
TEST(WorkerPool, LoopsFromSeveralThreadsAtOnce) {
    WorkerPool pool(3);
    std::atomic<int> failures{0};
    std::vector<std::thread> callers;
    for (int c = 0; c < 4; ++c)
        callers.emplace_back([&pool, &failures, c] {
            for (int repeat = 0; repeat < 200; ++repeat)
                if (!every_item_once(pool, 500 + std::size_t(c) * 37, 1 + std::size_t(c))) failures.fetch_add(1);
        });
    for (std::thread& t : callers) t.join();
    EXPECT_EQ(failures.load(), 0);
}

// A batch update's vertex loops run inside its loop over the characters.
TEST(WorkerPool, LoopsInsideLoops) {
    for (int threads : {1, 2, 4}) {
        WorkerPool pool(threads);
        std::vector<std::atomic<int>> inner_ok(64);
        auto outer = [&](std::size_t begin, std::size_t end) {
            for (std::size_t k = begin; k < end; ++k) inner_ok[k].store(every_item_once(pool, 100 + 13 * k, 4) ? 1 : 0);
        };
        pool.parallel_for(inner_ok.size(), 1, outer);
        for (std::size_t k = 0; k < inner_ok.size(); ++k) ASSERT_EQ(inner_ok[k].load(), 1) << threads << " " << k;
    }
}

// At most `limit` threads are ever inside a limited loop's bodies at once, and every item is
// still handed out once.
TEST(LimitedExecutor, NeverUsesMoreThreadsThanItsLimit) {
    WorkerPool pool(4);
    for (int limit : {0, 1, 2, 3, 4, 6}) {
        LimitedExecutor limited(pool, limit);
        const int expected = limit < 1 ? 4 : std::min(limit, 4);
        EXPECT_EQ(limited.thread_count(), expected);
        std::atomic<int> inside{0}, most{0};
        std::vector<std::atomic<int>> seen(4000);
        auto body = [&](std::size_t begin, std::size_t end) {
            const int now = inside.fetch_add(1) + 1;
            int previous = most.load();
            while (now > previous && !most.compare_exchange_weak(previous, now)) {
            }
            for (std::size_t i = begin; i < end; ++i) seen[i].fetch_add(1);
            std::this_thread::yield();  // stay a while, so that others come in if they may
            inside.fetch_sub(1);
        };
        for (int repeat = 0; repeat < 20; ++repeat) limited.parallel_for(seen.size(), 7, body);
        EXPECT_LE(most.load(), expected) << "limit " << limit;
        for (std::size_t i = 0; i < seen.size(); ++i) ASSERT_EQ(seen[i].load(), 20) << "limit " << limit;
    }
}

}  // namespace
}  // namespace dynskin
