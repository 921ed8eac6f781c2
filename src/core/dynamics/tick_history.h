#pragma once
// A ring buffer of per-joint rows indexed by absolute tick number: row(n) holds one value
// per joint for tick n. Ticks older than the buffer read as the oldest row, and a fresh
// history is filled with one row, so differences before the start are zero.

#include <algorithm>
#include <cassert>
#include <vector>

#include "dynskin/measurement_clock.h"

namespace dynskin {

template <class T>
class TickHistory {
public:
    void resize(int joint_count, int capacity) {
        joint_count_ = joint_count;
        capacity_ = capacity;
        data_.assign(static_cast<std::size_t>(joint_count) * capacity, T{});
        newest_ = 0;
        size_ = 0;
    }

    // Forgets everything and makes every tick up to `tick` read as `row`.
    void fill(Tick tick, const T* row) {
        for (int r = 0; r < capacity_; ++r) std::copy(row, row + joint_count_, slot(r));
        newest_ = tick;
        size_ = capacity_;
    }

    // Appends the row of tick newest() + 1.
    void push(const T* row) {
        assert(size_ > 0);
        ++newest_;
        std::copy(row, row + joint_count_, slot(static_cast<int>(mod(newest_, capacity_))));
    }

    // The row of `tick`, clamped to the ticks the buffer holds.
    const T* row(Tick tick) const {
        assert(size_ > 0);
        tick = std::clamp(tick, oldest(), newest_);
        return data_.data() + static_cast<std::size_t>(mod(tick, capacity_)) * joint_count_;
    }

    Tick newest() const { return newest_; }
    Tick oldest() const { return newest_ - capacity_ + 1; }

private:
    T* slot(int r) { return data_.data() + static_cast<std::size_t>(r) * joint_count_; }
    // Non-negative modulo, so ticks before 0 (a clip started at t = 0 samples t = -h) work.
    static Tick mod(Tick a, Tick m) { return ((a % m) + m) % m; }

    int joint_count_ = 0;
    int capacity_ = 0;
    std::vector<T> data_;
    Tick newest_ = 0;
    int size_ = 0;
};

}  // namespace dynskin
