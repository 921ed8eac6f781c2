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
    // Forgets everything; the next fill() makes the buffer `capacity` ticks long.
    void resize(int joint_count, int capacity);
    // Forgets everything and makes every tick up to `tick` read as `row` (joint_count values).
    void fill(Tick tick, const glm::vec3* row);
    // Appends the row of tick newest() + 1 (joint_count values); a joint moving for the first
    // time gets a column, zero before.
    void push(const glm::vec3* row);
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
    // Columns for the joints of row that move and have none yet.
    void add_columns_for(const glm::vec3* row);
    // row's values of the joints with columns, in the thread's scratch.
    const glm::vec3* compacted(const glm::vec3* row) const;

    TickHistory<glm::vec3> columns_;
    std::vector<int> column_of_;  // per joint: its column, or -1
};

}  // namespace dynskin
