#include "dynskin/deformer.h"

#include <stdexcept>

#include "core/deformer_engine.h"

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

void Deformer::update(double t, const std::vector<Trs>& locals, const DynamicSettings& settings) {
    engine_->update(t, locals, settings);
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
const Pose& Deformer::pose() const { return engine_->pose(); }
const std::vector<glm::mat4>& Deformer::globals() const { return engine_->globals(); }
float Deformer::size() const { return engine_->size(); }
const StageTimes& Deformer::stage_times() const { return engine_->stage_times(); }
void Deformer::set_thread_count(int threads) { engine_->set_thread_count(threads); }
int Deformer::thread_count() const { return engine_->thread_count(); }

}  // namespace dynskin
