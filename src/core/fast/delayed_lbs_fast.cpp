#include "core/fast/delayed_lbs_fast.h"

#include <algorithm>
#include <cmath>

namespace dynskin {

namespace {

// Each vertex's distance to the first joint of its chain (its hierarchical row's first,
// the root): vertices of one group sorted by it hang side by side on the skeleton.
std::vector<float> chain_root_distances(const HierarchicalWeights& betas, const std::vector<float>& distances) {
    std::vector<float> key(betas.vertex_count(), 0.0f);
    for (std::size_t i = 0; i < key.size(); ++i)
        if (betas.offsets[i] < betas.offsets[i + 1]) key[i] = distances[betas.offsets[i]];
    return key;
}

}  // namespace

DelayedLbs::DelayedLbs(const Skeleton& skeleton, const SkinnedMesh& mesh, const HierarchicalWeights& betas,
                       float size)
    : skeleton_(skeleton),
      mesh_(mesh),
      betas_(betas),
      distances_(skeleton_distances(skeleton, mesh, betas, size)),
      skin_([&] {
          const std::vector<float> key = chain_root_distances(betas, distances_);
          return build_blocked_skin(mesh, betas, &key);
      }()),
      rest_morph_(skin_, mesh),
      delays_(build_blocked_delays(skin_, skeleton, betas, distances_)),
      joints_(static_cast<std::size_t>(skeleton.joint_count())),
      scales_(joints_.size()) {}

std::size_t DelayedLbs::memory_bytes() const {
    return distances_.capacity() * sizeof(float) + skin_.memory_bytes() + delays_.memory_bytes() + table_.memory_bytes() +
           joints_.capacity() * sizeof(DelayedJointFrame);
}

// The undelayed part of every joint for this frame. False when some scale is not uniform.
bool DelayedLbs::prepare_joints(const Pose& pose) {
    const Skeleton& skeleton = skeleton_;
    const SkinnedMesh& mesh = mesh_;
    std::vector<float>& scale = scales_;  // running product of the uniform scales
    for (std::size_t j = 0; j < joints_.size(); ++j) {
        const Trs& local = pose.local[j];
        if (local.scale.x != local.scale.y || local.scale.x != local.scale.z) return false;
        const int p = skeleton.parents[j];
        const float parent_scale = p < 0 ? 1.0f : scale[p];
        scale[j] = parent_scale * local.scale.x;
        DelayedJointFrame& frame = joints_[j];
        frame.translation = parent_scale * local.translation;
        const glm::vec3& v = frame.translation;
        frame.along_axis = v == glm::vec3(0.0f)                  ? DelayedJointFrame::kNoTranslation
                           : (v.y == 0.0f && v.z == 0.0f)        ? 0
                           : (v.x == 0.0f && v.z == 0.0f)        ? 1
                           : (v.x == 0.0f && v.y == 0.0f)        ? 2
                                                                 : DelayedJointFrame::kAnyDirection;
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 3; ++r) frame.bind[3 * c + r] = scale[j] * mesh.inverse_binds[j][c][r];
    }
    return true;
}

void DelayedLbs::run(Executor& executor, const JointMotionHistory& history, double t, const Pose& pose, float speed,
                     std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals, const MorphedRest* morphed) {
    const SkinnedMesh& mesh = mesh_;
    const bool morphs = morphed && morphed->active();
    last_run_was_fast_ = delays_.complete && prepare_joints(pose);
    if (!last_run_was_fast_) {
        const RestShape shape = morphs ? morphed->shape() : mesh.rest_shape();
        delayed_linear_blend_skinning(executor, skeleton_, mesh, betas_, distances_, history, t, pose, speed, positions,
                                      normals, &shape);
        return;
    }
    if (morphs) rest_morph_.sync(*morphed, skin_);
    const std::size_t n = mesh.vertex_count();
    positions.resize(n);
    normals.resize(n);
    // 60 / c, kept finite so that a zero distance stays a zero delay.
    const double ticks_per_size = std::min(kTicksPerSecond / double(speed), 1e30);
    table_.update(history, pose, t, double(delays_.longest) * ticks_per_size);

    DelayedFrame frame;
    frame.skin = &skin_;
    frame.delays = &delays_;
    frame.table = &table_;
    frame.joints = joints_.data();
    frame.ticks_per_size = ticks_per_size;
    frame.positions = positions.data();
    frame.normals = normals.data();
    const std::size_t floats = delayed_scratch_floats(delays_);
    auto deform = [&frame, floats](std::size_t begin, std::size_t end) {
        // One chain per thread, sized once (grows only): 64-byte aligned rows of lanes.
        thread_local std::vector<float> scratch;
        if (scratch.size() < floats + 16) scratch.resize(floats + 16);
        float* aligned = scratch.data();
        while (reinterpret_cast<std::uintptr_t>(aligned) % 64 != 0) ++aligned;
        deform_delayed_windows(frame, begin, end, aligned);
    };
    // Runs of consecutive windows per call, so that the kernel can prefetch the next one.
    const std::size_t run = std::max<std::size_t>(1, skin_.window_count() / (8 * std::size_t(executor.thread_count())));
    executor.parallel_for(skin_.window_count(), run, deform);
}

}  // namespace dynskin
