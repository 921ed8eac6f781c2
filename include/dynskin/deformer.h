#pragma once
// Dynamic Skinning of one character, frame after frame: the library's entry point. Give it
// the time and where poses come from (a clip, a drag, your own animation); read the deformed
// skin. The caller owns the settings and the time; times may come at any rate (the joints
// are measured on a fixed 60 Hz clock, so results do not depend on the frame rate), and no
// memory is allocated after the first frame. Different deformers may be updated from
// several threads at once; their loops share one pool of threads (docs/threads.md). The
// method, term by term: docs/method.md.

#include <cstddef>
#include <memory>
#include <vector>

#include <glm/glm.hpp>

#include "dynskin/character.h"
#include "dynskin/deformer_outputs.h"
#include "dynskin/executor.h"
#include "dynskin/hierarchical_weights.h"
#include "dynskin/joint_row.h"
#include "dynskin/pose_frames.h"
#include "dynskin/pose_sampler.h"
#include "dynskin/settings.h"
#include "dynskin/skinning_constants.h"

namespace dynskin {

class DeformerEngine;  // the stages inside (src/core/deformer_engine.h), not part of the API

// Wall-clock time of the last update's stages, in milliseconds.
struct StageTimes {
    double measure = 0.0;  // ticks of the measurement clock, the pose at t, the filter
    double skin = 0.0;     // DQS or dLBS; for LBS the skinning matrices alone
    double bend = 0.0;     // bend and normals; for LBS also the skinning itself, which runs
                           // fused with the bend in one pass over the vertices
};

class Deformer {
public:
    // Throws std::invalid_argument naming the first problem when character.validate() finds
    // one. The character must outlive the deformer and keep its skeleton and skin unchanged
    // (its painted layers may change: they are read on every frame).
    explicit Deformer(const Character& character);
    // The same, its loops on the caller's executor instead of the process's shared pool;
    // the executor must outlive the deformer.
    Deformer(const Character& character, Executor& executor);
    ~Deformer();
    Deformer(Deformer&&) noexcept;
    Deformer& operator=(Deformer&&) noexcept;

    // Forgets the motion history (and the frames given to update): call on scrub, clip change
    // and reset so no wobble starts.
    void reset();

    // Advances the measurement clock to time t (sampler is called at the tick times, and
    // at t for the pose shown), then deforms.
    void update(double t, const PoseSampler& sampler, const DynamicSettings& settings);

    // Your own animation, frame by frame: the joints' parent-local transforms at time t, one
    // per joint in the skeleton's order (locals_from_globals converts world matrices). The
    // deformer keeps the last frames (PoseFrames) and its clock samples between them, so
    // frames may come at any rate. object: where the character's whole object is in the world
    // (Pose::object; the roots' transforms include it), for DynamicParameters::object_motion.
    // Throws std::invalid_argument, changing nothing, for a wrong count or a value that is not
    // finite.
    void update(double t, const std::vector<Trs>& locals, const DynamicSettings& settings, const Trs& object = Trs{});

    // The joint half of update(): the clock, the pose at t (joints and morph weights, which
    // start from the mesh's defaults before the sampler sets them), its globals, the
    // filter and the morphed rest. Enough for a GPU path that skins and bends in a vertex
    // shader; positions() and the other per-vertex results are then left as they were.
    void update_joints(double t, const PoseSampler& sampler, const DynamicSettings& settings);

    // Velocity Skinning's deformation visualiser: the pose (its morph weights too; none
    // given: the defaults) held still while the joints move at the given constant world
    // velocities (one per joint; missing ones are still), as if forever: the drag and the
    // squash of that motion, no wobble (a constant speed starts none), no dLBS delay, and
    // no history touched. update() then goes on as before.
    struct SteadyMotion {
        glm::vec3 angular{0.0f};  // rad/s, world axis
        glm::vec3 linear{0.0f};   // units/s, world
    };
    void update_steady(const Pose& pose, const std::vector<SteadyMotion>& motion, const DynamicSettings& settings);

    // The last update's result, one per vertex of the character's mesh, in world space.
    const std::vector<glm::vec3>& positions() const;
    const std::vector<glm::vec3>& normals() const;       // unit length
    const std::vector<glm::vec3>& base_positions() const;  // the base skinning, before the offsets
    const std::vector<glm::vec3>& base_normals() const;
    // DeformerOutputs::bind_space_offsets (empty, or the last update's with them on).
    const std::vector<glm::vec3>& bind_space_offsets() const;
    const Pose& pose() const;                       // the pose at the last update's time
    const std::vector<glm::mat4>& globals() const;  // its joints' world matrices
    float size() const;                             // the character size L (character_size)
    const StageTimes& stage_times() const;

    // What the next updates compute beside the positions (deformer_outputs.h); the default:
    // the normals, no bind-space offsets.
    void set_outputs(const DeformerOutputs& outputs);
    const DeformerOutputs& outputs() const;

    // The most threads of its executor that this deformer's per-vertex work uses at once,
    // the calling thread included (at least 1; 1: all on the calling thread). Starts no
    // thread: more than the executor has means all of them. By default, and what
    // thread_count() then says: the executor's thread count (the shared pool's: the
    // hardware's threads). Results do not depend on it.
    void set_thread_count(int threads);
    int thread_count() const;

    // The joint level, for an engine that skins and bends in its own vertex shader, as
    // dynskin's GPU path does (the contract: docs/engine-api.md). Read after update() or
    // update_joints(); the per-vertex results above are not needed.
    int joint_count() const;
    JointRow joint_row(int joint) const;
    // joint_count() rows; of each the parts asked for (those the shader reads: stage_reads()
    // in shader_layout.h), the others left as they were.
    void write_joint_rows(JointRow* rows, JointRowParts parts = {}) const;
    SkinningConstants skinning_constants(const DynamicParameters& parameters) const;
    // dLBS: the joints' local rotations at a tick of the measurement clock (joint_count() of
    // them), for the ticks the history keeps: the last skinning_constants().rotation_ticks up
    // to newest_tick (as many as the longest delay needs, 2 while dLBS is off); null for any
    // other.
    const glm::quat* local_rotations_at(Tick tick) const;
    // Per vertex, built once: the joints that bend it and their beta, and for dLBS each
    // entry's distance along the skeleton from the joint to the vertex, in character sizes.
    const HierarchicalWeights& hierarchical_weights() const;
    std::vector<float> delay_distances() const;
    // The rest shape the base skinning starts from: the mesh's, or the pose's morph (morph
    // targets). A copy of it (a GPU buffer) redoes the vertices of a morph group
    // (morphable_vertices(mesh.morphs)) whenever that group's revision changes; 0 is the
    // unmorphed rest.
    RestShape rest_shape() const;
    std::uint64_t morph_revision(std::size_t group) const;

private:
    friend const DeformerEngine& engine_of(const Deformer& deformer);  // deformer_engine.h
    friend DeformerEngine& engine_of(Deformer& deformer);
    std::unique_ptr<DeformerEngine> engine_;
};

}  // namespace dynskin
