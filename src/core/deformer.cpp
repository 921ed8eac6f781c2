#include "core/deformer.h"

#include <chrono>
#include <cmath>

#include "core/linear_blend_skinning.h"

namespace dynskin {

Deformer::Deformer(const Character& character)
    : character_(character),
      size_(character_size(character.skeleton, character.mesh)),
      betas_(build_hierarchical_weights(character.skeleton, character.mesh.weights)),
      delayed_lbs_(character.skeleton, character.mesh, betas_, size_),
      history_(character.skeleton.joint_count()),
      fast_(character.mesh, betas_),
      pool_(std::make_unique<WorkerPool>(WorkerPool::default_thread_count())) {}

void Deformer::set_thread_count(int threads) {
    if (threads != pool_->thread_count()) pool_ = std::make_unique<WorkerPool>(threads);
}

namespace {

using Clock = std::chrono::steady_clock;

double elapsed_ms(Clock::time_point from) {
    return std::chrono::duration<double, std::milli>(Clock::now() - from).count();
}

}  // namespace

void Deformer::update_joints(double t, const PoseSampler& sampler, const DynamicSettings& settings) {
    const Skeleton& skeleton = character_.skeleton;
    const auto start = Clock::now();
    history_.advance(t, skeleton, sampler);
    pose_.local = skeleton.rest;
    sampler(t, pose_);
    forward_kinematics(skeleton, pose_, globals_);
    filter_.compute(skeleton, settings, history_, t, pose_, globals_, drives_);
    times_.measure = elapsed_ms(start);
}

void Deformer::update(double t, const PoseSampler& sampler, const DynamicSettings& settings) {
    const SkinnedMesh& mesh = character_.mesh;
    const DynamicParameters& p = settings.parameters;
    update_joints(t, sampler, settings);

    auto start = Clock::now();
    const bool delayed = p.propagation_speed > 0.0f && std::isfinite(p.propagation_speed);
    const bool linear_base = !delayed && p.base == SkinningBase::Linear;
    if (delayed) {
        delayed_lbs_.run(*pool_, character_.skeleton, mesh, betas_, history_, t, pose_, p.propagation_speed,
                         base_positions_, base_normals_);
    } else {
        skinning_matrices(globals_, mesh.inverse_binds, skinning_);
        if (!linear_base) dual_quaternion_skinning(mesh, skinning_, base_positions_, base_normals_);
    }
    times_.skin = elapsed_ms(start);

    start = Clock::now();
    const BendInputs bend{&betas_, &mesh.bend_weights, &drives_, size_, p.max_angle};
    const bool bends = p.mode != DeformerMode::LbsOnly;
    fast_.run(*pool_, linear_base ? &skinning_ : nullptr, bends ? &bend : nullptr, base_positions_, base_normals_,
              positions_, normals_);
    if (!bends) {
        positions_ = base_positions_;
        normals_ = base_normals_;
    }
    times_.bend = elapsed_ms(start);
}

}  // namespace dynskin
