#include "core/deformer_engine.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "core/formulas/linear_blend_skinning.h"

namespace dynskin {

DeformerEngine::DeformerEngine(const Character& character, Executor* executor)
    : character_(character),
      size_(character_size(character.skeleton, character.mesh)),
      betas_(build_hierarchical_weights(character.skeleton, character.mesh.weights)),
      rest_centroids_(dynskin::rest_centroids(character.mesh, betas_)),
      history_(character.skeleton.joint_count(), kHistoryTicks, teleport_steps(character.skeleton, size_)),
      morphed_rest_(character.mesh),
      frames_(character.skeleton.joint_count()),
      executor_(executor) {}

BlockedDeformer& DeformerEngine::fast_stage() {
    if (!fast_) fast_ = std::make_unique<BlockedDeformer>(character_.mesh, betas_);
    return *fast_;
}

DelayedLbs& DeformerEngine::delayed_stage() {
    if (!delayed_lbs_) delayed_lbs_ = std::make_unique<DelayedLbs>(character_.skeleton, character_.mesh, betas_, size_);
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

void DeformerEngine::update_joints(double t, const PoseSampler& sampler, const DynamicSettings& settings) {
    const Skeleton& skeleton = character_.skeleton;
    const auto start = Clock::now();
    time_ = t;
    held_ = false;
    history_.advance(t, skeleton, sampler);
    pose_.local = skeleton.rest;
    pose_.morph_weights = morphed_rest_.default_weights();  // same size each frame: no allocation
    sampler(t, pose_);
    LimitedExecutor executor = threads();
    morphed_rest_.update(character_.mesh, pose_.morph_weights, &executor);
    forward_kinematics(skeleton, pose_, globals_);
    filter_.compute(skeleton, settings, history_, t, pose_, globals_, size_, drives_);
    place_centroids(rest_centroids_, character_.mesh.inverse_binds, globals_, settings, size_, drives_);
    times_.measure = elapsed_ms(start);
}

void DeformerEngine::update_steady(const Pose& pose, const std::vector<Deformer::SteadyMotion>& motion,
                             const DynamicSettings& settings) {
    const Skeleton& skeleton = character_.skeleton;
    const DynamicParameters& p = settings.parameters;
    held_ = true;
    pose_ = pose;
    LimitedExecutor executor = threads();
    morphed_rest_.update(character_.mesh, pose_.morph_weights, &executor);
    forward_kinematics(skeleton, pose_, globals_);
    drives_.assign(skeleton.joint_count(), JointDrive{});
    const bool bends = p.mode != DeformerMode::LbsOnly;
    const bool squash = bends && std::isfinite(p.squash) && p.squash != 0.0f;
    const float translation_gain = std::isfinite(p.translation_gain) ? p.translation_gain : 0.0f;
    for (int j = 0; j < skeleton.joint_count(); ++j) {
        const JointSettings joint = j < static_cast<int>(settings.joints.size()) ? settings.joints[j] : JointSettings{};
        JointDrive& d = drives_[j];
        d = resting_drive(joint, globals_[j]);
        if (!bends || j >= static_cast<int>(motion.size())) continue;
        // At a constant speed every difference in the history is zero: F = D omega.
        const float drag = sanitized(settings.oscillation_of(j)).drag;
        if (joint.bend.rotation) d.angular = d.angular_drag = drag * motion[j].angular;
        if (joint.bend.translation) {
            d.linear = d.linear_drag = (translation_gain * drag) * motion[j].linear;
            limit_linear_drive(d, size_, p.max_angle);
        }
        if (squash && joint.squash.rotation) d.angular_velocity = motion[j].angular;
        if (squash && joint.squash.translation) d.linear_velocity = motion[j].linear;
    }
    place_centroids(rest_centroids_, character_.mesh.inverse_binds, globals_, settings, size_, drives_);
    deform(settings, std::nullopt);
}

void DeformerEngine::update(double t, const PoseSampler& sampler, const DynamicSettings& settings) {
    update_joints(t, sampler, settings);
    deform(settings, t);
}

void DeformerEngine::update(double t, const std::vector<Trs>& locals, const DynamicSettings& settings) {
    frames_.add(t, locals);
    update(t, frames_.sampler(), settings);
}

void DeformerEngine::deform(const DynamicSettings& settings, std::optional<double> t) {
    const SkinnedMesh& mesh = character_.mesh;
    const DynamicParameters& p = settings.parameters;
    auto start = Clock::now();
    const bool delayed = t && p.propagation_speed > 0.0f && std::isfinite(p.propagation_speed);
    const bool linear_base = !delayed && p.base == SkinningBase::Linear;
    const MorphedRest* morphed = morphed_rest_.active() ? &morphed_rest_ : nullptr;
    LimitedExecutor executor = threads();
    if (delayed) {
        delayed_stage().run(executor, history_, *t, pose_, p.propagation_speed,
                         frame_.base_positions, frame_.base_normals, morphed);
    } else {
        skinning_matrices(globals_, mesh.inverse_binds, skinning_);
        if (!linear_base) {
            const RestShape rest = morphed ? morphed->shape() : mesh.rest_shape();
            dual_quaternion_skinning(mesh, skinning_, frame_.base_positions, frame_.base_normals, &rest);
        }
    }
    times_.skin = elapsed_ms(start);

    start = Clock::now();
    const BendInputs bend{betas_,           mesh.bend_weights,    drives_,  size_,           p.max_angle,
                          &mesh.floppy_weights, &mesh.squash_weights, p.squash, p.squash_center, p.max_offset};
    const bool bends = p.mode != DeformerMode::LbsOnly;
    if (linear_base && bends) fast_stage().skin_and_bend(executor, skinning_, bend, frame_, morphed);
    else if (linear_base) fast_stage().skin(executor, skinning_, frame_, morphed);
    else if (bends) fast_stage().bend(executor, bend, frame_);
    if (!bends) {
        frame_.positions = frame_.base_positions;
        frame_.normals = frame_.base_normals;
    }
    times_.bend = elapsed_ms(start);
}

JointRow DeformerEngine::joint_row(int j) const {
    const glm::mat4 skinning = globals_[j] * character_.mesh.inverse_binds[j];
    const glm::dualquat dq = rigid_dual_quaternion(skinning);
    const JointDrive& d = drives_[j];
    const Trs& local = pose_.local[j];
    const glm::quat& r = local.rotation;
    JointRow row;
    row.skinning = skinning;
    row.angular_gain = glm::vec4(d.angular, d.gain);
    row.linear = glm::vec4(d.linear, 0.0f);
    row.origin = glm::vec4(d.origin, 1.0f);
    row.dual_real = glm::vec4(dq.real.x, dq.real.y, dq.real.z, dq.real.w);
    row.dual_dual = glm::vec4(dq.dual.x, dq.dual.y, dq.dual.z, dq.dual.w);
    row.translation_parent = glm::vec4(local.translation, float(character_.skeleton.parents[j]));
    row.rotation = glm::vec4(r.x, r.y, r.z, r.w);
    row.scale = glm::vec4(local.scale, 0.0f);
    row.angular_drag = glm::vec4(d.angular_drag, 0.0f);
    row.linear_drag = glm::vec4(d.linear_drag, 0.0f);
    row.angular_velocity = glm::vec4(d.angular_velocity, 0.0f);
    row.linear_velocity = glm::vec4(d.linear_velocity, 0.0f);
    row.position = glm::vec4(d.position, 1.0f);
    row.centroid = glm::vec4(d.centroid, 1.0f);
    row.medial = glm::vec4(d.medial, 0.0f);
    return row;
}

SkinningConstants DeformerEngine::skinning_constants(const DynamicParameters& p) const {
    SkinningConstants c;
    c.size = size_;
    c.bend = p.mode != DeformerMode::LbsOnly;
    c.dual_quaternion = p.base == SkinningBase::DualQuaternion;
    c.max_angle = p.max_angle;
    c.max_offset = p.max_offset > 0.0f && std::isfinite(p.max_offset) ? p.max_offset * size_ : 0.0f;
    c.squash = std::isfinite(p.squash) ? p.squash : 0.0f;
    c.squash_about_centroid = p.squash_center == SquashCenter::Centroid;
    c.delayed = !held_ && p.propagation_speed > 0.0f && std::isfinite(p.propagation_speed) && history_.started();
    c.propagation_speed = c.delayed ? p.propagation_speed : 0.0f;
    c.newest_tick = history_.newest_tick();
    c.since_previous_tick =
        static_cast<float>(std::clamp((time_ - tick_time(c.newest_tick - 1)) * kTicksPerSecond, 1e-6, 1.0));
    c.history_restarts = history_.restarts();
    return c;
}

}  // namespace dynskin
