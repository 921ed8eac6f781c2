#include "core/delayed_lbs.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/linear_blend_skinning.h"

namespace dynskin {
namespace {

struct RestSkeleton {
    std::vector<glm::vec3> positions;  // rest global joint positions
    std::vector<float> depth;          // distance along the skeleton from the root
    std::vector<glm::vec3> bone_end;   // where each joint's bone ends: mean of its children
};

RestSkeleton rest_skeleton(const Skeleton& skeleton) {
    const int n = skeleton.joint_count();
    std::vector<glm::mat4> globals;
    forward_kinematics(skeleton, Pose::rest_of(skeleton), globals);
    RestSkeleton rest{std::vector<glm::vec3>(n), std::vector<float>(n, 0.0f), std::vector<glm::vec3>(n)};
    std::vector<int> child_count(n, 0);
    std::vector<glm::vec3> child_sum(n, glm::vec3(0.0f));
    for (int j = 0; j < n; ++j) {
        rest.positions[j] = glm::vec3(globals[j][3]);
        const int p = skeleton.parents[j];
        if (p < 0) continue;
        rest.depth[j] = rest.depth[p] + glm::length(rest.positions[j] - rest.positions[p]);
        child_sum[p] += rest.positions[j];
        ++child_count[p];
    }
    for (int j = 0; j < n; ++j)
        rest.bone_end[j] = child_count[j] > 0 ? child_sum[j] / float(child_count[j]) : rest.positions[j];
    return rest;
}

int lowest_common_ancestor(const Skeleton& skeleton, int a, int b) {
    while (a != b && a >= 0 && b >= 0) {
        if (a > b) a = skeleton.parents[a];  // parents come first: the larger index is deeper
        else b = skeleton.parents[b];
    }
    return a == b ? a : -1;
}

// Where a vertex hangs on the skeleton: a point `along` the segment from joint `from` toward
// `to` (a joint, or -1 for the end of `from`'s own bone), `along` in model units.
struct Attachment {
    int from = 0;
    int to = -1;
    float along = 0.0f;
    float length = 0.0f;
};

struct Projection {
    float along;
    float distance2;  // squared distance of the point to the segment
};

Projection project_on_segment(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b) {
    const glm::vec3 ab = b - a;
    const float length2 = glm::dot(ab, ab);
    const float s = length2 > 0.0f ? std::clamp(glm::dot(p - a, ab) / length2, 0.0f, 1.0f) : 0.0f;
    const glm::vec3 closest = a + s * ab;
    return {s * std::sqrt(length2), glm::dot(p - closest, p - closest)};
}

// The vertex's main joint m (largest weight) decides: the closest of m's own bone and the
// bone coming into m from its parent, so that the attachment, and with it the delay, varies
// continuously across joints.
Attachment attach(const Skeleton& skeleton, const RestSkeleton& rest, const glm::vec3& p, int m) {
    const Projection own = project_on_segment(p, rest.positions[m], rest.bone_end[m]);
    Attachment best{m, -1, own.along, glm::length(rest.bone_end[m] - rest.positions[m])};
    const int parent = skeleton.parents[m];
    if (parent >= 0) {
        const Projection incoming = project_on_segment(p, rest.positions[parent], rest.positions[m]);
        if (incoming.distance2 < own.distance2)
            best = {parent, m, incoming.along, glm::length(rest.positions[m] - rest.positions[parent])};
    }
    return best;
}

float path_length(const Skeleton& skeleton, const RestSkeleton& rest, int a, int b) {
    const int lca = lowest_common_ancestor(skeleton, a, b);
    return lca < 0 ? 0.0f : (rest.depth[a] - rest.depth[lca]) + (rest.depth[b] - rest.depth[lca]);
}

// Distance along the skeleton from joint a to the attachment point.
float distance_to(const Skeleton& skeleton, const RestSkeleton& rest, const Attachment& at, int a) {
    if (at.to >= 0 && skeleton.is_ancestor_or_self(at.to, a))  // reached through the far end
        return path_length(skeleton, rest, a, at.to) + (at.length - at.along);
    if (at.to < 0 && a != at.from && skeleton.is_ancestor_or_self(at.from, a))  // below, along the bone
        return std::max(0.0f, path_length(skeleton, rest, a, at.from) - at.along);
    return path_length(skeleton, rest, a, at.from) + at.along;
}

}  // namespace

std::vector<float> skeleton_distances(const Skeleton& skeleton, const SkinnedMesh& mesh,
                                      const HierarchicalWeights& betas, float size) {
    const RestSkeleton rest = rest_skeleton(skeleton);
    std::vector<float> distances(betas.pair_count(), 0.0f);
    const SkinningWeights& w = mesh.weights;
    for (std::size_t i = 0; i < mesh.vertex_count(); ++i) {
        if (w.offsets[i] == w.offsets[i + 1]) continue;
        std::uint32_t main = w.offsets[i];
        for (std::uint32_t e = w.offsets[i]; e < w.offsets[i + 1]; ++e)
            if (w.weights[e] > w.weights[main]) main = e;
        const Attachment at = attach(skeleton, rest, mesh.rest_positions[i], static_cast<int>(w.joints[main]));
        for (std::uint32_t e = betas.offsets[i]; e < betas.offsets[i + 1]; ++e)
            distances[e] = distance_to(skeleton, rest, at, static_cast<int>(betas.joints[e])) / size;
    }
    return distances;
}

glm::quat delayed_rotation(const JointMotionHistory& history, const Pose& pose, int joint, double t, double delay) {
    const glm::quat now = pose.local[joint].rotation;
    if (!(delay > 0.0)) return now;
    const TickHistory<glm::quat>& rotations = history.rotations();
    const double target = t - delay;
    const Tick newest = history.newest_tick();  // t_newest >= t > t_{newest-1}
    const double previous_time = tick_time(newest - 1);
    if (target >= previous_time) {
        const double span = t - previous_time;
        const float a = span > 1e-12 ? static_cast<float>((target - previous_time) / span) : 1.0f;
        return slerp_shortest(rotations.row(newest - 1)[joint], now, a);
    }
    const double ticks = target * kTicksPerSecond;
    const Tick m = static_cast<Tick>(std::floor(ticks));
    return slerp_shortest(rotations.row(m)[joint], rotations.row(m + 1)[joint], static_cast<float>(ticks - m));
}

void delayed_linear_blend_skinning(WorkerPool& pool, const Skeleton& skeleton, const SkinnedMesh& mesh,
                                   const HierarchicalWeights& betas, const std::vector<float>& distances,
                                   const JointMotionHistory& history, double t, const Pose& pose, float speed,
                                   std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals,
                                   const RestShape* rest) {
    const RestShape shape = rest ? *rest : mesh.rest_shape();
    const std::size_t n = mesh.vertex_count();
    positions.resize(n);
    normals.resize(n);
    const SkinningWeights& w = mesh.weights;
    auto skin_vertices = [&](std::size_t begin, std::size_t end) {
        // Per-joint scratch for one vertex's delayed globals: one per thread, sized once.
        thread_local std::vector<glm::mat4> chain;
        chain.resize(static_cast<std::size_t>(skeleton.joint_count()));
        for (std::size_t i = begin; i < end; ++i) {
            // Delayed forward kinematics along the joints that move this vertex (parents first).
            for (std::uint32_t e = betas.offsets[i]; e < betas.offsets[i + 1]; ++e) {
                const int a = static_cast<int>(betas.joints[e]);
                Trs local = pose.local[a];
                local.rotation = delayed_rotation(history, pose, a, t, distances[e] / speed);
                const int p = skeleton.parents[a];
                chain[a] = p < 0 ? local.to_matrix() : chain[p] * local.to_matrix();
            }
            glm::mat4 blended(0.0f);
            for (std::uint32_t e = w.offsets[i]; e < w.offsets[i + 1]; ++e) {
                if (!(w.weights[e] > 0.0f)) continue;
                blended += w.weights[e] * (chain[w.joints[e]] * mesh.inverse_binds[w.joints[e]]);
            }
            skin_vertex(blended, shape.positions[i], shape.normals[i], positions[i], normals[i]);
        }
    };
    pool.parallel_for(n, 1024, skin_vertices);
}

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
    : distances_(skeleton_distances(skeleton, mesh, betas, size)),
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
bool DelayedLbs::prepare_joints(const Skeleton& skeleton, const SkinnedMesh& mesh, const Pose& pose) {
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

void DelayedLbs::run(WorkerPool& pool, const Skeleton& skeleton, const SkinnedMesh& mesh,
                     const HierarchicalWeights& betas, const JointMotionHistory& history, double t,
                     const Pose& pose, float speed, std::vector<glm::vec3>& positions,
                     std::vector<glm::vec3>& normals, const MorphedRest* morphed) {
    const bool morphs = morphed && morphed->active();
    last_run_was_fast_ = delays_.complete && prepare_joints(skeleton, mesh, pose);
    if (!last_run_was_fast_) {
        const RestShape shape = morphs ? morphed->shape() : mesh.rest_shape();
        delayed_linear_blend_skinning(pool, skeleton, mesh, betas, distances_, history, t, pose, speed, positions,
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
    const std::size_t run = std::max<std::size_t>(1, skin_.window_count() / (8 * std::size_t(pool.thread_count())));
    pool.parallel_for(skin_.window_count(), run, deform);
}

}  // namespace dynskin
