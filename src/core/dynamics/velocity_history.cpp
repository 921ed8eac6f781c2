#include "core/dynamics/velocity_history.h"

namespace dynskin {

void VelocityHistory::resize(int joint_count, int capacity) {
    columns_.resize(0, capacity);
    column_of_.assign(static_cast<std::size_t>(joint_count), -1);
}

void VelocityHistory::start(Tick tick) {
    const int capacity = columns_.capacity();
    columns_.resize(0, capacity);
    for (int& c : column_of_) c = -1;
    columns_.start(tick);
}

void VelocityHistory::write_newest(int first_joint, int count, const glm::vec3* values) {
    // One pass while every joint that moves has its column (all ticks but a few).
    const int* column_of = column_of_.data() + first_joint;
    glm::vec3* row = columns_.newest_row();
    for (int i = 0; i < count; ++i) {
        const int column = column_of[i];
        if (column >= 0) row[column] = values[i];
        else if (values[i] != glm::vec3(0.0f)) return add_columns_and_write(first_joint, count, values);
    }
}

void VelocityHistory::add_columns_and_write(int first_joint, int count, const glm::vec3* values) {
    // Columns for the joints of this block that move for the first time, added at once.
    int added = 0;
    for (int i = 0; i < count; ++i) {
        int& column = column_of_[static_cast<std::size_t>(first_joint + i)];
        if (column < 0 && values[i] != glm::vec3(0.0f)) column = columns_.joint_count() + added++;
    }
    columns_.add_columns(added, glm::vec3(0.0f));
    glm::vec3* row = columns_.newest_row();
    for (int i = 0; i < count; ++i) {
        const int column = column_of_[static_cast<std::size_t>(first_joint + i)];
        if (column >= 0) row[column] = values[i];
    }
}

}  // namespace dynskin
