#include "core/dynamics/joint_level_state.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "core/formulas/rigid_dual_quaternion.h"
#include "core/formulas/squash_centroids.h"
#include "core/model/copy_locals.h"
#include "core/support/row_store.h"
#include "dynskin/oscillation_kernel.h"
#include "dynskin/settings_schema.h"

namespace dynskin {
namespace {

const JointSettings kDefaultJoint{};

const JointSettings& joint_settings(const DynamicSettings& settings, int joint) {
    return joint < static_cast<int>(settings.joints.size()) ? settings.joints[joint] : kDefaultJoint;
}

float finite_or_zero(float v) { return std::isfinite(v) ? v : 0.0f; }

bool dlbs_on(const DynamicParameters& p) { return p.propagation_speed > 0.0f && std::isfinite(p.propagation_speed); }

bool squash_on(const DynamicParameters& p) { return std::isfinite(p.squash) && p.squash != 0.0f; }

}  // namespace

HistoryLengths history_lengths(const DynamicSettings& settings, const JointRigData& rig) {
    const DynamicParameters p = parameters_in_use(settings.parameters);
    HistoryLengths lengths;
    // The velocities as long as the longest kernel, whatever the mode and the gains: a
    // switch to the oscillations (mode, a joint's gain) then filters the past as it was.
    int longest = OscillationKernel::truncated_length(sanitized(p.oscillation).damping);
    for (const JointSettings& joint : settings.joints)
        if (joint.override_oscillation)
            longest = std::max(longest, OscillationKernel::truncated_length(sanitized(joint.oscillation).damping));
    lengths.velocities = longest + 2;  // the window, and the tick before each of the two newest
    if (dlbs_on(p)) {
        const double ticks = std::ceil(double(rig.longest_delay_distance) / p.propagation_speed * kTicksPerSecond);
        lengths.rotations = static_cast<int>(std::min(ticks + 2.0, double(kHistoryTicks)));
    }
    return lengths;
}

JointLevelState::JointLevelState(const JointRigData& rig)
    : rig_(rig),
      history_(rig.skeleton.joint_count(), HistoryLengths{}, rig.teleport_steps),
      oscillations_(static_cast<std::size_t>(rig.skeleton.joint_count())),
      recursions_(static_cast<std::size_t>(rig.skeleton.joint_count())),
      followed_(static_cast<std::size_t>(rig.skeleton.joint_count()), nullptr) {
    sums_.resize(rig.skeleton.joint_count());
}

namespace {

// Whether two settings are the same, byte for byte: a quick yes for the settings of the
// last frame (a copy of them, or the same object), which is all the check is for; settings
// that differ only in their padding, or by -0 against 0, are merely worked out again.
static_assert(std::is_trivially_copyable_v<DynamicParameters> && std::is_trivially_copyable_v<JointSettings>);
bool equal_bytes(const void* a, const void* b, std::size_t count) {
#if defined(__EMSCRIPTEN__)
    // 8 bytes at a time without a branch: Emscripten's memcmp compares a byte at a time, which
    // for a kilobyte or two of joint settings cost a web runtime's frame a few percent. (A
    // native libc's, vectorised, is cheaper than this loop.)
    const unsigned char* x = static_cast<const unsigned char*>(a);
    const unsigned char* y = static_cast<const unsigned char*>(b);
    std::uint64_t differ = 0;
    std::size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        std::uint64_t u, v;
        std::memcpy(&u, x + i, 8);
        std::memcpy(&v, y + i, 8);
        differ |= u ^ v;
    }
    for (; i < count; ++i) differ |= x[i] ^ y[i];
    return differ == 0;
#else
    return std::memcmp(a, b, count) == 0;
#endif
}
bool same_bytes(const DynamicSettings& a, const DynamicSettings& b) {
    return equal_bytes(&a.parameters, &b.parameters, sizeof(DynamicParameters)) && a.joints.size() == b.joints.size() &&
           (a.joints.empty() || equal_bytes(a.joints.data(), b.joints.data(), a.joints.size() * sizeof(JointSettings)));
}

}  // namespace

void JointLevelState::resolve(const DynamicSettings& settings) {
    if (resolved_ && same_bytes(settings, resolved_for_)) return;
    resolved_for_ = settings;
    resolved_ = true;
    sums_at_.reset();  // a joint's kernel, or whether it is followed, may have changed
    lengths_ = history_lengths(settings, rig_);
    const DynamicParameters& p = parameters_ = parameters_in_use(settings.parameters);
    const bool translates = finite_or_zero(p.translation_gain) != 0.0f;
    for (int j = 0; j < rig_.skeleton.joint_count(); ++j) {
        const OscillationParameters& o = oscillations_[j] = sanitized(settings.oscillation_of(j));
        KernelRecursion& r = recursions_[j];
        if (!r.made_for(o.frequency, o.damping)) r = kernel_recursion(o.frequency, o.damping);
        // A joint whose oscillation nothing reads is not followed (and is seeded again from
        // its history if that changes).
        const JointSettings& joint = joint_settings(settings, j);
        const bool read = p.mode == DeformerMode::DynamicSkinning && joint_gain(joint) != 0.0f &&
                          (joint.bend.rotation || (joint.bend.translation && translates));
        followed_[j] = read && r.oscillates() ? &r : nullptr;
    }
}

void JointLevelState::step_sums() {
    sums_.bring_all_to_newest(followed_, history_.angular_velocity(), history_.linear_velocity());
    sums_at_ = history_.newest_tick();
}

void JointLevelState::advance_clock(double t, const PoseSampler& sampler, const DynamicSettings& settings) {
    resolve(settings);
    history_.set_lengths(lengths_);
    history_.set_object_motion(parameters_.object_motion);
    history_.advance(t, rig_.skeleton, sampler, [this](bool restarted) {
        if (restarted) {
            sums_.restart(history_.newest_tick());  // every sum zero there, for any kernel
            sums_at_ = history_.newest_tick();
        } else {
            step_sums();
        }
    });
    // Sums not stepped at this tick (no tick came since the settings changed f or tau, or a
    // joint started to oscillate): brought to it now, once, not in every frame's drives.
    if (sums_at_ != history_.newest_tick()) step_sums();
}

void JointLevelState::update(double t, const PoseSampler& sampler, const DynamicSettings& settings) {
    const Skeleton& skeleton = rig_.skeleton;
    time_ = t;
    held_ = false;
    advance_clock(t, sampler, settings);
    // The pose at t: a frame at a tick is that tick's pose, already sampled (unless the mesh
    // has morph weights, which the ticks do not sample).
    const Tick n = history_.newest_tick();
    if (rig_.morph_defaults.empty() && std::abs(t - tick_time(n)) * kTicksPerSecond <= 1e-9) {
        shown_ = &history_.newest_pose();
    } else {
        copy_locals(skeleton.rest, pose_.local);
        pose_.cycle = 0;
        pose_.morph_weights = rig_.morph_defaults;  // same size each frame: no allocation
        sampler(t, pose_);
        shown_ = &pose_;
    }
    forward_kinematics(skeleton, *shown_, globals_);
    global_rotations(parameters_);
    compute_drives(settings, t);
    place_centroids_if_read(settings);
}

void JointLevelState::place_centroids_if_read(const DynamicSettings& settings) {
    // Only the squash reads them from the drives; a row asks for them (write_joint_row).
    centroids_placed_ = squash_on(parameters_);
    if (centroids_placed_) place_centroids(rig_.joint_centroids, globals_, settings, rig_.size, drives_);
}

void JointLevelState::global_rotations(const DynamicParameters& p) {
    const Skeleton& skeleton = rig_.skeleton;
    const std::size_t joint_count = static_cast<std::size_t>(skeleton.joint_count());
    unscaled_.resize(joint_count);
    bool all_unscaled = true;
    // Through plain pointers: a char's store may alias anything, so the vectors' own would be
    // read again after each flag.
    const Trs* locals = shown_->local.data();
    const int* parents = skeleton.parents.data();
    char* unscaled_chain = unscaled_.data();
    for (std::size_t j = 0; j < joint_count; ++j) {
        const int parent = parents[j];
        const bool unscaled = locals[j].scale == glm::vec3(1.0f);
        const bool chain = parent < 0 ? unscaled : unscaled && unscaled_chain[parent];
        unscaled_chain[j] = chain;
        all_unscaled = all_unscaled && chain;
    }
    rotations_kept_ = p.base == SkinningBase::DualQuaternion || !all_unscaled;
    if (!rotations_kept_) return;
    global_rotations_.resize(joint_count);
    for (std::size_t j = 0; j < joint_count; ++j) {
        const int parent = skeleton.parents[j];
        const glm::quat& local = shown_->local[j].rotation;
        global_rotations_[j] = parent < 0 ? local : global_rotations_[parent] * local;
    }
}

void JointLevelState::compute_drives(const DynamicSettings& settings, double t) {
    const Skeleton& skeleton = rig_.skeleton;
    const int joint_count = skeleton.joint_count();
    const DynamicParameters& p = parameters_;
    drives_.resize(static_cast<std::size_t>(joint_count));
    if (p.mode == DeformerMode::LbsOnly || !history_.started()) {
        std::fill(drives_.begin(), drives_.end(), JointDrive{});
        return;
    }

    const float translation_gain = finite_or_zero(p.translation_gain);
    const bool squash = squash_on(p);

    // t lies in (t_{n-1}, t_n]; at a tick time alpha is exactly 1.
    const Tick n = history_.newest_tick();
    float alpha = static_cast<float>((t - tick_time(n - 1)) * kTicksPerSecond);
    alpha = std::abs(alpha - 1.0f) < 1e-6f ? 1.0f : std::clamp(alpha, 0.0f, 1.0f);
    const auto at_t = [alpha](const glm::vec3& before, const glm::vec3& after) {
        return alpha == 1.0f ? after : before + alpha * (after - before);
    };
    const VelocityHistory& omegas = history_.angular_velocity();
    const VelocityHistory& velocities = history_.linear_velocity();
    const glm::vec3* omega0 = omegas.row(n - 1);
    const glm::vec3* omega1 = omegas.row(n);
    const glm::vec3* velocity0 = velocities.row(n - 1);
    const glm::vec3* velocity1 = velocities.row(n);
    // A joint without a column has not moved that way since the history started: its
    // velocity and its oscillation are zero, and so is what they drive (left as rest_drive
    // set it, without the products).
    const auto between = [&at_t](int c, const glm::vec3* before, const glm::vec3* after) {
        return c < 0 ? glm::vec3(0.0f) : at_t(before[c], after[c]);
    };

    bool limited = false;  // whether a linear drive was written
    for (int j = 0; j < joint_count; ++j) {
        const int parent = skeleton.parents[j];
        const JointSettings& joint = joint_settings(settings, j);
        JointDrive& d = drives_[j];
        rest_drive(d, joint, globals_[j]);
        if (d.gain == 0.0f) continue;

        // F = D omega + A Im C, each interpolated between the ticks around t.
        const OscillationParameters& o = oscillations_[j];
        const bool kernel = followed_[j] != nullptr;
        const int turns = omegas.column(j), moves = velocities.column(j);
        if (turns >= 0) {
            const glm::vec3 omega = between(turns, omega0, omega1);
            // The parent's rotation in the world: its global matrix's where no joint of its
            // chain is scaled (global_rotations).
            const glm::mat3 to_world = parent < 0              ? glm::mat3(1.0f)
                                       : unscaled_[parent] ? glm::mat3(globals_[parent])
                                                           : glm::mat3_cast(global_rotations_[parent]);
            if (joint.bend.rotation) {
                const glm::vec3 drag = o.drag * omega;
                d.angular = to_world * (kernel ? drag + o.amplitude * sums_.angular(turns, alpha) : drag);
                d.angular_drag = to_world * drag;
            }
            if (squash && joint.squash.rotation) d.angular_velocity = to_world * omega;
        }
        if (moves >= 0) {
            const glm::vec3 velocity = between(moves, velocity0, velocity1);
            const glm::mat3 parent_linear = parent < 0 ? glm::mat3(1.0f) : glm::mat3(globals_[parent]);
            if (joint.bend.translation && translation_gain != 0.0f) {
                const glm::vec3 drag = o.drag * velocity;
                d.linear = translation_gain * (parent_linear * (kernel ? drag + o.amplitude * sums_.linear(moves, alpha) : drag));
                d.linear_drag = translation_gain * (parent_linear * drag);
                limited = true;
            }
            if (squash && joint.squash.translation) d.linear_velocity = parent_linear * velocity;
        }
    }
    // The linear drives' soft limit in a pass of its own: a call in the loop above would have
    // it read everything it keeps in registers again for every joint. (Nothing to limit in a
    // zero drive.)
    if (limited)
        for (JointDrive& d : drives_)
            if (d.linear != glm::vec3(0.0f)) limit_linear_drive(d, rig_.size, p.max_angle);
}

void JointLevelState::hold(const Pose& pose, const std::vector<Deformer::SteadyMotion>& motion,
                           const DynamicSettings& settings) {
    const Skeleton& skeleton = rig_.skeleton;
    held_ = true;
    resolve(settings);
    const DynamicParameters& p = parameters_;
    pose_ = pose;
    shown_ = &pose_;
    forward_kinematics(skeleton, pose_, globals_);
    global_rotations(p);
    drives_.assign(static_cast<std::size_t>(skeleton.joint_count()), JointDrive{});
    const bool bends = p.mode != DeformerMode::LbsOnly;
    const bool squash = bends && squash_on(p);
    const float translation_gain = finite_or_zero(p.translation_gain);
    for (int j = 0; j < skeleton.joint_count(); ++j) {
        const JointSettings& joint = joint_settings(settings, j);
        JointDrive& d = drives_[j];
        rest_drive(d, joint, globals_[j]);
        if (!bends || j >= static_cast<int>(motion.size())) continue;
        // At a constant speed every difference in the history is zero: F = D omega.
        const float drag = oscillations_[j].drag;
        if (joint.bend.rotation) d.angular = d.angular_drag = drag * motion[j].angular;
        if (joint.bend.translation) {
            d.linear = d.linear_drag = (translation_gain * drag) * motion[j].linear;
            limit_linear_drive(d, rig_.size, p.max_angle);
        }
        if (squash && joint.squash.rotation) d.angular_velocity = motion[j].angular;
        if (squash && joint.squash.translation) d.linear_velocity = motion[j].linear;
    }
    place_centroids_if_read(settings);
}

namespace {

// Whether a row asks for more than the texels every reader reads.
bool beyond_base(const JointRowParts& parts) { return parts.dual_quaternion || parts.local_transform || parts.squash; }

// The texels every reader reads of a joint's row: the skinning matrix, the drives, the
// origin. What the row holds is read first: its stores could alias the state's floats,
// which would then be read again after each of them.
inline void write_base_texels(const glm::mat4& global, const glm::mat4& inverse_bind, const JointDrive& d, JointRow& row) {
    const glm::mat4 skinning = global * inverse_bind;
    const glm::vec4 angular_gain(d.angular, d.gain), linear(d.linear, 0.0f), origin(d.origin, 1.0f),
        angular_drag(d.angular_drag, 0.0f), linear_drag(d.linear_drag, 0.0f);
    row.skinning = skinning;
    row.angular_gain = angular_gain;
    row.linear = linear;
    row.origin = origin;
    row.angular_drag = angular_drag;
    row.linear_drag = linear_drag;
}

// q or -q, whichever has its largest component (the first of equals, in w x y z order)
// positive: the sign rigid_rotation (glm::quat_cast) gives.
glm::quat with_quat_cast_sign(const glm::quat& q) {
    float biggest = q.w;
    for (const float c : {q.x, q.y, q.z})
        if (std::abs(c) > std::abs(biggest)) biggest = c;
    return biggest < 0.0f ? -q : q;
}

}  // namespace

glm::dualquat JointLevelState::rigid_part(int j, const glm::mat4& skinning) const {
    // From the pose's rotations when they were kept (a dual-quaternion base), no joint of the
    // chain is scaled and the inverse bind is a rotation and scales (the same rotation to
    // float rounding, a third of the cost), else read back from the matrix.
    if (rotations_kept_ && unscaled_[j] && rig_.rigid_inverse_binds[j]) {
        const glm::quat q = global_rotations_[j] * rig_.inverse_bind_rotations[j];
        return glm::dualquat(with_quat_cast_sign(q * (1.0f / std::sqrt(glm::dot(q, q)))), glm::vec3(skinning[3]));
    }
    return rigid_dual_quaternion(skinning);
}

void JointLevelState::write_row_base(int j, JointRow& row) const {
    write_base_texels(globals_[j], rig_.inverse_binds[j], drives_[j], row);
}

void JointLevelState::write_row_parts(int j, JointRow& row, JointRowParts parts) const {
    const JointDrive& d = drives_[j];
    if (parts.dual_quaternion) {
        const glm::dualquat dq = rigid_part(j, row.skinning);
        row.dual_real = glm::vec4(dq.real.x, dq.real.y, dq.real.z, dq.real.w);
        row.dual_dual = glm::vec4(dq.dual.x, dq.dual.y, dq.dual.z, dq.dual.w);
    }
    if (parts.local_transform) {
        const Trs& local = shown_->local[j];
        const glm::quat r = local.rotation;
        const glm::vec3 translation = local.translation, scale = local.scale;
        row.translation_parent = glm::vec4(translation, float(rig_.skeleton.parents[j]));
        row.rotation = glm::vec4(r.x, r.y, r.z, r.w);
        row.scale = glm::vec4(scale, 0.0f);
    }
    if (parts.squash) {
        // The drives have them while the squash is on; a row that asks for them otherwise
        // (joint_row: the viewer's centroid handles) has them placed here.
        const SquashAxis axis = centroids_placed_ ? SquashAxis{d.centroid, d.medial}
                                                  : squash_axis(rig_.joint_centroids[j] + centroid_offset(resolved_for_, j),
                                                                globals_[j], d.position, rig_.size);
        const glm::vec3 angular_velocity = d.angular_velocity, linear_velocity = d.linear_velocity, position = d.position;
        row.angular_velocity = glm::vec4(angular_velocity, 0.0f);
        row.linear_velocity = glm::vec4(linear_velocity, 0.0f);
        row.position = glm::vec4(position, 1.0f);
        row.centroid = glm::vec4(axis.centroid, 1.0f);
        row.medial = glm::vec4(axis.medial, 0.0f);
    }
}

void JointLevelState::write_joint_row(int j, JointRow& row, JointRowParts parts) const {
    write_row_base(j, row);
    if (beyond_base(parts)) write_row_parts(j, row, parts);
}

JointRow JointLevelState::joint_row(int j) const {
    JointRow row;
    write_joint_row(j, row, JointRowParts{});
    return row;
}

void JointLevelState::write_joint_rows(JointRow* rows, JointRowParts parts, bool streaming) const {
    const int joint_count = rig_.skeleton.joint_count();
    const bool more = beyond_base(parts);
    if (!streaming) {
        const glm::mat4* globals = globals_.data();
        const glm::mat4* inverse_binds = rig_.inverse_binds.data();
        const JointDrive* drives = drives_.data();
        for (int j = 0; j < joint_count; ++j) write_base_texels(globals[j], inverse_binds[j], drives[j], rows[j]);
        if (more)
            for (int j = 0; j < joint_count; ++j) write_row_parts(j, rows[j], parts);
        return;
    }
    JointRow row;
    for (int j = 0; j < joint_count; ++j) {
        write_row_base(j, row);
        if (more) write_row_parts(j, row, parts);
        stream_row(rows[j], row, parts);
    }
    finish_row_stores();
}

SkinningConstants JointLevelState::skinning_constants(const DynamicParameters& given) const {
    // Most often the last update's parameters, already worked out.
    const bool resolved = resolved_ && equal_bytes(&given, &resolved_for_.parameters, sizeof given);
    const DynamicParameters p = resolved ? parameters_ : parameters_in_use(given);
    SkinningConstants c;
    const float size = rig_.size;
    c.size = size;
    c.bend = p.mode != DeformerMode::LbsOnly;
    c.dual_quaternion = p.base == SkinningBase::DualQuaternion;
    c.max_angle = p.max_angle;
    c.max_offset = p.max_offset > 0.0f && std::isfinite(p.max_offset) ? p.max_offset * size : 0.0f;
    c.ground_band = p.ground_contact > 0.0f && std::isfinite(p.ground_contact) ? p.ground_contact * size : 0.0f;
    c.ground_height = rig_.ground;
    c.ground_up = glm::vec3(0.0f);
    c.ground_up[rig_.up_axis] = 1.0f;
    c.squash = std::isfinite(p.squash) ? p.squash : 0.0f;
    c.squash_about_centroid = p.squash_center == SquashCenter::Centroid;
    c.delayed = !held_ && dlbs_on(p) && history_.started();
    c.propagation_speed = c.delayed ? p.propagation_speed : 0.0f;
    c.newest_tick = history_.newest_tick();
    c.rotation_ticks = history_.rotations().capacity();
    c.since_previous_tick =
        static_cast<float>(std::clamp((time_ - tick_time(c.newest_tick - 1)) * kTicksPerSecond, 1e-6, 1.0));
    c.history_restarts = history_.restarts();
    return c;
}

const glm::quat* JointLevelState::local_rotations_at(Tick tick) const {
    const TickHistory<glm::quat>& rotations = history_.rotations();
    if (!history_.started() || tick < rotations.oldest() || tick > rotations.newest()) return nullptr;
    return rotations.row(tick);
}

std::size_t JointLevelState::memory_bytes() const {
    return sizeof(*this) + history_.memory_bytes() + sums_.memory_bytes() +
           recursions_.capacity() * sizeof(KernelRecursion) + oscillations_.capacity() * sizeof(OscillationParameters) +
           followed_.capacity() * sizeof(const KernelRecursion*) + resolved_for_.joints.capacity() * sizeof(JointSettings) + pose_.local.capacity() * sizeof(Trs) +
           pose_.morph_weights.capacity() * sizeof(float) + globals_.capacity() * sizeof(glm::mat4) +
           global_rotations_.capacity() * sizeof(glm::quat) + unscaled_.capacity() + drives_.capacity() * sizeof(JointDrive);
}

std::size_t JointLevelState::memory_bound(const JointRigData& rig, const DynamicSettings& settings) {
    const std::size_t joints = static_cast<std::size_t>(rig.skeleton.joint_count());
    const HistoryLengths lengths = history_lengths(settings, rig);
    const std::size_t histories = joints * (2 * std::size_t(lengths.velocities) * sizeof(glm::vec3) +
                                            std::size_t(lengths.rotations) * sizeof(glm::quat));
    // Per joint besides: the two poses of the history and the pose at t, the globals and
    // their rotations, the drives, the sums, the settings' terms (a copy of a joint's too)
    // and the histories' column indices.
    const std::size_t per_joint = 3 * sizeof(Trs) + sizeof(glm::mat4) + sizeof(glm::quat) + sizeof(char) +
                                  sizeof(JointDrive) + OscillationSums::bytes_per_joint() + sizeof(KernelRecursion) +
                                  sizeof(OscillationParameters) + sizeof(const KernelRecursion*) + sizeof(JointSettings) +
                                  2 * sizeof(int);
    return sizeof(JointLevelState) + histories + joints * per_joint +
           rig.morph_defaults.size() * sizeof(float);
}

}  // namespace dynskin
