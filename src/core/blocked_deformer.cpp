#include "core/blocked_deformer.h"

#include <algorithm>
#include <cmath>

namespace dynskin {

BlockedDeformer::BlockedDeformer(const SkinnedMesh& mesh, const HierarchicalWeights& betas)
    : skin_(build_blocked_skin(mesh, betas)),
      active_slots_(skin_.joints.size(), 0),
      active_count_(skin_.groups.size(), 0) {}

std::size_t BlockedDeformer::memory_bytes() const {
    return skin_.memory_bytes() + (active_slots_.capacity() + active_count_.capacity()) * sizeof(std::uint32_t);
}

void BlockedDeformer::prepare_bend(const BendInputs& bend) {
    const std::vector<JointDrive>& drives = *bend.drives;
    const float inverse_size = 1.0f / bend.size;
    joints_.resize(drives.size());
    for (std::size_t j = 0; j < drives.size(); ++j) {
        const JointDrive& d = drives[j];
        BendJointFrame& frame = joints_[j];
        frame = BendJointFrame{};
        if (d.still()) continue;
        frame.origin = d.origin;
        const float speed = glm::length(d.angular);
        if (speed > 0.0f) {
            const glm::vec3 a = d.angular / speed;
            frame.turns = true;
            frame.axis = a;
            frame.angular_rate = d.gain * inverse_size * speed;
            const float projector[6] = {1.0f - a.x * a.x, 1.0f - a.y * a.y, 1.0f - a.z * a.z,
                                        -a.x * a.y,       -a.x * a.z,       -a.y * a.z};
            std::copy(projector, projector + 6, frame.projector);
        }
        if (d.linear != glm::vec3(0.0f)) {
            frame.translates = true;
            frame.linear = (d.gain * inverse_size) * d.linear;
        }
    }
    for (std::size_t g = 0; g < skin_.groups.size(); ++g) {
        const BlockedSkin::Group& group = skin_.groups[g];
        std::uint32_t count = 0;
        for (std::uint32_t slot = 0; slot < group.ancestor_count; ++slot) {
            const BendJointFrame& joint = joints_[skin_.joints[group.ancestors_begin + slot]];
            if (joint.turns || joint.translates) active_slots_[group.ancestors_begin + count++] = slot;
        }
        active_count_[g] = count;
    }
}

void BlockedDeformer::run(WorkerPool& pool, const std::vector<glm::mat4>* skinning, const BendInputs* bend,
                          std::vector<glm::vec3>& base_positions, std::vector<glm::vec3>& base_normals,
                          std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals) {
    BlockedFrame frame;
    frame.skin = &skin_;
    if (skinning) {
        skinning_.resize(12 * skinning->size());
        for (std::size_t j = 0; j < skinning->size(); ++j)
            for (int c = 0; c < 4; ++c)
                for (int r = 0; r < 3; ++r) skinning_[12 * j + 3 * c + r] = (*skinning)[j][c][r];
        frame.skinning = skinning_.data();
    }
    if (bend) {
        prepare_bend(*bend);
        frame.bend_weights = bend->bend_weights->data();
        frame.joints = joints_.data();
        frame.active_slots = active_slots_.data();
        frame.active_count = active_count_.data();
        frame.max_angle = bend->max_angle > 0.0f && std::isfinite(bend->max_angle) ? bend->max_angle : 0.0f;
    }
    const std::size_t n = skin_.vertex_count;
    base_positions.resize(n);
    base_normals.resize(n);
    frame.base_positions = base_positions.data();
    frame.base_normals = base_normals.data();
    if (bend) {
        positions.resize(n);
        normals.resize(n);
        frame.positions = positions.data();
        frame.normals = normals.data();
    }

    auto deform = [&frame](std::size_t begin, std::size_t end) { deform_blocked_windows(frame, begin, end); };
    pool.parallel_for(skin_.window_count(), 1, deform);
}

}  // namespace dynskin
