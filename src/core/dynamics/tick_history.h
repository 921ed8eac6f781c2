#pragma once
// A ring buffer of per-joint rows indexed by absolute tick number: row(n) holds one value
// per joint for tick n. Ticks older than the buffer read as the oldest row, and a fresh
// history is filled with one row, so differences before the start are zero. Its length is
// what its reader needs (the kernel's window, the longest dLBS delay), and it can grow or
// shrink without forgetting: a longer buffer reads its new older ticks as its oldest row,
// which is what they read as before.

#include <algorithm>
#include <cassert>
#include <vector>

#include "dynskin/measurement_clock.h"

namespace dynskin {

template <class T>
class TickHistory {
public:
    // Forgets everything; the next start() makes the buffer `capacity` ticks long.
    void resize(int joint_count, int capacity) {
        joint_count_ = joint_count;
        capacity_ = std::max(capacity, 1);
        data_.clear();
        filled_ = false;
        newest_ = 0;
        newest_slot_ = 0;
    }

    // Forgets everything and makes `tick` the newest; the caller then writes its row through
    // newest_row() and makes the past read as it with hold_newest().
    void start(Tick tick) {
        const std::size_t size = static_cast<std::size_t>(joint_count_) * capacity_;
        if (data_.capacity() > size) std::vector<T>().swap(data_);  // a shorter buffer gives memory back
        data_.resize(size);
        filled_ = true;
        newest_ = tick;
        newest_slot_ = 0;
    }

    // Makes every older tick held read as the newest row (a fresh start's past).
    void hold_newest() {
        assert(!empty());
        for (int r = 0; r < capacity_; ++r)
            if (r != newest_slot_) std::copy(newest_row(), newest_row() + joint_count_, slot(r));
    }

    // Appends tick newest() + 1 and returns its row, which the caller writes whole (it holds
    // the values of the tick it replaces until then). The rows are written in place: no
    // scratch row, which would have to be a thread's (allocated on its first use) or each
    // instance's (a crowd would carry and touch one more row each).
    T* push_row() {
        assert(!empty());
        ++newest_;
        newest_slot_ = newest_slot_ + 1 == capacity_ ? 0 : newest_slot_ + 1;
        return slot(newest_slot_);
    }

    T* newest_row() { return slot(newest_slot_); }

    // Whole rows at once: every tick up to `tick` reads as `row`; `row` appended.
    void fill(Tick tick, const T* row) {
        start(tick);
        std::copy(row, row + joint_count_, newest_row());
        hold_newest();
    }
    void push(const T* row) { std::copy(row, row + joint_count_, push_row()); }

    // The row of `tick`, clamped to the ticks the buffer holds.
    const T* row(Tick tick) const {
        assert(!empty());
        const Tick back = std::clamp<Tick>(newest_ - tick, 0, capacity_ - 1);
        int s = newest_slot_ - static_cast<int>(back);
        if (s < 0) s += capacity_;
        return data_.data() + static_cast<std::size_t>(s) * joint_count_;
    }

    // Keeps the newest `capacity` ticks (all of them and older ones reading as the oldest
    // row, when it grows); allocates only when the length changes.
    void set_capacity(int capacity) {
        capacity = std::max(capacity, 1);
        if (capacity == capacity_) return;
        if (empty()) {
            capacity_ = capacity;
            return;
        }
        std::vector<T> kept(static_cast<std::size_t>(joint_count_) * capacity);
        for (int back = 0; back < capacity; ++back) {
            const T* from = row(newest_ - back);
            std::copy(from, from + joint_count_, kept.data() + static_cast<std::size_t>(capacity - 1 - back) * joint_count_);
        }
        data_.swap(kept);
        capacity_ = capacity;
        newest_slot_ = capacity - 1;
    }

    // Appends `count` columns to every row (joint_count() grows), reading `value` at every
    // tick, older ones included.
    void add_columns(int count, const T& value) {
        const int wider = joint_count_ + count;
        if (!empty()) {
            std::vector<T> rows(static_cast<std::size_t>(wider) * capacity_, value);
            for (int r = 0; r < capacity_; ++r)
                std::copy(slot(r), slot(r) + joint_count_, rows.data() + static_cast<std::size_t>(r) * wider);
            data_.swap(rows);
        }
        joint_count_ = wider;
    }

    int joint_count() const { return joint_count_; }
    bool empty() const { return !filled_; }  // (a filled history of no columns holds no data)
    int capacity() const { return capacity_; }
    Tick newest() const { return newest_; }
    Tick oldest() const { return newest_ - capacity_ + 1; }
    std::size_t memory_bytes() const { return data_.capacity() * sizeof(T); }

private:
    T* slot(int r) { return data_.data() + static_cast<std::size_t>(r) * joint_count_; }

    int joint_count_ = 0;
    int capacity_ = 1;
    std::vector<T> data_;
    bool filled_ = false;
    Tick newest_ = 0;
    int newest_slot_ = 0;  // where row(newest_) is
};

}  // namespace dynskin
