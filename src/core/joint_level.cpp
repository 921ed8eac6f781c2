#include "dynskin/joint_level.h"

#include <stdexcept>

#include "core/dynamics/joint_level_state.h"
#include "core/dynamics/joint_rig_data.h"
#include "core/support/parallel_updates.h"
#include "dynskin/hierarchical_weights.h"

namespace dynskin {
namespace {

std::unique_ptr<JointRigData> rig_data(const Character& character) {
    const std::string problem = character.validate();
    if (!problem.empty()) throw std::invalid_argument("cannot make a joint rig of this character: " + problem);
    // The weights are needed for the squash centroids only, then dropped: an instance of
    // the joint level never reads a vertex.
    return std::make_unique<JointRigData>(character, build_hierarchical_weights(character.skeleton, character.mesh.weights));
}

}  // namespace

JointRig::JointRig(const Character& character) : data_(rig_data(character)) {}
JointRig::~JointRig() = default;
JointRig::JointRig(JointRig&&) noexcept = default;
JointRig& JointRig::operator=(JointRig&&) noexcept = default;
int JointRig::joint_count() const { return data_->skeleton.joint_count(); }
float JointRig::size() const { return data_->size; }

JointDynamics::JointDynamics(const JointRig& rig) : state_(std::make_unique<JointLevelState>(*rig.data_)) {}
JointDynamics::~JointDynamics() = default;
JointDynamics::JointDynamics(JointDynamics&&) noexcept = default;
JointDynamics& JointDynamics::operator=(JointDynamics&&) noexcept = default;

void JointDynamics::reset() { state_->reset(); }
void JointDynamics::update(double t, const PoseSampler& sampler, const DynamicSettings& settings) {
    state_->update(t, sampler, settings);
}
void JointDynamics::advance_clock(double t, const PoseSampler& sampler, const DynamicSettings& settings) {
    state_->advance_clock(t, sampler, settings);
}
int JointDynamics::joint_count() const { return state_->rig().skeleton.joint_count(); }
float JointDynamics::size() const { return state_->rig().size; }
const Pose& JointDynamics::pose() const { return state_->pose(); }
const std::vector<glm::mat4>& JointDynamics::globals() const { return state_->globals(); }
JointRow JointDynamics::joint_row(int joint) const { return state_->joint_row(joint); }
void JointDynamics::write_joint_rows(JointRow* rows, JointRowParts parts) const {
    state_->write_joint_rows(rows, parts);
}
SkinningConstants JointDynamics::skinning_constants(const DynamicParameters& parameters) const {
    return state_->skinning_constants(parameters);
}
const glm::quat* JointDynamics::local_rotations_at(Tick tick) const { return state_->local_rotations_at(tick); }
std::size_t JointDynamics::memory_bytes() const { return sizeof(*this) + state_->memory_bytes(); }
std::size_t JointDynamics::memory_bound(const JointRig& rig, const DynamicSettings& settings) {
    return sizeof(JointDynamics) + JointLevelState::memory_bound(*rig.data_, settings);
}

std::string JointLevelJob::validate() const {
    if (count > 0 && !items) return "JointLevelJob: " + std::to_string(count) + " items but no array";
    for (std::size_t k = 0; k < count; ++k) {
        const Item& item = items[k];
        if (!item.dynamics || !item.sampler || !item.settings)
            return "JointLevelJob: item " + std::to_string(k) + " lacks its dynamics, sampler or settings";
    }
    return {};
}

void JointLevelJob::run(Executor& executor) const {
    const std::string problem = validate();
    if (!problem.empty()) throw std::invalid_argument(problem);
    // Rows past what the caches hold go straight to memory (a crowd's table is written once
    // a frame and read by the upload, not by this job).
    std::size_t table = 0;
    for (std::size_t k = 0; k < count; ++k)
        if (items[k].rows) table += std::size_t(items[k].dynamics->joint_count()) * sizeof(JointRow);
    const bool streaming = table > (std::size_t(4) << 20);
    // A few instances to a range: one instance is a few microseconds of work.
    FirstFailure failures;
    run_updates(
        executor, count, 8,
        [this, streaming](std::size_t k) {
            const Item& item = items[k];
            JointLevelState& state = *item.dynamics->state_;
            state.update(item.t, *item.sampler, *item.settings);
            if (item.rows) state.write_joint_rows(item.rows, item.parts, streaming);
        },
        failures);
    failures.rethrow();
}

}  // namespace dynskin
