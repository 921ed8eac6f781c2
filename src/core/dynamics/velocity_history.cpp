#include "core/dynamics/velocity_history.h"

namespace dynskin {

void VelocityHistory::resize(int joint_count, int capacity) {
    columns_.resize(0, capacity);
    column_of_.assign(static_cast<std::size_t>(joint_count), -1);
}

void VelocityHistory::add_columns_for(const glm::vec3* row) {
    int added = 0;
    for (std::size_t j = 0; j < column_of_.size(); ++j)
        if (column_of_[j] < 0 && row[j] != glm::vec3(0.0f)) column_of_[j] = columns_.joint_count() + added++;
    if (added > 0) columns_.add_columns(added, glm::vec3(0.0f));
}

const glm::vec3* VelocityHistory::compacted(const glm::vec3* row) const {
    thread_local std::vector<glm::vec3> compact;
    if (compact.size() < column_of_.size()) compact.resize(column_of_.size());
    for (std::size_t j = 0; j < column_of_.size(); ++j)
        if (column_of_[j] >= 0) compact[static_cast<std::size_t>(column_of_[j])] = row[j];
    return compact.data();
}

void VelocityHistory::fill(Tick tick, const glm::vec3* row) {
    const int capacity = columns_.capacity();
    columns_.resize(0, capacity);
    for (int& c : column_of_) c = -1;
    add_columns_for(row);
    columns_.fill(tick, compacted(row));
}

void VelocityHistory::push(const glm::vec3* row) {
    add_columns_for(row);
    columns_.push(compacted(row));
}

}  // namespace dynskin
