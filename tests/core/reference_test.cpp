// The deformer against the plain reference implementation, in every mode.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "reference_deformer.h"
#include "dynskin/deformer.h"
#include "test_support.h"

namespace dynskin {
namespace {

PoseSampler rich_motion(const Skeleton& skeleton) {
    return [&skeleton](double t, Pose& pose) {
        pose.local = skeleton.rest;
        pose.local[0].translation = glm::vec3(0.3f * float(std::sin(2.0 * M_PI * 0.5 * t)), 0.0f, 0.1f * float(t));
        pose.local[0].rotation = glm::angleAxis(0.4f * float(t), glm::vec3(0, 1, 0));
        pose.local[1].rotation = glm::angleAxis(0.8f * float(std::sin(2.0 * M_PI * 0.7 * t)), glm::vec3(0, 0, 1));
        pose.local[2].rotation =
            glm::angleAxis(0.5f * float(std::sin(2.0 * M_PI * 1.3 * t + 1.0)), glm::normalize(glm::vec3(1, 0, 1)));
        if (t > 1.1) pose.local[3].rotation = glm::angleAxis(0.6f, glm::vec3(1, 0, 0));  // a sudden pose change
    };
}

struct Case {
    const char* name;
    DynamicSettings settings;
};

std::vector<Case> cases() {
    std::vector<Case> list;
    DynamicSettings s;
    s.parameters.oscillation = {2.5f, 0.4f, 0.15f, 0.08f};
    list.push_back({"dynamic", s});
    DynamicSettings drag = s;
    drag.parameters.mode = DeformerMode::DragOnly;
    list.push_back({"drag only", drag});
    DynamicSettings lbs = s;
    lbs.parameters.mode = DeformerMode::LbsOnly;
    list.push_back({"lbs only", lbs});
    DynamicSettings dqs = s;
    dqs.parameters.base = SkinningBase::DualQuaternion;
    list.push_back({"dual quaternion base", dqs});
    DynamicSettings delayed = s;
    delayed.parameters.propagation_speed = 1.5f;
    list.push_back({"dLBS with oscillations", delayed});
    DynamicSettings per_joint = s;
    per_joint.joints.resize(4);
    per_joint.joints[1].override_oscillation = true;
    per_joint.joints[1].oscillation = {4.0f, 0.25f, -0.2f, 0.02f};
    per_joint.joints[1].origin_offset = glm::vec3(0.1f, 0.3f, 0.0f);
    per_joint.joints[2].gain = 0.0f;
    per_joint.joints[0].gain = 2.0f;
    per_joint.parameters.max_angle = 0.3f;
    per_joint.parameters.translation_gain = 2.0f;
    list.push_back({"per-joint overrides, origins, soft limit", per_joint});
    return list;
}

// The deformer, updated every frame at 47 fps (frames fall between ticks as well as on
// them), against reference_deform at every `every`-th frame and at frame 47. With
// `each_case_moves`, the reference must also bend the bar at each of those frames.
void expect_deformer_agrees(const Character& bar, const PoseSampler& motion, const std::vector<Case>& list,
                            int frames, int every, bool each_case_moves) {
    for (const Case& c : list) {
        Deformer deformer(bar);
        const double start = 0.05;
        int checked = 0;
        for (int k = 0; k <= frames; ++k) {
            const double t = start + k / 47.0;
            deformer.update(t, motion, c.settings);
            if (k % every != 0 && k != 47) continue;
            const ReferenceResult r = reference_deform(bar, motion, c.settings, start, t);
            const float L = deformer.size();
            if (each_case_moves) {
                EXPECT_GT(test::max_distance(r.positions, r.base_positions), 1e-3f * L) << c.name;
            }
            EXPECT_LT(test::max_distance(deformer.base_positions(), r.base_positions), 1e-5f * L) << c.name << " t=" << t;
            EXPECT_LT(test::max_distance(deformer.positions(), r.positions), 1e-5f * L) << c.name << " t=" << t;
            EXPECT_LT(test::max_distance(deformer.normals(), r.normals), 2e-3f) << c.name << " t=" << t;
            ++checked;
        }
        EXPECT_GE(checked, frames / every) << c.name;
    }
}

TEST(ReferenceDeformer, DeformerAgreesInEveryMode) {
    Character bar = test::make_bar(4, 2.0f, 0.25f, 12, 6);
    for (std::size_t i = 0; i < bar.mesh.vertex_count(); ++i) bar.mesh.bend_weights[i] = 1.5f - float(i % 5) * 0.4f;
    expect_deformer_agrees(bar, rich_motion(bar.skeleton), cases(), 90, 15, false);
}

// The ground contact (a band of 0.3 L: the bar's lower side held, the fade across it), on
// the bar lying along x (up +y) and standing on its end (up +x: the first joint's end held).
TEST(ReferenceDeformer, DeformerAgreesWithTheGroundContact) {
    for (const int up : {1, 0}) {
        Character bar = test::make_bar(4, 2.0f, 0.25f, 12, 6);
        bar.up_axis = up;
        for (std::size_t i = 0; i < bar.mesh.vertex_count(); ++i) bar.mesh.bend_weights[i] = 1.5f - float(i % 5) * 0.4f;
        std::vector<Case> list;
        for (Case c : cases()) {
            c.settings.parameters.ground_contact = 0.3f;
            list.push_back(c);
        }
        SCOPED_TRACE(up == 1 ? "up +y" : "up +x");
        expect_deformer_agrees(bar, rich_motion(bar.skeleton), list, 60, 20, false);
    }
}

// A root carried by an object that slides, turns and is scaled by 1.5 (Pose::object), its
// motion taken out in part or whole (object_motion 0, 0.4) or not at all (1).
TEST(ReferenceDeformer, DeformerAgreesWithTheObjectsMotionTakenOut) {
    Character bar = test::make_bar(4, 2.0f, 0.25f, 12, 6);
    const PoseSampler own = rich_motion(bar.skeleton);
    const PoseSampler carried = [own](double t, Pose& pose) {
        own(t, pose);
        Trs& object = pose.object;
        object.translation = glm::vec3(0.5f * float(std::sin(2.0 * M_PI * 0.6 * t)), 0.2f * float(t), 0.0f);
        object.rotation = glm::angleAxis(0.9f * float(std::sin(2.0 * M_PI * 0.4 * t)), glm::normalize(glm::vec3(1, 1, 0)));
        object.scale = glm::vec3(1.5f);
        Trs& root = pose.local[0];
        root.translation = object.translation + object.rotation * (object.scale * root.translation);
        root.rotation = object.rotation * root.rotation;
        root.scale = object.scale * root.scale;
    };
    for (const float share : {0.0f, 0.4f, 1.0f}) {
        std::vector<Case> list;
        for (Case c : cases()) {
            c.settings.parameters.object_motion = share;
            list.push_back(c);
        }
        SCOPED_TRACE(share);
        expect_deformer_agrees(bar, carried, list, 60, 20, false);
    }
}

// Velocity Skinning's extras: painted floppy and squash layers (negative values too), the
// squash about the axis and about the centroid, moved centroids and per-joint switches.
TEST(ReferenceDeformer, DeformerAgreesWithVelocitySkinning) {
    Character bar = test::make_bar(4, 2.0f, 0.25f, 12, 6);
    const std::size_t n = bar.mesh.vertex_count();
    bar.mesh.floppy_weights.resize(n);
    bar.mesh.squash_weights.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        bar.mesh.bend_weights[i] = 1.5f - float(i % 5) * 0.4f;
        bar.mesh.floppy_weights[i] = 2.0f - float(i % 7) * 0.5f;
        bar.mesh.squash_weights[i] = 1.5f - float(i % 3) * 0.8f;
    }
    const PoseSampler motion = rich_motion(bar.skeleton);
    std::vector<Case> list;
    DynamicSettings s;
    s.parameters.oscillation = {2.5f, 0.4f, 0.15f, 0.08f};
    s.parameters.squash = 0.25f;
    list.push_back({"squash about the axis", s});
    s.parameters.squash_center = SquashCenter::Centroid;
    list.push_back({"squash about the centroid", s});
    s.joints.resize(4);
    s.joints[1].centroid_offset = glm::vec3(0.2f, 0.1f, -0.1f);
    s.joints[0].squash.translation = false;
    s.joints[2].bend.rotation = false;
    s.joints[3].squash.rotation = false;
    s.parameters.max_angle = 0.4f;
    list.push_back({"moved centroid, switches, limit", s});
    s.parameters.squash_center = SquashCenter::Axis;
    s.parameters.mode = DeformerMode::DragOnly;
    s.parameters.base = SkinningBase::DualQuaternion;
    list.push_back({"drag only on DQS", s});
    expect_deformer_agrees(bar, motion, list, 60, 20, true);
}

// The filter's promise end to end: the offsets (the positions minus the base skinning, what
// the filter drives) within 1e-6 L of the reference's plain convolution, through a teleport
// of the root, a joint snapping past a quarter turn in one tick (both cuts), and parameters
// that change live every half second (f up and down, tau down, A and D, the drag-only mode
// and back: a kernel the kept history always covers, as the reference sums the whole past).
TEST(ReferenceDeformer, TheOffsetsAgreeThroughCutsTeleportsAndLiveChanges) {
    Character bar = test::make_bar(4, 2.0f, 0.25f, 12, 6);
    const PoseSampler smooth = rich_motion(bar.skeleton);
    const PoseSampler motion = [&smooth](double t, Pose& pose) {
        smooth(t, pose);
        if (t > 0.9) pose.local[0].translation += glm::vec3(3.0f, 0.0f, 0.0f);  // a teleport
        if (t > 1.4) pose.local[2].rotation = glm::angleAxis(2.0f, glm::vec3(0, 1, 0)) * pose.local[2].rotation;  // a snap
    };
    const std::vector<OscillationParameters> schedule = {
        {2.5f, 0.6f, 0.15f, 0.08f}, {4.0f, 0.6f, 0.3f, 0.02f}, {1.5f, 0.45f, -0.2f, 0.1f},
        {6.0f, 0.3f, 0.25f, 0.0f},  {3.0f, 0.2f, 0.1f, 0.05f}};
    const auto settings_at = [&](double t) {
        DynamicSettings s;
        const std::size_t phase = std::min(schedule.size() - 1, static_cast<std::size_t>(t / 0.5));
        s.parameters.oscillation = schedule[phase];
        if (phase == 2) s.parameters.mode = DeformerMode::DragOnly;
        s.parameters.max_offset = 0.0f;  // the limits would hide differences
        s.parameters.max_angle = 0.0f;
        return s;
    };
    Deformer deformer(bar);
    const double start = 0.05;
    float largest = 0.0f;
    for (int k = 0; k <= 140; ++k) {
        const double t = start + k / 53.0;
        const DynamicSettings s = settings_at(t);
        deformer.update(t, motion, s);
        if (k % 7 != 0) continue;
        const ReferenceResult r = reference_deform(bar, motion, s, start, t);
        std::vector<glm::vec3> offsets(r.positions.size()), reference(r.positions.size());
        for (std::size_t i = 0; i < offsets.size(); ++i) {
            offsets[i] = deformer.positions()[i] - deformer.base_positions()[i];
            reference[i] = r.positions[i] - r.base_positions[i];
            largest = std::max(largest, glm::length(reference[i]));
        }
        EXPECT_LT(test::max_distance(offsets, reference), 1e-6f * deformer.size()) << "t = " << t;
    }
    EXPECT_GT(largest, 0.05f * deformer.size()) << "the motion bends the bar";
}

// Paused (the same time again, on a tick and between two), a new f or tau applies at once:
// the filter's sums are seeded afresh from the kept history, without a tick to carry them.
TEST(ReferenceDeformer, AChangeWhilePausedAppliesAtOnce) {
    Character bar = test::make_bar(4, 2.0f, 0.25f, 12, 6);
    const PoseSampler motion = rich_motion(bar.skeleton);
    DynamicSettings before, after;
    before.parameters.oscillation = {2.5f, 0.6f, 0.2f, 0.05f};
    after.parameters.oscillation = {4.0f, 0.35f, 0.2f, 0.05f};
    for (const double paused : {1.3, 1.3 + 0.4 / 60.0}) {
        Deformer deformer(bar);
        for (int k = 0; k <= 60; ++k) deformer.update(paused * k / 60.0, motion, before);
        const std::vector<glm::vec3> shown_before = deformer.positions();
        deformer.update(paused, motion, after);
        const ReferenceResult r = reference_deform(bar, motion, after, 0.0, paused);
        std::vector<glm::vec3> offsets(r.positions.size()), reference(r.positions.size());
        for (std::size_t i = 0; i < offsets.size(); ++i) {
            offsets[i] = deformer.positions()[i] - deformer.base_positions()[i];
            reference[i] = r.positions[i] - r.base_positions[i];
        }
        EXPECT_LT(test::max_distance(offsets, reference), 1e-6f * deformer.size()) << "paused at " << paused;
        EXPECT_GT(test::max_distance(deformer.positions(), shown_before), 1e-3f * deformer.size()) << "the change shows";
    }
}

TEST(ReferenceDeformer, TheBendIsNotTrivialInTheseCases) {
    // Guard against a comparison that passes because nothing moves.
    const Character bar = test::make_bar(4, 2.0f, 0.25f, 12, 6);
    const PoseSampler motion = rich_motion(bar.skeleton);
    const DynamicSettings s = cases()[0].settings;
    const ReferenceResult r = reference_deform(bar, motion, s, 0.0, 1.0);
    EXPECT_GT(test::max_distance(r.positions, r.base_positions), 0.05f);
}

}  // namespace
}  // namespace dynskin
