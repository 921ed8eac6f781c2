#pragma once
// The joint level alone, for many instances of a character: a crowd, an engine that skins
// in its own vertex shader, a browser runtime. A JointRig is what every instance of a
// character shares (built once: its size, squash centroids, teleport steps), a
// JointDynamics one instance's own state (its motion history, as long as the kernel window
// and the dLBS delays need, and the oscillation sums that follow it tick by tick: tens of
// kilobytes, 43 for a cow), and a JointLevelJob updates many instances at once on an executor. A
// Deformer runs the same joint level for its own per-vertex stage; these are what to use
// when the vertices are skinned elsewhere. What the rows and constants mean:
// docs/engine-api.md.

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "dynskin/character.h"
#include "dynskin/executor.h"
#include "dynskin/joint_row.h"
#include "dynskin/pose_sampler.h"
#include "dynskin/settings.h"
#include "dynskin/skinning_constants.h"

namespace dynskin {

struct JointRigData;    // src/core/dynamics/joint_rig_data.h, not part of the API
class JointLevelState;  // src/core/dynamics/joint_level_state.h, not part of the API

class JointRig {
public:
    // Throws std::invalid_argument naming the first problem when character.validate() finds
    // one. The rig keeps what it reads of the character (its skeleton, inverse binds and
    // squash centroids): the character need not outlive it.
    explicit JointRig(const Character& character);
    ~JointRig();
    JointRig(JointRig&&) noexcept;
    JointRig& operator=(JointRig&&) noexcept;

    int joint_count() const;
    float size() const;  // the character size L (character_size)

private:
    friend class JointDynamics;
    std::unique_ptr<JointRigData> data_;
};

// One instance: Deformer::update_joints and the joint-level reads of a Deformer, without
// the per-vertex data. Times may come at any rate; nothing is allocated from one frame to
// the next unless the settings ask for a longer history.
class JointDynamics {
public:
    // The rig must outlive it.
    explicit JointDynamics(const JointRig& rig);
    ~JointDynamics();
    JointDynamics(JointDynamics&&) noexcept;
    JointDynamics& operator=(JointDynamics&&) noexcept;

    // Forgets the motion history (scrub, clip change, reset): no wobble starts.
    void reset();
    // Advances the measurement clock to t (sampler is called at the tick times, and at t
    // unless t is a tick), then the pose at t, its globals and every joint's drive.
    void update(double t, const PoseSampler& sampler, const DynamicSettings& settings);
    // The clock alone, to the first tick at or after t: for the ticks a late frame covers
    // when their poses come one at a time (an animation mixer stepped tick by tick), before
    // update() at the frame's own time; read the rows and constants after that.
    void advance_clock(double t, const PoseSampler& sampler, const DynamicSettings& settings);

    int joint_count() const;
    float size() const;
    const Pose& pose() const;                       // at the last update's time
    const std::vector<glm::mat4>& globals() const;  // its joints' world matrices
    JointRow joint_row(int joint) const;
    // joint_count() rows; of each the parts asked for (those the shader reads: stage_reads()
    // in shader_layout.h), the others left as they were.
    void write_joint_rows(JointRow* rows, JointRowParts parts = {}) const;
    SkinningConstants skinning_constants(const DynamicParameters& parameters) const;
    // dLBS: the local rotations at one of the last skinning_constants().rotation_ticks ticks
    // up to newest_tick; null for any other.
    const glm::quat* local_rotations_at(Tick tick) const;
    // Bytes this instance holds (its share of nothing: the rig is counted apart).
    std::size_t memory_bytes() const;
    // An upper bound of memory_bytes() for an instance of rig with these settings: for
    // sizing a crowd to the memory there is.
    static std::size_t memory_bound(const JointRig& rig, const DynamicSettings& settings);

private:
    friend struct JointLevelJob;
    std::unique_ptr<JointLevelState> state_;
};

// Many instances' update() in one call, in the shape of ozz-animation's jobs: the inputs
// and outputs as a span, validate() says what is wrong, run() does the work on an executor
// (a few instances to a range; their results do not depend on the thread count).
struct JointLevelJob {
    struct Item {
        JointDynamics* dynamics = nullptr;  // at most once in a job
        double t = 0.0;
        // Called from the executor's threads; one shared by several items is called from
        // several threads at once (clip_sampler's samplers only read their clip: they may be).
        const PoseSampler* sampler = nullptr;
        const DynamicSettings* settings = nullptr;
        JointRow* rows = nullptr;  // where its joint_count() rows go after the update; null: nowhere
        JointRowParts parts;       // the parts of them written (all, unless said)
    };
    const Item* items = nullptr;
    std::size_t count = 0;

    JointLevelJob() = default;
    JointLevelJob(const Item* items_, std::size_t count_) : items(items_), count(count_) {}
    explicit JointLevelJob(const std::vector<Item>& all) : items(all.data()), count(all.size()) {}

    // Empty when every item has its dynamics, sampler and settings; else the first problem.
    std::string validate() const;
    // Throws std::invalid_argument, updating nothing, when validate() fails. When updates
    // throw (a sampler's exception), the others still run and the first of them in the
    // items' order is rethrown.
    void run(Executor& executor = shared_executor()) const;
};

}  // namespace dynskin
