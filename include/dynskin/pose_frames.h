#pragma once
// Poses handed over frame by frame, as a game engine or a DCC tool plays its own animation.
// The deformer's clock measures the joints at its own 60 Hz ticks, between and just after
// the frames it is given: PoseFrames keeps the last few frames and gives the pose at any
// time, interpolated between the frames around it (translations and scales linearly,
// rotations along the shortest arc), extrapolated at the last frames' velocity up to one
// tick past the newest frame, and held beyond that and before the first frame.

#include <cstddef>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "dynskin/pose.h"
#include "dynskin/pose_sampler.h"
#include "dynskin/skeleton.h"

namespace dynskin {

class PoseFrames {
public:
    explicit PoseFrames(int joint_count);

    // Forgets every frame.
    void clear() { count_ = 0; }

    // The joints' parent-local transforms at time t, one per joint in the skeleton's order.
    // A time before the newest frame's starts over from this frame (a jump back). Throws
    // std::invalid_argument, keeping the frames it had, for a wrong count or a value that is
    // not finite or a zero rotation; rotations are normalised.
    // object: where the character's whole object is (Pose::object), interpolated as a joint.
    void add(double t, const std::vector<Trs>& locals, const Trs& object = Trs{});
    // add() for a caller that cannot catch: "" once the frame is added, else why add() would
    // have thrown (the frames kept as they were).
    std::string try_add(double t, const std::vector<Trs>& locals, const Trs& object = Trs{});
    // try_add() for a frame that falls between the second newest frame and the newest, kept in
    // time order: for an engine that poses the instant after the frame it shows before the
    // frame itself, so that its animation ends where it is shown (dynskin-three's
    // updateWithMixer: one animation update a frame fewer); at the time of the frame before
    // the newest, it replaces that frame. Any other time as try_add().
    std::string try_add_before_newest(double t, const std::vector<Trs>& locals, const Trs& object = Trs{});

    // The pose at time t (only its joints' locals and its object are written). The rest of the story is in
    // the header comment; with no frame the pose is left as it is.
    void sample(double t, Pose& pose) const;

    // sample() as a PoseSampler for Deformer::update. It refers to this object.
    PoseSampler sampler() const;

    std::size_t size() const { return count_; }
    double newest_time() const;  // the newest frame's time; 0 without frames

private:
    struct Frame {
        double time = 0.0;
        std::vector<Trs> locals;
        Trs object;
    };
    static constexpr std::size_t kKept = 4;  // the clock reads back at most a few frames

    const Frame& frame(std::size_t back) const;  // 0: the newest
    // The frame into f, rotations normalised; whether it is usable (else problem_of says why).
    // A frame is written aside (spare_), checked while it is written, and swapped into the
    // ring only when usable: a bad one leaves the frames as they were.
    bool write(Frame& f, double t, const std::vector<Trs>& locals, const Trs& object) const;

    int joint_count_;
    std::vector<Frame> ring_;
    Frame spare_;
    std::size_t newest_ = 0, count_ = 0;
};

// The parent-local transforms of the joints whose world matrices are given (one per joint,
// in the skeleton's order): G_parent^-1 G_j, decomposed (dynskin::decompose). Throws
// std::invalid_argument naming the first joint whose matrix is singular or not finite.
std::vector<Trs> locals_from_globals(const Skeleton& skeleton, const std::vector<glm::mat4>& globals);

}  // namespace dynskin
