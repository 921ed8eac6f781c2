#include "dynskin/deformer_batch.h"

#include <exception>
#include <mutex>
#include <stdexcept>
#include <string>

namespace dynskin {

void update_all(const std::vector<DeformerUpdate>& updates, Executor& executor) {
    for (std::size_t k = 0; k < updates.size(); ++k) {
        const DeformerUpdate& u = updates[k];
        if (!u.deformer || !u.sampler || !u.settings)
            throw std::invalid_argument("update_all: entry " + std::to_string(k) +
                                        " lacks its deformer, sampler or settings");
    }
    // A task must not throw: each update's exception is caught, the first one kept.
    std::mutex mutex;
    std::size_t failed = updates.size();
    std::exception_ptr failure;
    auto update = [&](std::size_t begin, std::size_t end) {
        for (std::size_t k = begin; k < end; ++k) {
            const DeformerUpdate& u = updates[k];
            try {
                u.deformer->update(u.t, *u.sampler, *u.settings);
            } catch (...) {
                const std::lock_guard<std::mutex> lock(mutex);
                if (k < failed) failed = k, failure = std::current_exception();
            }
        }
    };
    executor.parallel_for(updates.size(), 1, update);
    if (failure) std::rethrow_exception(failure);
}

}  // namespace dynskin
