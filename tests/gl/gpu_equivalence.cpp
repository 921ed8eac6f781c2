#include "gpu_equivalence.h"

#include <cmath>
#include <limits>
#include <random>

namespace dynskin::test {

std::vector<GpuMode> gpu_modes(int joint_count) {
    std::vector<GpuMode> list;
    DynamicSettings s;
    s.parameters.oscillation = {2.5f, 0.5f, 0.3f, 0.2f};
    DynamicSettings lbs = s;
    lbs.parameters.mode = DeformerMode::LbsOnly;
    list.push_back({"LBS", lbs});
    list.push_back({"dynamic skinning", s});
    DynamicSettings dqs = s;
    dqs.parameters.base = SkinningBase::DualQuaternion;
    list.push_back({"dynamic skinning on DQS", dqs});
    DynamicSettings tuned = s;
    tuned.parameters.mode = DeformerMode::DragOnly;
    tuned.parameters.max_angle = 0.4f;
    tuned.parameters.translation_gain = 2.0f;
    tuned.joints.resize(joint_count);
    for (int j = 0; j < joint_count; ++j) {
        tuned.joints[j].gain = j % 3 == 0 ? 0.0f : 1.5f;
        tuned.joints[j].origin_offset = glm::vec3(0.01f * j, 0.02f, 0.0f);
    }
    list.push_back({"drag, soft limit, per-joint gains and origins", tuned});
    DynamicSettings limited = s;
    limited.parameters.max_offset = 0.03f;  // past its knee on many vertices
    list.push_back({"dynamic skinning, offset limit", limited});
    DynamicSettings grounded = s;
    grounded.parameters.ground_contact = 0.3f;  // a wide band: held and fading vertices on every character
    list.push_back({"dynamic skinning, ground contact", grounded});
    DynamicSettings delayed = s;
    delayed.parameters.propagation_speed = 1.5f;
    list.push_back({"dLBS with oscillations", delayed});
    DynamicSettings squash = s;
    squash.parameters.squash = 0.3f;
    squash.parameters.max_angle = 0.6f;
    squash.joints.resize(joint_count);
    for (int j = 0; j < joint_count; ++j) {
        squash.joints[j].centroid_offset = glm::vec3(0.0f, 0.01f * j, 0.0f);
        squash.joints[j].bend.translation = j % 4 != 1;
        squash.joints[j].squash.rotation = j % 5 != 2;
    }
    list.push_back({"Velocity Skinning: squash about the axis, switches", squash});
    squash.parameters.squash_center = SquashCenter::Centroid;
    squash.parameters.mode = DeformerMode::DragOnly;
    list.push_back({"Velocity Skinning: drag and squash about the centroid", squash});
    return list;
}

PoseSampler test_motion(const Character& c) {
    if (!c.clips.empty()) return clip_sampler(c.skeleton, c.clips[0], true);
    return [&c](double t, Pose& pose) {
        pose.local = c.skeleton.rest;
        for (int j = 0; j < c.skeleton.joint_count(); ++j)
            pose.local[j].rotation = glm::angleAxis(0.4f * float(std::sin(3.0 * t + j)), glm::vec3(0, 0, 1)) *
                                     c.skeleton.rest[j].rotation;
    };
}

void paint_test_layers(Character& c) {
    std::mt19937 random(3);
    std::uniform_real_distribution<float> paint(-0.5f, 1.5f);
    for (float& g : c.mesh.bend_weights) g = paint(random);
    c.mesh.bend_weights[0] = 0.0f;
    c.mesh.floppy_weights.resize(c.mesh.vertex_count());
    c.mesh.squash_weights.resize(c.mesh.vertex_count());
    for (float& w : c.mesh.floppy_weights) w = paint(random) * 1.5f;
    for (float& w : c.mesh.squash_weights) w = paint(random);
}

float max_distance(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b) {
    if (a.size() != b.size()) return std::numeric_limits<float>::infinity();
    float d = 0.0f;
    for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, glm::length(a[i] - b[i]));
    return d;
}

std::vector<GpuComparison> compare_gpu_with_cpu(gl::GpuSkinning& gpu, const Character& c) {
    std::vector<GpuComparison> comparisons;
    const PoseSampler motion = test_motion(c);
    for (const GpuMode& mode : gpu_modes(c.skeleton.joint_count())) {
        Deformer deformer(c);
        gpu.set_mesh(c, deformer);
        for (int frame = 0; frame <= 90; ++frame) {
            const double t = frame / 47.0;
            deformer.update(t, motion, mode.settings);
            if (frame != 20 && frame != 47 && frame != 90) continue;
            gpu.update_joints(deformer, mode.settings.parameters);
            std::vector<glm::vec3> positions, normals;
            gpu.capture(positions, normals);
            GpuComparison& r = comparisons.emplace_back();
            r.mode = mode.name;
            r.frame = frame;
            r.size = deformer.size();
            r.position_error = max_distance(positions, deformer.positions());
            r.normal_error = max_distance(normals, deformer.normals());
            // Feedback that silently captured nothing would be all zero.
            r.captured = positions.size() == c.mesh.vertex_count() &&
                         max_distance(positions, std::vector<glm::vec3>(positions.size())) > 0.0f;
        }
    }
    return comparisons;
}

}  // namespace dynskin::test
