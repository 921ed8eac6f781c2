#pragma once
// One character instance's joint level: the measurement clock's history, the oscillation
// sums that follow it tick by tick, and for the time of the last update the pose, its
// globals and every joint's drive, from which its joint rows and skinning constants are
// read. What it keeps is its own (tens of kilobytes: the histories are as long as the
// kernel window and the dLBS delays need); what it shares with every instance of the character is
// the JointRigData. The Deformer runs one, a crowd one per instance (dynskin/joint_level.h).

#include <optional>
#include <vector>

#include <glm/gtx/dual_quaternion.hpp>

#include "core/dynamics/joint_drive.h"
#include "core/dynamics/joint_motion_history.h"
#include "core/dynamics/joint_rig_data.h"
#include "core/dynamics/kernel_recursion.h"
#include "core/dynamics/oscillation_sums.h"
#include "dynskin/deformer.h"
#include "dynskin/joint_row.h"
#include "dynskin/skinning_constants.h"

namespace dynskin {

// The history's lengths that these settings need on this rig (HistoryLengths).
HistoryLengths history_lengths(const DynamicSettings& settings, const JointRigData& rig);

class JointLevelState {
public:
    // The rig must outlive the state.
    explicit JointLevelState(const JointRigData& rig);
    JointLevelState(const JointLevelState&) = delete;  // it points into itself (shown_)
    JointLevelState& operator=(const JointLevelState&) = delete;

    // Forgets the motion history: the next update starts afresh, no wobble starts.
    void reset() { history_.clear(); }

    // Advances the clock to t (sampler at the tick times, each tick's oscillation sums
    // stepped), then the pose at t (joints and morph weights, which start from the mesh's
    // defaults), its globals, and the drives interpolated between the two ticks around t.
    void update(double t, const PoseSampler& sampler, const DynamicSettings& settings);
    // The clock's ticks up to t alone (JointDynamics::advance_clock).
    void advance_clock(double t, const PoseSampler& sampler, const DynamicSettings& settings);
    // Velocity Skinning's deformation visualiser (Deformer::update_steady): the pose held
    // while the joints move at constant world velocities; the history is not touched.
    void hold(const Pose& pose, const std::vector<Deformer::SteadyMotion>& motion, const DynamicSettings& settings);

    const Pose& pose() const { return *shown_; }
    const std::vector<glm::mat4>& globals() const { return globals_; }
    // Their centroids and medial axes only while the squash is on (joint_row has them always).
    const std::vector<JointDrive>& drives() const { return drives_; }
    const JointMotionHistory& history() const { return history_; }
    const JointRigData& rig() const { return rig_; }
    double time() const { return time_; }  // of the last update
    // The parameters of the last update's (or hold's) settings, as the engine uses them
    // (parameters_in_use, worked out once per change of settings).
    const DynamicParameters& parameters() const { return parameters_; }

    JointRow joint_row(int joint) const;
    // The parts asked for of every joint's row; streaming: into a table too large for the
    // caches, past them (support/row_store.h).
    void write_joint_rows(JointRow* rows, JointRowParts parts = {}, bool streaming = false) const;
    SkinningConstants skinning_constants(const DynamicParameters& parameters) const;
    // The local rotations at a kept tick (null for any other).
    const glm::quat* local_rotations_at(Tick tick) const;

    // Bytes of everything it holds.
    std::size_t memory_bytes() const;
    // An upper bound of memory_bytes() on this rig with these settings (every joint's
    // velocities kept, the histories at the lengths the settings ask for).
    static std::size_t memory_bound(const JointRigData& rig, const DynamicSettings& settings);

private:
    // The parts asked for of joint j's row: the texels every reader reads (write_row_base),
    // then the others asked for, apart: one function for them all cost the common row (LBS,
    // no dLBS, no squash) two fifths more instructions.
    void write_joint_row(int joint, JointRow& row, JointRowParts parts) const;
    void write_row_base(int joint, JointRow& row) const;
    void write_row_parts(int joint, JointRow& row, JointRowParts parts) const;
    // The rigid part of joint j's skinning matrix as a unit dual quaternion.
    glm::dualquat rigid_part(int joint, const glm::mat4& skinning) const;
    // What the settings mean for each joint, worked out again only when they change.
    void resolve(const DynamicSettings& settings);
    void step_sums();
    // Whether each joint's chain is free of scale, and where they are read (a dual-quaternion
    // base's rows, a chain with scale), each joint's rotation in the world: the product of the
    // pose's rotations. Elsewhere a parent turns vectors into the world by its global matrix,
    // the same rotation to float rounding, without the products.
    void global_rotations(const DynamicParameters& parameters);
    void compute_drives(const DynamicSettings& settings, double t);
    // The drives' squash centroids (squash_centroids.h), when the squash reads them.
    void place_centroids_if_read(const DynamicSettings& settings);

    const JointRigData& rig_;
    JointMotionHistory history_;
    OscillationSums sums_;
    // The tick every followed joint's sums were brought to since the settings last changed.
    std::optional<Tick> sums_at_;
    DynamicSettings resolved_for_;
    DynamicParameters parameters_;  // resolved_for_'s, as the engine uses them (parameters_in_use)
    bool resolved_ = false;
    HistoryLengths lengths_;
    std::vector<OscillationParameters> oscillations_;  // per joint, sanitized
    std::vector<KernelRecursion> recursions_;          // per joint, for its f and tau
    // Per joint: its recursion when its oscillation is read (mode, gain, switches) and not
    // still; null otherwise.
    std::vector<const KernelRecursion*> followed_;
    double time_ = 0.0;  // of the last update
    bool held_ = false;
    Pose pose_;                   // the pose at t when it is not a tick's
    const Pose* shown_ = &pose_;  // the pose at t: pose_, or the newest tick's in the history
    std::vector<glm::mat4> globals_;
    std::vector<glm::quat> global_rotations_;  // current while rotations_kept_
    std::vector<char> unscaled_;
    bool rotations_kept_ = false;
    std::vector<JointDrive> drives_;
    bool centroids_placed_ = false;  // in drives_; else a row places its own
};

}  // namespace dynskin
