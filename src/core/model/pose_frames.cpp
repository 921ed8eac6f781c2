#include "dynskin/pose_frames.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "core/model/copy_locals.h"
#include "core/model/pose_blend.h"
#include "dynskin/measurement_clock.h"

namespace dynskin {
namespace {

// A transform an engine hands over is usable when it is finite and its rotation is not zero:
// 0 * v is 0 for a finite v and NaN otherwise, and a squared length that overflows is not
// finite. Written with & rather than &&: checked for every joint of every frame, without a
// branch.
bool usable(const Trs& l, float rotation_length2) {
    const glm::vec3 zeros = 0.0f * l.translation + 0.0f * l.scale;
    return (zeros == glm::vec3(0.0f)) & (rotation_length2 > 1e-12f) & (rotation_length2 <= std::numeric_limits<float>::max());
}

bool usable(const Trs& l) { return usable(l, glm::dot(l.rotation, l.rotation)); }

// l into out, its rotation normalised as glm::normalize does; whether l is usable.
bool write_normalized(const Trs& l, Trs& out) {
    const float length2 = glm::dot(l.rotation, l.rotation);
    out.translation = l.translation;
    out.rotation = l.rotation * (1.0f / std::sqrt(length2));
    out.scale = l.scale;
    return usable(l, length2);
}

std::string problem_of(int joint_count, double t, const std::vector<Trs>& locals, const Trs& object) {
    if (!std::isfinite(t)) return "the frame's time is not a finite number";
    if (static_cast<int>(locals.size()) != joint_count)
        return std::to_string(locals.size()) + " joint transforms for " + std::to_string(joint_count) + " joints";
    for (std::size_t j = 0; j < locals.size(); ++j)
        if (!usable(locals[j])) return "joint " + std::to_string(j) + "'s transform is not finite or has a zero rotation";
    if (!usable(object) || !(object.scale.x != 0.0f && object.scale.y != 0.0f && object.scale.z != 0.0f))
        return "the object's transform is not finite, has a zero rotation or a zero scale";
    return {};
}

}  // namespace

PoseFrames::PoseFrames(int joint_count) : joint_count_(joint_count), ring_(kKept) {}

const PoseFrames::Frame& PoseFrames::frame(std::size_t back) const {
    return ring_[(newest_ + kKept - back) % kKept];
}

double PoseFrames::newest_time() const { return count_ ? frame(0).time : 0.0; }

void PoseFrames::add(double t, const std::vector<Trs>& locals, const Trs& object) {
    const std::string problem = try_add(t, locals, object);
    if (!problem.empty()) throw std::invalid_argument(problem);
}

bool PoseFrames::write(Frame& f, double t, const std::vector<Trs>& locals, const Trs& object) const {
    if (!std::isfinite(t) || static_cast<int>(locals.size()) != joint_count_) return false;
    f.time = t;
    f.locals.resize(locals.size());  // same size each time: no allocation after the first frames
    // usable() for every joint: the rotations' lengths in the loop that normalises them, the
    // finiteness of all their numbers in one pass over them as floats (SIMD lanes), which is
    // half the instructions of checking the translation and the scale joint by joint.
    bool ok = true;
    for (std::size_t j = 0; j < locals.size(); ++j) {
        const Trs& l = locals[j];
        const float length2 = glm::dot(l.rotation, l.rotation);
        Trs& out = f.locals[j];
        out.translation = l.translation;
        out.rotation = l.rotation * (1.0f / std::sqrt(length2));
        out.scale = l.scale;
        ok &= (length2 > 1e-12f) & (length2 <= std::numeric_limits<float>::max());
    }
    static_assert(sizeof(Trs) == 10 * sizeof(float), "a Trs is its floats");
    const float* numbers = reinterpret_cast<const float*>(locals.data());
    int finite = 1;
    for (std::size_t i = 0, n = 10 * locals.size(); i < n; ++i) finite &= 0.0f * numbers[i] == 0.0f;
    ok &= finite != 0;
    ok &= write_normalized(object, f.object);
    return ok && object.scale.x != 0.0f && object.scale.y != 0.0f && object.scale.z != 0.0f;
}

std::string PoseFrames::try_add(double t, const std::vector<Trs>& locals, const Trs& object) {
    if (!write(spare_, t, locals, object)) return problem_of(joint_count_, t, locals, object);
    if (count_ && t < frame(0).time) count_ = 0;  // a jump back: start over
    if (count_ && t == frame(0).time) --count_;   // the same time again: replace that frame
    newest_ = count_ ? (newest_ + 1) % kKept : 0;
    std::swap(ring_[newest_], spare_);
    count_ = std::min(count_ + 1, kKept);
    return {};
}

std::string PoseFrames::try_add_before_newest(double t, const std::vector<Trs>& locals, const Trs& object) {
    const bool between = count_ > 0 && t < frame(0).time && (count_ == 1 || t >= frame(1).time);
    if (!between) return try_add(t, locals, object);
    if (!write(spare_, t, locals, object)) return problem_of(joint_count_, t, locals, object);
    if (count_ > 1 && t == frame(1).time) {  // the same time again: that frame replaced
        std::swap(ring_[(newest_ + kKept - 1) % kKept], spare_);
        return {};
    }
    // The newest moves one slot on (over the oldest when the ring is full), and the frame
    // takes its place: swapped, so that no pose is copied.
    const std::size_t later = (newest_ + 1) % kKept;
    std::swap(ring_[later], ring_[newest_]);
    std::swap(ring_[newest_], spare_);
    newest_ = later;
    count_ = std::min(count_ + 1, kKept);
    return {};
}

void PoseFrames::sample(double t, Pose& pose) const {
    if (!count_) return;
    pose.local.resize(joint_count_);
    constexpr double kForever = std::numeric_limits<double>::infinity();
    // The uniform span (Pose::uniform) from frame(back) on: to the next frame, and for the
    // newest pair on to one tick past the newest (the carrying on follows the same great
    // circle at the same rate); from the oldest back, or around a lone frame, held.
    const auto span_from = [this](std::size_t back) -> Pose::Span {
        if (back == 0) return {count_ > 1 ? frame(0).time + kTickSeconds : -kForever, kForever};
        return {frame(back).time, back == 1 ? frame(0).time + kTickSeconds : frame(back - 1).time};
    };
    const auto hold = [&pose](const Frame& f, Pose::Span span) {
        copy_locals(f.locals, pose.local);
        pose.object = f.object;
        pose.uniform = span;
    };
    // A frame's own time reads that frame as given, within the clock's 1e-9 tick: frames
    // whose times are sums of intervals fall a hair off the ticks, where the clock samples.
    for (std::size_t back = 0; back < count_; ++back) {
        const Frame& f = frame(back);
        if (std::abs(t - f.time) * kTicksPerSecond <= 1e-9)
            return hold(f, back + 1 < count_ ? span_from(back + 1) : Pose::Span{-kForever, f.time});
    }
    const Frame& newest = frame(0);
    if (t >= newest.time) {
        // Past the newest frame: carry on at the last frames' velocity for one tick (the
        // clock measures the tick at or after the time shown), then hold.
        const double ahead = std::min(t - newest.time, kTickSeconds);
        if (count_ < 2 || ahead <= 0.0) return hold(newest, count_ < 2 ? span_from(0) : span_from(1));
        const Frame& before = frame(1);
        const float a = static_cast<float>(1.0 + ahead / (newest.time - before.time));
        blend_all(before.locals, newest.locals, a, pose.local);
        pose.object = blend(before.object, newest.object, a);
        pose.uniform = ahead < kTickSeconds ? span_from(1) : span_from(0);
        return;
    }
    for (std::size_t back = 1; back < count_; ++back) {
        const Frame& from = frame(back);
        if (t < from.time) continue;
        const Frame& to = frame(back - 1);
        const float a = static_cast<float>((t - from.time) / (to.time - from.time));
        blend_all(from.locals, to.locals, a, pose.local);
        pose.object = blend(from.object, to.object, a);
        pose.uniform = span_from(back);
        return;
    }
    hold(frame(count_ - 1), {-kForever, frame(count_ - 1).time});  // before the oldest frame kept: held
}

PoseSampler PoseFrames::sampler() const {
    return [this](double t, Pose& pose) { sample(t, pose); };
}

std::vector<Trs> locals_from_globals(const Skeleton& skeleton, const std::vector<glm::mat4>& globals) {
    if (static_cast<int>(globals.size()) != skeleton.joint_count())
        throw std::invalid_argument(std::to_string(globals.size()) + " joint matrices for " +
                                    std::to_string(skeleton.joint_count()) + " joints");
    std::vector<Trs> locals(globals.size());
    for (int j = 0; j < skeleton.joint_count(); ++j) {
        const int parent = skeleton.parents[j];
        const glm::dmat4 global(globals[j]);
        const glm::dmat4 local = parent < 0 ? global : glm::inverse(glm::dmat4(globals[parent])) * global;
        if (!decompose(local, locals[j])) {
            const std::string name = j < static_cast<int>(skeleton.names.size()) ? " (" + skeleton.names[j] + ")" : "";
            throw std::invalid_argument("joint " + std::to_string(j) + name + " has a singular or non-finite world matrix");
        }
    }
    return locals;
}

}  // namespace dynskin
