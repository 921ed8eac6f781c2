#pragma once
// Bakes a clip's Dynamic Skinning into frames a plain skinning player can show: at each frame
// of the schedule, the pose (joint locals) and the bind-space morph offsets that turn that
// pose's LBS into dynskin's result (Deformer::update at the frame's time). Work is done one
// frame per step() so that a caller can show progress and cancel between steps.
//
// A looping clip is played period after period until the skin repeats itself (the largest
// difference between two periods at the same frames is under 1e-6 of the character size),
// then that period is kept: its last frame is the state one period later, which equals the
// first, so the baked loop has no pop at the wrap.

#include <string>
#include <vector>

#include "dynskin/bake_schedule.h"
#include "dynskin/deformer.h"

namespace dynskin {

struct BakeRequest {
    const AnimationClip* clip = nullptr;  // required; must outlive the baker
    DynamicSettings settings;
    double fps = 30.0;
    bool loop = false;
    double tail = 0.0;        // one-shot clips: seconds baked after the clip's end
    bool normals = true;      // also bake normal offsets
    bool positions = false;   // also keep each frame's final positions (a point cache's samples)
    int max_frames = 4096;    // frames become morph targets: beyond this a bake is refused
};

struct BakedFrame {
    std::vector<Trs> locals;                   // the pose, per joint (parent-local)
    std::vector<glm::vec3> position_offsets;   // per vertex, in bind space
    std::vector<glm::vec3> normal_offsets;     // per vertex, empty when not baked
    // Per vertex, world: Deformer::positions() at the frame's time, as it was (not rebuilt
    // from the offsets); empty unless BakeRequest::positions.
    std::vector<glm::vec3> positions;
};

struct BakedAnimation {
    std::string name;           // the clip's
    BakeSchedule schedule;
    std::vector<BakedFrame> frames;  // schedule.frame_count of them
    float size = 1.0f;          // the character size L the errors are relative to
    int settle_periods = 0;     // looping: periods played before the baked one
    double loop_residual = 0.0; // looping: largest difference between the last two periods, in sizes
    bool settled = true;        // looping: the residual reached the tolerance
};

struct BakeError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

class FrameBaker {
public:
    // Periodicity tolerance of a looping bake, in character sizes.
    static constexpr double kLoopTolerance = 1e-6;
    // A loop is given up on (and baked as it is) after this much clip time.
    static constexpr double kMaxSettleSeconds = 40.0;

    // Throws BakeError (no clip, a bad frame rate, too many frames).
    FrameBaker(const Character& character, BakeRequest request);

    bool done() const { return done_; }
    void step();                 // one frame's work; nothing once done
    double progress() const;     // in [0, 1]
    std::string stage() const;   // what step() is doing, for a progress bar
    const BakeSchedule& schedule() const { return schedule_; }

    // The result, once done (moves it out).
    BakedAnimation take();

private:
    BakedFrame frame_at(double t);
    void finish_period();

    const Character& character_;
    BakeRequest request_;
    Deformer deformer_;
    PoseSampler sampler_;
    BakeSchedule schedule_;
    BakedAnimation result_;
    bool done_ = false;
    int next_ = 0;                 // next frame of the current period (or of the one-shot bake)
    int period_ = 0;               // looping: the period being played
    int max_periods_ = 1, expected_periods_ = 1;
    std::vector<std::vector<glm::vec3>> positions_, previous_positions_;  // looping: per frame
    std::vector<glm::mat4> skinning_;
};

// The whole bake at once.
BakedAnimation bake_frames(const Character& character, const BakeRequest& request);

}  // namespace dynskin
