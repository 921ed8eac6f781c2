#pragma once
// Each joint's local rotation over the recent past, as the slerp segments dLBS reads it at
// a delayed time, in the form the SIMD kernel looks up. Segment k runs from the rotation of
// tick k to that of tick k + 1; the newest one, k = n - 1, from tick n - 1 to the pose at t
// itself (n: the history's newest tick, t_{n-1} < t <= t_n). On segment k,
//
//     r(phi) = cos(phi) q0 + sin(phi) u,   phi = rate * (ticks since t_k),
//
// with q0 the rotation at the start, u the unit quaternion orthogonal to q0 in the plane of
// the shortest arc, and rate the arc's half angle per tick: exactly slerp_shortest, with
// the angle and its axis worked out once per segment (in double) instead of per vertex.
//
// The table mirrors the history's rotations incrementally: a new tick adds one segment per
// joint, and only the newest segment is redone every frame. Storage is a ring of
// `capacity` segments per joint and field (structure of arrays), with its first kPad
// entries repeated after the end, so that any kPad consecutive segments can be loaded as
// one vector and picked per lane with a table lookup.

#include <cstdint>
#include <vector>

#include "core/dynamics/joint_motion_history.h"
#include "core/fast/sincos_range.h"

namespace dynskin {

class DelayedRotationTable {
public:
    enum Field { kRate, kQ0W, kQ0X, kQ0Y, kQ0Z, kUW, kUX, kUY, kUZ, kFieldCount };
    static constexpr int kPad = 16;  // at least the widest SIMD vector of floats

    // Brings the table to time t (the history must have advanced to t) so that it reaches
    // `longest_delay_ticks` back from t. Allocates only when that grows past the capacity
    // (a smaller propagation speed), never from one frame to the next.
    void update(const JointMotionHistory& history, const Pose& pose, double t, double longest_delay_ticks);

    // Segment k of `joint` is at ring position k & (capacity - 1) of each field's row.
    const float* row(int joint, Field field) const {
        return data_.data() + (static_cast<std::size_t>(joint) * kFieldCount + field) * stride();
    }
    // The same segment's fields side by side (a block whose lanes all read one segment
    // broadcasts them from one address).
    const float* segment(int joint, int position) const {
        return segments_.data() + (static_cast<std::size_t>(joint) * capacity_ + position) * kFieldCount;
    }
    int capacity() const { return capacity_; }
    Tick newest_segment() const { return newest_segment_; }  // n - 1
    double fraction() const { return fraction_; }            // (t - t_{n-1}) in ticks, in (0, 1]
    // The oldest segment a delay may reach, relative to n - 1 (older delays read it at its
    // start): the start of the table, or the segment before the history's oldest tick.
    Tick lowest_segment() const { return lowest_segment_; }
    // The range of every phi the kernel evaluates (each at most its segment's half angle):
    // kTiny while no joint turns faster than 15 rad/s, kSmall up to a right angle a tick.
    SinCosRange angle_range() const {
        return large_segments_ > 0 ? SinCosRange::kAny : above_tiny_segments_ > 0 ? SinCosRange::kSmall : SinCosRange::kTiny;
    }
    std::size_t memory_bytes() const {
        return (data_.capacity() + segments_.capacity()) * sizeof(float) + range_.capacity();
    }

private:
    std::size_t stride() const { return static_cast<std::size_t>(capacity_) + kPad; }
    void resize(int joint_count, int capacity);
    // One segment of one joint from q0 to q1 over `ticks` ticks, written at ring position pos.
    void write(int joint, int pos, const glm::quat& q0, const glm::quat& q1, double ticks);

    int joint_count_ = 0;
    int capacity_ = 0;  // a power of two, at least kPad
    std::vector<float> data_;      // per joint and field, a row of segments
    std::vector<float> segments_;  // per joint and segment, its fields
    std::vector<SinCosRange> range_;  // per joint and ring position: its half angle's
    int above_tiny_segments_ = 0;     // kSmall or kAny
    int large_segments_ = 0;
    int restarts_seen_ = -1;
    bool holds_segments_ = false;  // full tick segments up to valid_to_ are in the ring
    Tick valid_to_ = 0;
    Tick newest_segment_ = 0;
    Tick lowest_segment_ = 0;
    double fraction_ = 1.0;
};

}  // namespace dynskin
