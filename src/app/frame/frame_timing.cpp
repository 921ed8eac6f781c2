#include "app/frame/frame_timing.h"

#include <algorithm>

namespace dynskin::app {

void FrameTiming::record(float interval, float frame) {
    interval_ms = std::max(interval, 0.0f);
    work_ms = std::max(frame - present_ms, 0.0f);
    work_history.push_back(work_ms);
    wait_history.push_back(wait_ms());
    while (work_history.size() > kHistory) work_history.pop_front();
    while (wait_history.size() > kHistory) wait_history.pop_front();
}

}  // namespace dynskin::app
