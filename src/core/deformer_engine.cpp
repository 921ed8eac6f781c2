#include "core/deformer_engine.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "dynskin/bind_space_offsets.h"
#include "dynskin/linear_blend_skinning.h"

namespace dynskin {

DeformerEngine::DeformerEngine(const Character& character, Executor* executor)
    : character_(character),
      betas_(build_hierarchical_weights(character.skeleton, character.mesh.weights)),
      rig_(character, betas_),
      joints_(rig_),
      morphed_rest_(character.mesh),
      frames_(character.skeleton.joint_count()),
      executor_(executor) {}

BlockedDeformer& DeformerEngine::fast_stage() {
    if (!fast_) fast_ = std::make_unique<BlockedDeformer>(character_.mesh, betas_);
    return *fast_;
}

DelayedLbs& DeformerEngine::delayed_stage() {
    if (!delayed_lbs_) delayed_lbs_ = std::make_unique<DelayedLbs>(character_.skeleton, character_.mesh, betas_, rig_.size);
    return *delayed_lbs_;
}

void DeformerEngine::set_thread_count(int threads) { thread_limit_ = std::max(threads, 1); }

int DeformerEngine::thread_count() const {
    return thread_limit_ > 0 ? thread_limit_ : (executor_ ? *executor_ : shared_executor()).thread_count();
}

LimitedExecutor DeformerEngine::threads() const {
    // The shared pool looked up each frame, not kept: a child process made by fork() has its own.
    return LimitedExecutor(executor_ ? *executor_ : shared_executor(), thread_limit_);
}

namespace {

using Clock = std::chrono::steady_clock;

double elapsed_ms(Clock::time_point from) {
    return std::chrono::duration<double, std::milli>(Clock::now() - from).count();
}

}  // namespace

void DeformerEngine::update_joint_level(double t, const PoseSampler& sampler, const DynamicSettings& settings) {
    const auto start = Clock::now();
    joints_.update(t, sampler, settings);
    times_.measure = elapsed_ms(start);
}

void DeformerEngine::update_morphed_rest() {
    LimitedExecutor executor = threads();
    morphed_rest_.update(character_.mesh, joints_.pose().morph_weights, &executor);
}

void DeformerEngine::update_joints(double t, const PoseSampler& sampler, const DynamicSettings& settings) {
    update_joint_level(t, sampler, settings);
    update_morphed_rest();
}

void DeformerEngine::update_vertices(const DynamicSettings& settings) {
    update_morphed_rest();
    deform(settings, joints_.time());
}

void DeformerEngine::update_steady(const Pose& pose, const std::vector<Deformer::SteadyMotion>& motion,
                             const DynamicSettings& settings) {
    joints_.hold(pose, motion, settings);
    update_morphed_rest();
    deform(settings, std::nullopt);
}

void DeformerEngine::update(double t, const PoseSampler& sampler, const DynamicSettings& settings) {
    update_joint_level(t, sampler, settings);
    update_vertices(settings);
}

void DeformerEngine::update(double t, const std::vector<Trs>& locals, const DynamicSettings& settings,
                            const Trs& object) {
    frames_.add(t, locals, object);
    update(t, frames_.sampler(), settings);
}

void DeformerEngine::deform(const DynamicSettings& settings, std::optional<double> t) {
    const SkinnedMesh& mesh = character_.mesh;
    // (The joint level has just taken these settings: their parameters as the engine uses them.)
    const DynamicParameters& p = joints_.parameters();
    auto start = Clock::now();
    const bool delayed = t && p.propagation_speed > 0.0f && std::isfinite(p.propagation_speed);
    const bool linear_base = !delayed && p.base == SkinningBase::Linear;
    const MorphedRest* morphed = morphed_rest_.active() ? &morphed_rest_ : nullptr;
    LimitedExecutor executor = threads();
    if (!delayed || outputs_.bind_space_offsets)
        skinning_matrices(joints_.globals(), mesh.inverse_binds, skinning_);
    if (delayed) {
        delayed_stage().run(executor, joints_.history(), *t, joints_.pose(), p.propagation_speed,
                         frame_.base_positions, frame_.base_normals, morphed);
    } else if (!linear_base) {
        const RestShape rest = morphed ? morphed->shape() : mesh.rest_shape();
        dual_quaternion_skinning(mesh, skinning_, frame_.base_positions, frame_.base_normals, &rest);
    }
    times_.skin = elapsed_ms(start);

    start = Clock::now();
    // The bind-space offsets come with the LBS pass where its base is theirs (the unmorphed
    // rest's LBS); otherwise from the finished skin.
    const bool offsets_with_lbs = linear_base && !morphed;
    const DeformerOutputs outputs{outputs_.normals, outputs_.bind_space_offsets && offsets_with_lbs};
    const SkinningConstants constants = joints_.skinning_constants(settings.parameters);
    const BendInputs bend{betas_,           mesh.bend_weights,    joints_.drives(),  rig_.size,           p.max_angle,
                          &mesh.floppy_weights, &mesh.squash_weights, p.squash, p.squash_center, p.max_offset,
                          GroundFade{constants.ground_band, constants.ground_height, constants.ground_up}};
    const bool bends = p.mode != DeformerMode::LbsOnly;
    if (linear_base && bends) fast_stage().skin_and_bend(executor, skinning_, bend, frame_, morphed, outputs);
    else if (linear_base) fast_stage().skin(executor, skinning_, frame_, morphed, outputs);
    else if (bends) fast_stage().bend(executor, bend, frame_, outputs);
    if (!bends) {
        frame_.positions = frame_.base_positions;
        if (outputs_.normals) frame_.normals = frame_.base_normals;
    }
    if (!outputs_.bind_space_offsets) frame_.bind_space_offsets.clear();  // (never a stale one)
    else if (!offsets_with_lbs)
        dynskin::bind_space_offsets(mesh, skinning_, frame_.positions, frame_.normals, frame_.bind_space_offsets, nullptr);
    times_.bend = elapsed_ms(start);
}

}  // namespace dynskin
