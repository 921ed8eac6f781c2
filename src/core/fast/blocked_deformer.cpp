#include "core/fast/blocked_deformer.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace dynskin {

BlockedDeformer::BlockedDeformer(const SkinnedMesh& mesh, const HierarchicalWeights& betas)
    : skin_(build_blocked_skin(mesh, betas)),
      rest_morph_(skin_, mesh),
      active_slots_(skin_.joints.size(), 0),
      active_count_(skin_.groups.size(), 0),
      joint_count_(betas.joints.empty() ? 0 : *std::max_element(betas.joints.begin(), betas.joints.end()) + 1) {}

std::size_t BlockedDeformer::memory_bytes() const {
    return skin_.memory_bytes() + (active_slots_.capacity() + active_count_.capacity()) * sizeof(std::uint32_t);
}

void BlockedDeformer::prepare_bend(const BendInputs& bend, bool floppy, bool squash) {
    const std::vector<JointDrive>& drives = bend.drives;
    const float inverse_size = 1.0f / bend.size;
    joints_.resize(drives.size());
    for (std::size_t j = 0; j < drives.size(); ++j) {
        const JointDrive& d = drives[j];
        BendJointFrame& frame = joints_[j];
        frame = BendJointFrame{};
        if (d.still()) continue;
        frame.origin = d.origin;
        const float scale = d.gain * inverse_size;
        const float speed = glm::length(d.angular);
        if (speed > 0.0f) {
            const glm::vec3 a = d.angular / speed;
            frame.turns = true;
            frame.axis = a;
            frame.turn_rate = -scale * speed;
            const float projector[6] = {1.0f - a.x * a.x, 1.0f - a.y * a.y, 1.0f - a.z * a.z,
                                        -a.x * a.y,       -a.x * a.z,       -a.y * a.z};
            std::copy(projector, projector + 6, frame.projector);
        }
        if (d.linear != glm::vec3(0.0f)) {
            frame.translates = true;
            frame.linear = scale * d.linear;
        }
        if (floppy) {
            frame.angular = scale * d.angular;
            frame.angular_drag = scale * d.angular_drag;
            frame.linear_drag = scale * d.linear_drag;
            frame.turns |= d.angular_drag != glm::vec3(0.0f);
            frame.translates |= d.linear_drag != glm::vec3(0.0f);
        }
        if (squash) prepare_squash(d, bend, frame);
    }
    for (std::size_t g = 0; g < skin_.groups.size(); ++g) {
        const BlockedSkin::Group& group = skin_.groups[g];
        std::uint32_t count = 0;
        for (std::uint32_t slot = 0; slot < group.ancestor_count; ++slot) {
            const BendJointFrame& joint = joints_[skin_.joints[group.ancestors_begin + slot]];
            if (joint.turns || joint.translates || joint.squashes())
                active_slots_[group.ancestors_begin + count++] = slot;
        }
        active_count_[g] = count;
    }
}

// Restates the per-joint half of core/formulas/squash.cpp's add_squash (its one definition):
// what does not depend on the vertex, worked out once for SquashLanes.
void BlockedDeformer::prepare_squash(const JointDrive& d, const BendInputs& bend, BendJointFrame& frame) {
    frame.squash_gain = d.gain / bend.size;
    frame.centroid = d.centroid;
    frame.position = d.position;
    auto add_stretch = [&frame](const glm::vec3& v) {
        const float speed = glm::length(v);
        if (!(speed > 0.0f) || !std::isfinite(speed)) return;
        frame.stretch_direction[frame.stretch_count] = v / speed;
        frame.stretch_speed[frame.stretch_count++] = speed;
    };
    add_stretch(d.linear_velocity);
    if (d.angular_velocity == glm::vec3(0.0f) || d.medial == glm::vec3(0.0f)) return;
    const glm::vec3 w = d.angular_velocity - glm::dot(d.angular_velocity, d.medial) * d.medial;
    const float turn = glm::length(w);
    if (!(turn > 0.0f) || !std::isfinite(turn)) return;
    if (bend.squash_center == SquashCenter::Centroid) {
        add_stretch(glm::cross(w, d.centroid - d.position));
        return;
    }
    frame.squash_turns = true;
    frame.turn_axis = w / turn;
    frame.turn = turn;
    frame.e1 = glm::cross(d.medial, frame.turn_axis);
    frame.e2 = glm::cross(d.medial, frame.e1);
}

void BlockedDeformer::skin(Executor& executor, const std::vector<glm::mat4>& skinning, SkinnedFrame& frame,
                           const MorphedRest* morphed, const DeformerOutputs& outputs) {
    run(executor, &skinning, nullptr, frame, morphed, outputs);
}

void BlockedDeformer::skin_and_bend(Executor& executor, const std::vector<glm::mat4>& skinning, const BendInputs& bend,
                                    SkinnedFrame& frame, const MorphedRest* morphed, const DeformerOutputs& outputs) {
    run(executor, &skinning, &bend, frame, morphed, outputs);
}

void BlockedDeformer::bend(Executor& executor, const BendInputs& bend, SkinnedFrame& frame,
                           const DeformerOutputs& outputs) {
    if (frame.base_positions.size() != skin_.vertex_count ||
        (outputs.normals && frame.base_normals.size() != skin_.vertex_count))
        throw std::invalid_argument("BlockedDeformer::bend: the base has " + std::to_string(frame.base_positions.size()) +
                                    " vertices, the skin " + std::to_string(skin_.vertex_count));
    run(executor, nullptr, &bend, frame, nullptr, outputs);
}

// skinning null: frame.base_* already hold the base (and no bind-space offsets are made here);
// bend null: no bend (positions untouched).
void BlockedDeformer::run(Executor& executor, const std::vector<glm::mat4>* skinning, const BendInputs* bend,
                          SkinnedFrame& out, const MorphedRest* morphed, const DeformerOutputs& outputs) {
    if (bend) {
        const std::string problem = bend->problem(skin_.vertex_count, joint_count_);
        if (!problem.empty()) throw std::invalid_argument("BlockedDeformer: " + problem);
    }
    if (skinning && skinning->size() < joint_count_)
        throw std::invalid_argument("BlockedDeformer: " + std::to_string(skinning->size()) + " skinning matrices for " +
                                    std::to_string(joint_count_) + " joints");
    BlockedFrame frame;
    frame.skin = &skin_;
    if (skinning) {
        if (morphed && morphed->active()) rest_morph_.sync(*morphed, skin_);
        skinning_.resize(12 * skinning->size());
        for (std::size_t j = 0; j < skinning->size(); ++j)
            for (int c = 0; c < 4; ++c)
                for (int r = 0; r < 3; ++r) skinning_[12 * j + 3 * c + r] = (*skinning)[j][c][r];
        frame.skinning = skinning_.data();
    }
    if (bend) {
        // The floppy layer per lane only where it is painted; squash only when it is on.
        const bool floppy = bend->floppy_weights && !bend->floppy_weights->empty() &&
                            std::any_of(bend->floppy_weights->begin(), bend->floppy_weights->end(),
                                        [](float w) { return w != 1.0f; });
        const bool squash = bend->squash != 0.0f && std::isfinite(bend->squash);
        prepare_bend(*bend, floppy, squash);
        frame.bend_weights = bend->bend_weights.data();
        frame.floppy_weights = floppy ? bend->floppy_weights->data() : nullptr;
        frame.squash = squash ? bend->squash : 0.0f;
        frame.squash_weights =
            squash && bend->squash_weights && !bend->squash_weights->empty() ? bend->squash_weights->data() : nullptr;
        frame.joints = joints_.data();
        frame.active_slots = active_slots_.data();
        frame.active_count = active_count_.data();
        frame.max_angle = bend->max_angle > 0.0f && std::isfinite(bend->max_angle) ? bend->max_angle : 0.0f;
        frame.max_offset =
            bend->max_offset > 0.0f && std::isfinite(bend->max_offset) ? bend->max_offset * bend->size : 0.0f;
        frame.ground = bend->ground;
    }
    const std::size_t n = skin_.vertex_count;
    out.base_positions.resize(n);
    frame.base_positions = out.base_positions.data();
    if (outputs.normals) {
        out.base_normals.resize(n);
        frame.base_normals = out.base_normals.data();
    }
    if (bend) {
        out.positions.resize(n);
        frame.positions = out.positions.data();
        if (outputs.normals) {
            out.normals.resize(n);
            frame.normals = out.normals.data();
        }
    }
    if (skinning && outputs.bind_space_offsets) {
        out.bind_space_offsets.resize(n);
        frame.bind_space_offsets = out.bind_space_offsets.data();
    }

    auto deform = [&frame](std::size_t begin, std::size_t end) { deform_blocked_windows(frame, begin, end); };
    executor.parallel_for(skin_.window_count(), 1, deform);
}

}  // namespace dynskin
