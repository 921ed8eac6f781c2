#include "dynskin/deformer.h"

#include <stdexcept>

#include "core/deformer_engine.h"
#include "core/formulas/delayed_lbs.h"

namespace dynskin {

namespace {

const Character& validated(const Character& character) {
    const std::string problem = character.validate();
    if (!problem.empty()) throw std::invalid_argument("cannot deform this character: " + problem);
    return character;
}

}  // namespace

Deformer::Deformer(const Character& character)
    : engine_(std::make_unique<DeformerEngine>(validated(character), nullptr)) {}
Deformer::Deformer(const Character& character, Executor& executor)
    : engine_(std::make_unique<DeformerEngine>(validated(character), &executor)) {}
Deformer::~Deformer() = default;
Deformer::Deformer(Deformer&&) noexcept = default;
Deformer& Deformer::operator=(Deformer&&) noexcept = default;

void Deformer::reset() { engine_->reset(); }

void Deformer::update(double t, const PoseSampler& sampler, const DynamicSettings& settings) {
    engine_->update(t, sampler, settings);
}

void Deformer::update(double t, const std::vector<Trs>& locals, const DynamicSettings& settings, const Trs& object) {
    engine_->update(t, locals, settings, object);
}

void Deformer::update_joints(double t, const PoseSampler& sampler, const DynamicSettings& settings) {
    engine_->update_joints(t, sampler, settings);
}

void Deformer::update_steady(const Pose& pose, const std::vector<SteadyMotion>& motion,
                             const DynamicSettings& settings) {
    engine_->update_steady(pose, motion, settings);
}

const std::vector<glm::vec3>& Deformer::positions() const { return engine_->positions(); }
const std::vector<glm::vec3>& Deformer::normals() const { return engine_->normals(); }
const std::vector<glm::vec3>& Deformer::base_positions() const { return engine_->base_positions(); }
const std::vector<glm::vec3>& Deformer::base_normals() const { return engine_->base_normals(); }
const std::vector<glm::vec3>& Deformer::bind_space_offsets() const { return engine_->bind_space_offsets(); }
void Deformer::set_outputs(const DeformerOutputs& outputs) { engine_->set_outputs(outputs); }
const DeformerOutputs& Deformer::outputs() const { return engine_->outputs(); }
const Pose& Deformer::pose() const { return engine_->pose(); }
const std::vector<glm::mat4>& Deformer::globals() const { return engine_->globals(); }
float Deformer::size() const { return engine_->size(); }
const StageTimes& Deformer::stage_times() const { return engine_->stage_times(); }
int Deformer::joint_count() const { return engine_->character().skeleton.joint_count(); }
JointRow Deformer::joint_row(int joint) const { return engine_->joint_level().joint_row(joint); }

void Deformer::write_joint_rows(JointRow* rows, JointRowParts parts) const {
    engine_->joint_level().write_joint_rows(rows, parts);
}

SkinningConstants Deformer::skinning_constants(const DynamicParameters& parameters) const {
    return engine_->joint_level().skinning_constants(parameters);
}

const glm::quat* Deformer::local_rotations_at(Tick tick) const { return engine_->joint_level().local_rotations_at(tick); }

const HierarchicalWeights& Deformer::hierarchical_weights() const { return engine_->hierarchical_weights(); }

std::vector<float> Deformer::delay_distances() const {
    const Character& c = engine_->character();
    return skeleton_distances(c.skeleton, c.mesh, engine_->hierarchical_weights(), engine_->size());
}

RestShape Deformer::rest_shape() const {
    const MorphedRest& morphed = engine_->morphed_rest();
    return morphed.active() ? morphed.shape() : engine_->character().mesh.rest_shape();
}

std::uint64_t Deformer::morph_revision(std::size_t group) const {
    return group < engine_->character().mesh.morphs.groups.size() ? engine_->morphed_rest().revision(group) : 0;
}

const DeformerEngine& engine_of(const Deformer& deformer) { return *deformer.engine_; }
DeformerEngine& engine_of(Deformer& deformer) { return *deformer.engine_; }

void Deformer::set_thread_count(int threads) { engine_->set_thread_count(threads); }
int Deformer::thread_count() const { return engine_->thread_count(); }

}  // namespace dynskin
