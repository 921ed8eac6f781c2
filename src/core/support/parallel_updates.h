#pragma once
// Many independent updates (characters, instances) on an executor, as update_all and
// JointLevelJob run them: a task must not throw, so each update's exception is caught, and
// the first one in the items' order is rethrown once all have run.

#include <cstddef>
#include <exception>
#include <mutex>

#include "dynskin/executor.h"

namespace dynskin {

// The exception of the lowest-numbered item that threw, recorded from any thread.
class FirstFailure {
public:
    void record(std::size_t item, std::exception_ptr failure) {
        const std::lock_guard<std::mutex> lock(mutex_);
        if (item < item_ || !failure_) item_ = item, failure_ = std::move(failure);
    }
    void rethrow() const {
        if (failure_) std::rethrow_exception(failure_);
    }

private:
    std::mutex mutex_;
    std::size_t item_ = 0;
    std::exception_ptr failure_;
};

// update(k) for every k in [0, count), at most chunk to a range; what throws is recorded.
template <class Update>
void run_updates(Executor& executor, std::size_t count, std::size_t chunk, const Update& update, FirstFailure& failures) {
    auto range = [&](std::size_t begin, std::size_t end) {
        for (std::size_t k = begin; k < end; ++k) {
            try {
                update(k);
            } catch (...) {
                failures.record(k, std::current_exception());
            }
        }
    };
    executor.parallel_for(count, chunk, range);
}

}  // namespace dynskin
