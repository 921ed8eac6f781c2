#pragma once
// What a Deformer (dynskin/deformer.h) runs, stage by stage: measure the joints on the fixed
// clock, filter, morph the rest shape (the pose's morph weights), skin it (LBS, DQS or
// dLBS), then bend. Private: the Deformer's public interface is the way in, joint level
// included; white-box tests reach the stages through engine_of().

#include <optional>
#include <vector>

#include "core/dynamics/joint_level_state.h"
#include "core/dynamics/joint_rig_data.h"
#include "core/fast/blocked_deformer.h"
#include "core/fast/delayed_lbs_fast.h"
#include "dynskin/hierarchical_weights.h"
#include "core/formulas/morphed_rest.h"
#include "core/formulas/squash_centroids.h"
#include "core/support/limited_executor.h"
#include "dynskin/deformer.h"

namespace dynskin {

class DeformerEngine {
public:
    // executor null: the shared pool (shared_executor()), looked up at each loop.
    DeformerEngine(const Character& character, Executor* executor);
    DeformerEngine(const DeformerEngine&) = delete;  // its stages refer to its own members
    DeformerEngine& operator=(const DeformerEngine&) = delete;

    void reset() {
        joints_.reset();
        frames_.clear();
    }
    void update(double t, const PoseSampler& sampler, const DynamicSettings& settings);
    void update(double t, const std::vector<Trs>& locals, const DynamicSettings& settings, const Trs& object);
    void update_joints(double t, const PoseSampler& sampler, const DynamicSettings& settings);
    // The joint level alone (update_joints without the morphed rest), for update_all's
    // first pass over many characters.
    void update_joint_level(double t, const PoseSampler& sampler, const DynamicSettings& settings);
    void update_steady(const Pose& pose, const std::vector<Deformer::SteadyMotion>& motion,
                       const DynamicSettings& settings);
    // The per-vertex half of update(): the morphed rest, the base skinning and the offsets,
    // from the joint level's last update.
    void update_vertices(const DynamicSettings& settings);

    const Character& character() const { return character_; }
    const std::vector<glm::vec3>& positions() const { return frame_.positions; }
    const std::vector<glm::vec3>& normals() const { return frame_.normals; }
    const std::vector<glm::vec3>& base_positions() const { return frame_.base_positions; }
    const std::vector<glm::vec3>& base_normals() const { return frame_.base_normals; }
    const std::vector<glm::vec3>& bind_space_offsets() const { return frame_.bind_space_offsets; }
    void set_outputs(const DeformerOutputs& outputs) { outputs_ = outputs; }
    const DeformerOutputs& outputs() const { return outputs_; }
    const std::vector<glm::mat4>& globals() const { return joints_.globals(); }
    const Pose& pose() const { return joints_.pose(); }
    float size() const { return rig_.size; }
    const StageTimes& stage_times() const { return times_; }

    // The joint level (Deformer's public view of it: joint_row.h, skinning_constants.h).
    const JointLevelState& joint_level() const { return joints_; }
    JointLevelState& joint_level() { return joints_; }

    // The stages' data.
    const std::vector<glm::vec3>& rest_centroids() const { return rig_.rest_centroids; }
    const std::vector<JointDrive>& drives() const { return joints_.drives(); }
    // The rest shape after the pose's morph weights (active() only when the mesh has targets).
    const MorphedRest& morphed_rest() const { return morphed_rest_; }
    const HierarchicalWeights& hierarchical_weights() const { return betas_; }
    // The fast dLBS, once a frame has needed it (null before).
    const DelayedLbs* delayed_lbs() const { return delayed_lbs_.get(); }
    const JointMotionHistory& history() const { return joints_.history(); }

    // At most this many of the executor's threads work on a loop (Deformer::set_thread_count).
    void set_thread_count(int threads);
    int thread_count() const;

private:
    void update_morphed_rest();
    // Skins and adds the offsets; t is the time for dLBS, none for a held pose (no delays).
    // settings: those the joint level last took (its parameters() are theirs).
    void deform(const DynamicSettings& settings, std::optional<double> t);
    // Where this frame's loops run: the executor, limited to thread_limit_ threads.
    LimitedExecutor threads() const;
    // The per-vertex stages' layouts, made by the first frame that runs them: a deformer
    // whose per-vertex work runs elsewhere (a GPU path, each instance of a crowd) never
    // holds them (the cow's deformer: 3.2 MB with them, about 1.4 MB without).
    BlockedDeformer& fast_stage();
    DelayedLbs& delayed_stage();

    const Character& character_;
    HierarchicalWeights betas_;
    JointRigData rig_;
    JointLevelState joints_;
    std::unique_ptr<DelayedLbs> delayed_lbs_;
    std::unique_ptr<BlockedDeformer> fast_;
    MorphedRest morphed_rest_;
    PoseFrames frames_;  // the poses given to update(t, locals)
    Executor* executor_;  // null: shared_executor()
    int thread_limit_ = 0;  // set_thread_count's; 0: none

    std::vector<glm::mat4> skinning_;
    DeformerOutputs outputs_;
    SkinnedFrame frame_;
    StageTimes times_;
};

// The engine inside a deformer, for dynskin's white-box tests (which path a frame took).
const DeformerEngine& engine_of(const Deformer& deformer);
DeformerEngine& engine_of(Deformer& deformer);

}  // namespace dynskin
