#pragma once
// A history of one velocity per joint and tick (TickHistory's clock and clamping) that
// keeps a column only for the joints whose velocity has been other than zero since the
// history was filled: the others read as zero at every tick, which is what their rows would
// hold. Most joints of a rig never translate, and some never turn: their histories then
// cost neither memory nor the traffic of each tick.

#include <vector>

#include <glm/glm.hpp>

#include "core/dynamics/tick_history.h"

namespace dynskin {

class VelocityHistory {
public:
    // Forgets everything; the next start() makes the buffer `capacity` ticks long.
    void resize(int joint_count, int capacity);
    // Forgets everything and makes `tick` the newest, every joint reading zero; then
    // push_row() and write_newest() write the rows, hold_newest() makes the past read as the
    // newest row.
    void start(Tick tick);
    void hold_newest() { columns_.hold_newest(); }
    // Appends tick newest() + 1; write_newest() must then write every joint's value.
    void push_row() { columns_.push_row(); }
    // The newest tick's values of joints [first_joint, first_joint + count); a joint moving
    // for the first time gets a column, zero before.
    void write_newest(int first_joint, int count, const glm::vec3* values);
    // Whole rows at once (joint_count values): every tick up to `tick` reads as `row`; `row`
    // appended.
    void fill(Tick tick, const glm::vec3* row) {
        start(tick);
        write_newest(0, static_cast<int>(column_of_.size()), row);
        hold_newest();
    }
    void push(const glm::vec3* row) {
        push_row();
        write_newest(0, static_cast<int>(column_of_.size()), row);
    }
    void set_capacity(int capacity) { columns_.set_capacity(capacity); }

    // The row of `tick` (clamped to the ticks held) has one value per column; joint j's is
    // at column(j), or it is zero when column(j) < 0.
    const glm::vec3* row(Tick tick) const { return columns_.row(tick); }
    int column(int joint) const { return column_of_[joint]; }
    glm::vec3 at(Tick tick, int joint) const {
        const int c = column_of_[joint];
        return c < 0 ? glm::vec3(0.0f) : columns_.row(tick)[c];
    }

    bool empty() const { return columns_.empty(); }
    int capacity() const { return columns_.capacity(); }
    Tick newest() const { return columns_.newest(); }
    Tick oldest() const { return columns_.oldest(); }
    int column_count() const { return columns_.joint_count(); }
    std::size_t memory_bytes() const { return columns_.memory_bytes() + column_of_.capacity() * sizeof(int); }

private:
    // write_newest when a joint of the block moves for the first time.
    void add_columns_and_write(int first_joint, int count, const glm::vec3* values);

    TickHistory<glm::vec3> columns_;
    std::vector<int> column_of_;  // per joint: its column, or -1
};

}  // namespace dynskin
