#include "app/crowd/crowd.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cmath>

#include "dynskin/shader_layout.h"

namespace dynskin::app {
namespace {

// Phases and speeds from additive recurrences (k times an irrational, mod 1): evenly spread
// for any count, no two instances alike, and the same on every platform (the distributions
// of <random> are not).
double fraction(double x) { return x - std::floor(x); }
double phase_of(int k) { return fraction(k * 0.41421356237309515); }  // sqrt(2) - 1
float speed_of(int k) { return static_cast<float>(0.8 + 0.45 * fraction(k * 0.6180339887498949)); }  // 0.8 .. 1.25

}  // namespace

Crowd::Crowd(int count, const Character& character) : character_(character), rig_(character) {
    glm::vec3 lo(INFINITY), hi(-INFINITY);
    for (const glm::vec3& p : rest_pose_positions(character.skeleton, character.mesh))
        lo = glm::min(lo, p), hi = glm::max(hi, p);
    if (!(lo.x <= hi.x)) lo = hi = glm::vec3(0.0f);  // no vertices

    // Instances stand apart by a translation only, never turned: instance k's world is then
    // its character's space moved by its offset, so a joint drag on it (JointDrag, given its
    // placed globals) is exact as on the one character: the turns about its joints are the
    // same rotations, and a root's move in the world is its move in its own frame. The
    // shader adds the offset and nothing else.
    instances_.reserve(static_cast<std::size_t>(count));
    for (int k = 0; k < count; ++k) instances_.emplace_back(rig_).speed = speed_of(k);
    rows_.resize(static_cast<std::size_t>(count) * static_cast<std::size_t>(joint_count()));
    // Each instance's job, made once: its sampler reads its own timeline with its own cursor
    // (the instances never move: the vector is not resized after this).
    samplers_.reserve(instances_.size());
    jobs_.reserve(instances_.size());
    for (std::size_t k = 0; k < instances_.size(); ++k) {
        Instance* instance = &instances_[k];
        samplers_.emplace_back([this, instance](double at, Pose& pose) {
            instance->timeline.sample(character_, at, pose, &instance->cursor);
        });
        JointLevelJob::Item item;
        item.dynamics = &instance->dynamics;
        item.sampler = &samplers_.back();  // reserved: the address holds
        item.rows = rows_.data() + k * static_cast<std::size_t>(joint_count());
        jobs_.push_back(item);
    }
    // A square grid of square cells, each the character's footprint whichever way it faces,
    // with room to swing: at least its size (its skeleton's extent), which a thin character
    // such as the bar sweeps when it turns.
    const float size = rig_.size();
    const glm::vec2 cell(std::max(1.3f * std::max(hi.x - lo.x, hi.z - lo.z), size));
    const int side = std::max(1, static_cast<int>(std::ceil(std::sqrt(double(count)))));
    const glm::vec2 corner = -0.5f * cell * float(side - 1);
    for (int k = 0; k < count; ++k) {
        const glm::vec2 at = corner + cell * glm::vec2(float(k % side), float(k / side));
        offsets_.emplace_back(at.x, 0.0f, at.y);
    }
    // The box: every cell, at the height of the character at rest.
    const int rows = (count + side - 1) / side;
    const glm::vec2 centre = 0.5f * glm::vec2(lo.x + hi.x, lo.z + hi.z);
    const glm::vec2 from = centre + corner - 0.5f * cell, to = from + cell * glm::vec2(float(side), float(rows));
    lo_ = glm::vec3(from.x, lo.y, from.y);
    hi_ = glm::vec3(to.x, hi.y, to.y);

    const int clips = static_cast<int>(character.clips.size());
    for (int k = 0; k < count; ++k) start(k, clips > 0 ? k % clips : -1);  // spread over the clips
}

void Crowd::start(int k, int clip) {
    PoseInput& input = instances_[k].input;
    input.clip = clip;
    input.clip_time = clip < 0 ? 0.0 : phase_of(k) * character_.clips[clip].duration;
}

void Crowd::play_clip(int clip) {
    for (int k = 0; k < count(); ++k) start(k, clip);
    reset();
}

void Crowd::reset() {
    for (Instance& instance : instances_) {
        instance.dynamics.reset();
        instance.timeline.clear();
    }
}

PoseInput& Crowd::drag_input(int k) {
    PoseInput& input = instances_[k].input;
    if (input.drag_rotations.empty()) input.reset_drags(joint_count());
    return input;
}

void Crowd::reset_drags() {
    for (Instance& instance : instances_) {
        instance.input.drag_rotations.clear();
        instance.input.drag_translations.clear();
    }
    reset();
}

void Crowd::simulate(double world_time, double clip_step, const DynamicSettings& settings) {
    const auto start = std::chrono::steady_clock::now();
    // Each instance's input moves on (its clip at its speed) and goes into its timeline;
    // then every joint level, in one job over the shared threads.
    auto step_inputs = [&](std::size_t begin, std::size_t end) {
        for (std::size_t k = begin; k < end; ++k) {
            Instance& instance = instances_[k];
            if (instance.input.clip >= 0) instance.input.clip_time += clip_step * instance.speed;
            instance.timeline.record(world_time, instance.input);
        }
    };
    shared_executor().parallel_for(instances_.size(), 256, step_inputs);
    const double t = measured_time(world_time);
    // The rows hold what the crowd's shader reads under its constants, no more (half of
    // them, with the defaults).
    const JointRowParts parts = stage_reads(constants(settings.parameters));
    for (JointLevelJob::Item& item : jobs_) {
        item.t = t;
        item.settings = &settings;
        item.parts = parts;
    }
    JointLevelJob(jobs_).run(shared_executor());
    simulate_ms_ = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

std::vector<glm::mat4> Crowd::placed_globals(int k) const {
    std::vector<glm::mat4> globals = instances_[k].dynamics.globals();
    for (glm::mat4& g : globals) g[3] += glm::vec4(offsets_[k], 0.0f);
    return globals;
}

std::vector<glm::vec3> Crowd::joint_positions() const {
    std::vector<glm::vec3> joints;
    joints.reserve(rows_.size());
    for (std::size_t k = 0; k < instances_.size(); ++k)
        for (const glm::mat4& g : instances_[k].dynamics.globals()) joints.push_back(glm::vec3(g[3]) + offsets_[k]);
    return joints;
}

SkinningConstants Crowd::constants(const DynamicParameters& parameters) const {
    // What differs between instances is for dLBS alone (the history's ticks): a crowd is
    // drawn without it (one rotation ring holds one character's history).
    SkinningConstants c = instances_.front().dynamics.skinning_constants(parameters);
    c.delayed = false;
    c.propagation_speed = 0.0f;
    return c;
}

int Crowd::instances_within(std::size_t bytes, const Character& character, const DynamicSettings& settings) {
    const JointRig rig(character);
    const std::size_t joints = static_cast<std::size_t>(rig.joint_count());
    // A timeline of a quarter second at up to 240 frames a second, each frame's input with
    // its drag lists; the instance's rows and its job.
    const std::size_t timeline = 64 * (sizeof(double) + sizeof(PoseInput) + joints * (sizeof(glm::quat) + sizeof(glm::vec3)));
    const std::size_t per_instance = sizeof(Instance) + JointDynamics::memory_bound(rig, settings) + timeline +
                                     joints * sizeof(JointRow) + sizeof(PoseSampler) + sizeof(JointLevelJob::Item) +
                                     sizeof(glm::vec3);
    return static_cast<int>(std::clamp<std::size_t>(bytes / per_instance, 1, INT32_MAX));
}

std::size_t Crowd::memory_bytes_per_instance() const {
    const Instance& first = instances_.front();
    const std::size_t input = first.input.drag_rotations.capacity() * sizeof(glm::quat) +
                              first.input.drag_translations.capacity() * sizeof(glm::vec3);
    return sizeof(Instance) + first.dynamics.memory_bytes() + input + first.timeline.memory_bytes() +
           first.cursor.keys.capacity() * sizeof(std::uint32_t) + sizeof(PoseSampler) + sizeof(JointLevelJob::Item) +
           static_cast<std::size_t>(joint_count()) * sizeof(JointRow) + sizeof(glm::vec3);
}

}  // namespace dynskin::app
