#include "core/formulas/delayed_lbs.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "dynskin/linear_blend_skinning.h"

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

float longest_skeleton_distance(const Skeleton& skeleton) {
    const RestSkeleton rest = rest_skeleton(skeleton);
    const int n = skeleton.joint_count();
    float path = 0.0f, bone = 0.0f;
    for (int a = 0; a < n; ++a) {
        bone = std::max(bone, glm::length(rest.bone_end[a] - rest.positions[a]));
        const int p = skeleton.parents[a];
        if (p >= 0) bone = std::max(bone, glm::length(rest.positions[a] - rest.positions[p]));
        for (int b = 0; b < a; ++b) path = std::max(path, path_length(skeleton, rest, a, b));
    }
    const float bound = path + bone;
    return std::isfinite(bound) ? bound : 0.0f;
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

void delayed_linear_blend_skinning(Executor& executor, const Skeleton& skeleton, const SkinnedMesh& mesh,
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
    executor.parallel_for(n, 1024, skin_vertices);
}

}  // namespace dynskin
