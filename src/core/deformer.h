#pragma once
// One character's Dynamic Skinning, frame after frame: measure the joints on the fixed
// clock, filter, morph the rest shape (the pose's morph weights), skin it (LBS, DQS or
// dLBS), then bend. The caller owns the parameters and
// the time; no allocation after the first frame.

#include <memory>
#include <optional>
#include <vector>

#include "core/bend_deformer.h"
#include "core/blocked_deformer.h"
#include "core/character.h"
#include "core/delayed_lbs.h"
#include "core/hierarchical_weights.h"
#include "core/joint_drive.h"
#include "core/joint_motion_history.h"
#include "core/morphed_rest.h"
#include "core/squash_centroids.h"

namespace dynskin {

// Wall-clock time of the last update's stages, in milliseconds (for the performance panel).
struct StageTimes {
    double measure = 0.0;  // ticks of the measurement clock, the pose at t, the filter
    double skin = 0.0;     // DQS or dLBS; for LBS the skinning matrices alone
    double bend = 0.0;     // bend and normals; for LBS also the skinning itself, which runs
                           // fused with the bend in one pass over the vertices
};

class Deformer {
public:
    // The character must outlive the deformer and keep its skeleton and skin unchanged
    // (painting the bend weights is fine: they are read on every frame).
    explicit Deformer(const Character& character);

    // Forget the motion history: call on scrub, clip change and reset so no wobble starts.
    void reset() { history_.clear(); }

    // Advances the measurement clock to time t (sampler is called at the tick times, and
    // at t for the pose shown), then deforms. Times may come at any rate.
    void update(double t, const PoseSampler& sampler, const DynamicSettings& settings);

    // The joint half of update(): the clock, the pose at t (joints and morph weights, which
    // start from the mesh's defaults before the sampler sets them), its globals, the drives
    // and the morphed rest. Enough for a GPU path that skins and bends in a vertex shader;
    // positions() and the other per-vertex results are then left as they were.
    void update_joints(double t, const PoseSampler& sampler, const DynamicSettings& settings);

    // Velocity Skinning's deformation visualiser: the pose (its morph weights too; none
    // given: the defaults) held still while the joints move
    // at the given constant world velocities (one per joint; missing ones are still), as
    // if forever: the drag and the squash of that motion, no wobble (a constant speed
    // starts none), no dLBS delay, and no history touched. update() then goes on as before.
    struct SteadyMotion {
        glm::vec3 angular{0.0f};  // rad/s, world axis
        glm::vec3 linear{0.0f};   // units/s, world
    };
    void update_steady(const Pose& pose, const std::vector<SteadyMotion>& motion, const DynamicSettings& settings);

    const std::vector<glm::vec3>& positions() const { return positions_; }
    const std::vector<glm::vec3>& normals() const { return normals_; }
    const std::vector<glm::vec3>& base_positions() const { return base_positions_; }  // before the bend
    const std::vector<glm::vec3>& base_normals() const { return base_normals_; }
    const std::vector<glm::vec3>& rest_centroids() const { return rest_centroids_; }
    const std::vector<JointDrive>& drives() const { return drives_; }
    const std::vector<glm::mat4>& globals() const { return globals_; }  // joints at t
    const Pose& pose() const { return pose_; }
    // The rest shape after the pose's morph weights (active() only when the mesh has targets).
    const MorphedRest& morphed_rest() const { return morphed_rest_; }
    const HierarchicalWeights& hierarchical_weights() const { return betas_; }
    const DelayedLbs& delayed_lbs() const { return delayed_lbs_; }
    const JointMotionHistory& history() const { return history_; }
    float size() const { return size_; }
    const StageTimes& stage_times() const { return times_; }

    // Threads the per-vertex work is split over, the calling thread included (by default
    // the hardware's). Results do not depend on it.
    void set_thread_count(int threads);
    int thread_count() const { return pool_->thread_count(); }
    // Bytes of the per-vertex data the fast path keeps (its SIMD layout).
    std::size_t fast_path_memory_bytes() const { return fast_.memory_bytes(); }
    // Bytes of what the fast dLBS keeps (its own blocked skin, delays, rotation table).
    std::size_t delayed_memory_bytes() const { return delayed_lbs_.memory_bytes(); }

private:
    // Skins and adds the offsets; t is the time for dLBS, none for a held pose (no delays).
    void deform(const DynamicSettings& settings, std::optional<double> t);

    const Character& character_;
    float size_;
    HierarchicalWeights betas_;
    std::vector<glm::vec3> rest_centroids_;
    DelayedLbs delayed_lbs_;
    JointMotionHistory history_;
    JointDriveFilter filter_;
    BlockedDeformer fast_;
    MorphedRest morphed_rest_;
    std::unique_ptr<WorkerPool> pool_;

    Pose pose_;
    std::vector<glm::mat4> globals_, skinning_;
    std::vector<JointDrive> drives_;
    std::vector<glm::vec3> base_positions_, base_normals_, positions_, normals_;
    StageTimes times_;
};

}  // namespace dynskin
