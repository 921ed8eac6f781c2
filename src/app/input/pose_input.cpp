#include "app/input/pose_input.h"

#include <algorithm>
#include <cmath>

namespace dynskin::app {

void PoseInput::reset_drags(int joint_count) {
    drag_rotations.assign(joint_count, glm::quat(1.0f, 0.0f, 0.0f, 0.0f));
    drag_translations.assign(joint_count, glm::vec3(0.0f));
}

void PoseInput::apply(const Character& character, Pose& pose, ClipCursor* cursor) const {
    pose.local = character.skeleton.rest;
    pose.cycle = 0;
    if (clip >= 0 && clip < static_cast<int>(character.clips.size())) {
        const AnimationClip& c = character.clips[clip];
        double t = clip_time;
        if (loop && c.duration > 0.0f) {
            const LoopTime wrapped = loop_time(t, c.duration);
            t = wrapped.time;
            pose.cycle = wrapped.cycle;
        }
        if (cursor) c.sample(t, pose, *cursor);
        else c.sample(t, pose);
    }
    const std::size_t n = std::min(pose.local.size(), drag_rotations.size());
    for (std::size_t j = 0; j < n; ++j) {
        pose.local[j].rotation = glm::normalize(drag_rotations[j] * pose.local[j].rotation);
        pose.local[j].translation += drag_translations[j];
    }
}

void PoseTimeline::record(double world_time, const PoseInput& input) {
    if (count_ > 0 && world_time <= frame(count_ - 1).time) count_ = 0;
    while (count_ >= 2 && frame(1).time < world_time - kept_seconds_) first_ = (first_ + 1) & (ring_.size() - 1), --count_;
    if (count_ == ring_.size()) {  // full: grow, oldest first again
        std::vector<Frame> grown;
        grown.reserve(std::max<std::size_t>(8, 2 * ring_.size()));
        for (std::size_t k = 0; k < count_; ++k) grown.push_back(frame(k));
        grown.resize(grown.capacity(), Frame{0.0, PoseInput{}});
        ring_.swap(grown);
        first_ = 0;
    }
    if (count_ == 0) first_ = 0;
    Frame& f = ring_[(first_ + count_) & (ring_.size() - 1)];
    f.time = world_time;
    f.input = input;  // copies into the frame's own lists: no allocation once they are sized
    ++count_;
}

std::size_t PoseTimeline::memory_bytes() const {
    std::size_t bytes = ring_.capacity() * sizeof(Frame);
    for (const Frame& f : ring_)
        bytes += f.input.drag_rotations.capacity() * sizeof(glm::quat) + f.input.drag_translations.capacity() * sizeof(glm::vec3);
    return bytes;
}

void PoseTimeline::sample(const Character& character, double world_time, Pose& pose, ClipCursor* cursor) const {
    if (count_ == 0) {
        pose.local = character.skeleton.rest;
        return;
    }
    if (world_time >= frame(count_ - 1).time) return frame(count_ - 1).input.apply(character, pose, cursor);
    // The first frame after world_time. The clock samples a tick or two behind the newest
    // frame: the last frames first (a crowd's timelines are far apart in memory, and a
    // search from the middle, or a look at the oldest frame, reads lines of each that
    // nothing else needs), then a binary search over the ring's order.
    std::size_t lo = count_ - 1, hi = count_ - 1;
    for (int step = 0; step < 2 && lo > 1 && world_time < frame(lo - 1).time; ++step) hi = --lo;
    if (lo > 1 && world_time < frame(lo - 1).time) lo = 1;
    while (lo < hi) {
        const std::size_t mid = (lo + hi) / 2;
        if (world_time < frame(mid).time) hi = mid;
        else lo = mid + 1;
    }
    if (lo <= 1 && world_time <= frame(0).time) return frame(0).input.apply(character, pose, cursor);  // held before
    const Frame& b = frame(lo);
    const Frame& a = frame(lo - 1);
    const float s = static_cast<float>((world_time - a.time) / (b.time - a.time));
    blended_ = b.input;
    if (a.input.clip == b.input.clip) blended_.clip_time = a.input.clip_time + s * (b.input.clip_time - a.input.clip_time);
    const std::size_t n = std::min(a.input.drag_rotations.size(), b.input.drag_rotations.size());
    for (std::size_t j = 0; j < n; ++j) {
        blended_.drag_rotations[j] = slerp_shortest(a.input.drag_rotations[j], b.input.drag_rotations[j], s);
        blended_.drag_translations[j] = glm::mix(a.input.drag_translations[j], b.input.drag_translations[j], s);
    }
    blended_.apply(character, pose, cursor);
}

}  // namespace dynskin::app
