// Degenerate rigs and absurd parameters: never a NaN or an infinity.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "core/fast/blocked_deformer.h"
#include "core/formulas/bend.h"
#include "core/support/worker_pool.h"
#include "dynskin/deformer.h"
#include "test_support.h"

namespace dynskin {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

void expect_finite_run(const Character& c, const PoseSampler& motion, const DynamicSettings& s) {
    Deformer deformer(c);
    EXPECT_TRUE(std::isfinite(deformer.size()) && deformer.size() > 0.0f);
    for (int n = 0; n <= 150; ++n) {
        deformer.update(n / 45.0, motion, s);
        ASSERT_TRUE(test::all_finite(deformer.positions())) << "frame " << n;
        ASSERT_TRUE(test::all_finite(deformer.normals())) << "frame " << n;
    }
}

std::vector<DynamicSettings> all_kinds_of_settings() {
    std::vector<DynamicSettings> list;
    for (float c : {kInf, 0.5f, 1e-6f}) {
        for (OscillationParameters p : {OscillationParameters{2.0f, 0.5f, 0.2f, 0.1f},
                                        OscillationParameters{0.0f, 0.5f, 0.2f, 0.1f},    // f = 0
                                        OscillationParameters{2.0f, 0.0f, 0.2f, 0.1f},    // tau = 0
                                        OscillationParameters{2.0f, 0.5f, 1e30f, 1e30f},  // huge A and D
                                        OscillationParameters{kNaN, kInf, -kInf, kNaN},   // nonsense
                                        OscillationParameters{1e9f, 1e9f, 3.0f, 3.0f}}) {
            DynamicSettings s;
            s.parameters.oscillation = p;
            s.parameters.propagation_speed = c;
            list.push_back(s);
        }
    }
    DynamicSettings limited;
    limited.parameters.max_angle = 1e-30f;
    list.push_back(limited);
    DynamicSettings nan_everywhere;
    nan_everywhere.parameters.translation_gain = kNaN;
    nan_everywhere.parameters.max_angle = kNaN;
    nan_everywhere.parameters.propagation_speed = kNaN;
    nan_everywhere.joints.resize(2);
    nan_everywhere.joints[1].gain = kNaN;
    list.push_back(nan_everywhere);
    return list;
}

PoseSampler busy(const Skeleton& skeleton) {
    return [&skeleton](double t, Pose& pose) {
        pose.local = skeleton.rest;
        for (int j = 0; j < skeleton.joint_count(); ++j)
            pose.local[j].rotation = glm::angleAxis(float(std::sin(3.0 * t + j)), glm::normalize(glm::vec3(1, j, 2)));
        pose.local[0].translation = glm::vec3(float(std::sin(5.0 * t)), 0.0f, 0.0f);
    };
}

TEST(Robustness, AbsurdParametersOnABar) {
    const Character bar = test::make_bar();
    for (const DynamicSettings& s : all_kinds_of_settings()) expect_finite_run(bar, busy(bar.skeleton), s);
}

// What the C++ API takes from a caller who skips the tables' ranges (the other entry points
// clamp to them): each case alone, with the safety limits off, through every mode.
TEST(Robustness, AbsurdJointSettingsAndRangesThroughTheApi) {
    const Character bar = test::make_bar();
    const int joints = bar.skeleton.joint_count();
    std::vector<DynamicSettings> cases;
    const auto add = [&](const auto& change) {
        for (DeformerMode mode : {DeformerMode::LbsOnly, DeformerMode::DragOnly, DeformerMode::DynamicSkinning}) {
            DynamicSettings s;
            s.parameters.mode = mode;
            s.parameters.max_angle = 0.0f;  // off
            s.parameters.max_offset = 0.0f;
            s.joints.resize(static_cast<std::size_t>(joints));
            change(s);
            cases.push_back(s);
        }
    };
    for (float gain : {3e38f, 1e30f, -1e30f, kInf}) add([gain](DynamicSettings& s) { s.joints[2].gain = gain; });
    for (float v : {kNaN, kInf, 1e30f, 3e38f}) {
        add([v](DynamicSettings& s) { s.joints[1].origin_offset = glm::vec3(0.0f, v, 0.0f); });
        add([v](DynamicSettings& s) {
            s.parameters.squash = 1.0f;
            s.parameters.squash_center = SquashCenter::Centroid;
            s.joints[3].centroid_offset = glm::vec3(v, 0.0f, 0.0f);
        });
    }
    add([](DynamicSettings& s) { s.parameters.squash = 3e38f; });
    add([](DynamicSettings& s) { s.parameters.propagation_speed = 1e-30f; });
    add([](DynamicSettings& s) { s.parameters.translation_gain = 3e38f; });
    for (std::size_t k = 0; k < cases.size(); ++k) {
        SCOPED_TRACE("case " + std::to_string(k));
        expect_finite_run(bar, busy(bar.skeleton), cases[k]);
    }
}

// Every field at once, drawn from values that are each absurd somewhere, changed while the
// bar plays (sampled and given poses, times that jump back, stall and leap): a seeded search
// for combinations no case above names.
TEST(Robustness, RandomAbsurdSettingsKeepTheSkinFinite) {
    const Character bar = test::make_bar(6);
    const int joints = bar.skeleton.joint_count();
    const PoseSampler motion = busy(bar.skeleton);
    const float values[] = {0.0f, -0.0f, 1.0f, -1.0f, 0.5f, 2.0f, 1e-30f, 1e-6f, 1e6f, 1e30f, -1e30f, 3e38f, kInf, -kInf, kNaN};
    std::mt19937 random(7);
    const auto absurd_or = [&](float usual) {
        return random() % 3 == 0 ? values[random() % (sizeof values / sizeof *values)] : usual;
    };
    for (int run = 0; run < 40; ++run) {
        Deformer deformer(bar);
        DynamicSettings s;
        double t = 0.0;
        for (int frame = 0; frame < 60; ++frame) {
            if (frame % 20 == 0) {
                DynamicParameters& p = s.parameters;
                p.mode = DeformerMode(random() % 3);
                p.base = random() % 2 ? SkinningBase::Linear : SkinningBase::DualQuaternion;
                p.squash_center = random() % 2 ? SquashCenter::Axis : SquashCenter::Centroid;
                p.oscillation = {absurd_or(2.0f), absurd_or(0.4f), absurd_or(0.15f), absurd_or(0.1f)};
                p.translation_gain = absurd_or(1.0f), p.propagation_speed = absurd_or(kInf), p.max_angle = absurd_or(1.0f);
                p.max_offset = absurd_or(0.25f), p.ground_contact = absurd_or(0.0f), p.object_motion = absurd_or(1.0f);
                p.squash = absurd_or(0.0f);
                s.joints.assign(static_cast<std::size_t>(joints), JointSettings{});
                for (JointSettings& j : s.joints) {
                    j.gain = absurd_or(1.0f);
                    j.override_oscillation = random() % 2;
                    j.oscillation = {absurd_or(2.0f), absurd_or(0.4f), absurd_or(0.15f), absurd_or(0.1f)};
                    j.origin_offset = glm::vec3(absurd_or(0.0f), absurd_or(0.0f), absurd_or(0.0f));
                    j.centroid_offset = glm::vec3(absurd_or(0.0f), absurd_or(0.0f), absurd_or(0.0f));
                    j.bend = {random() % 2 == 0, random() % 2 == 0};
                    j.squash = {random() % 2 == 0, random() % 2 == 0};
                }
            }
            const int step = static_cast<int>(random() % 10);
            t += step == 0 ? -0.5 : step == 1 ? 100.0 : step == 2 ? 1e-7 : 1.0 / (20 + random() % 150);
            if (random() % 2) {
                deformer.update(t, motion, s);
            } else {
                Pose pose = Pose::rest_of(bar.skeleton);
                motion(t, pose);
                deformer.update(t, pose.local, s);
            }
            ASSERT_TRUE(test::all_finite(deformer.positions())) << "run " << run << " frame " << frame;
            ASSERT_TRUE(test::all_finite(deformer.normals())) << "run " << run << " frame " << frame;
        }
    }
}

TEST(Robustness, CoincidentJointsAndZeroLengthBones) {
    Character c = test::make_bar(4);
    for (Trs& t : c.skeleton.rest) t.translation = glm::vec3(0.0f);  // every joint at the origin
    c.mesh.inverse_binds.assign(4, glm::mat4(1.0f));
    for (const DynamicSettings& s : all_kinds_of_settings()) expect_finite_run(c, busy(c.skeleton), s);
}

TEST(Robustness, AllZeroWeights) {
    Character c = test::make_bar(3);
    std::fill(c.mesh.weights.weights.begin(), c.mesh.weights.weights.end(), 0.0f);
    for (const DynamicSettings& s : all_kinds_of_settings()) expect_finite_run(c, busy(c.skeleton), s);
}

TEST(Robustness, HalfTurnFlipBetweenTwoTicks) {
    const Character bar = test::make_bar();
    const PoseSampler flip = [&](double t, Pose& pose) {
        pose.local = bar.skeleton.rest;
        if (t >= 1.0) pose.local[1].rotation = glm::quat(0.0f, 0.0f, 0.0f, 1.0f);  // 180 degrees about Z
        if (t >= 1.5) pose.local[1].rotation = glm::quat(0.0f, 1.0f, 0.0f, 0.0f);  // and about X
    };
    for (const DynamicSettings& s : all_kinds_of_settings()) expect_finite_run(bar, flip, s);
}

TEST(Robustness, TimeJumpsBackAndFarAhead) {
    const Character bar = test::make_bar();
    Deformer deformer(bar);
    const DynamicSettings s;
    for (double t : {0.0, 1.0, 0.2, 1e4, 1e4 + 0.01, -3.0, 1e9}) {
        deformer.update(t, busy(bar.skeleton), s);
        ASSERT_TRUE(test::all_finite(deformer.positions())) << "t = " << t;
    }
}

TEST(Robustness, ValidateCatchesBrokenData) {
    Character c = test::make_bar(2);
    EXPECT_EQ(c.validate(), "");
    c.skeleton.rest[1].translation.x = kNaN;
    EXPECT_NE(c.validate().find("non-finite"), std::string::npos);
    c = test::make_bar(2);
    c.skeleton.parents[0] = 1;
    EXPECT_NE(c.validate().find("after its parent"), std::string::npos);
    c = test::make_bar(2);
    c.mesh.weights.joints[0] = 7;
    EXPECT_NE(c.validate().find("joint 7"), std::string::npos);
    c = test::make_bar(2);
    c.mesh.triangles.push_back(100000);
    EXPECT_NE(c.validate().find("multiple of 3"), std::string::npos);
}

// The public entry point refuses a broken character with the validator's message.
TEST(Robustness, DeformerRefusesABrokenCharacterWithItsProblem) {
    Character c = test::make_bar(2);
    c.mesh.weights.joints[0] = 7;
    try {
        Deformer deformer(c);
        FAIL() << "a weight naming joint 7 of 2 was accepted";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("joint 7"), std::string::npos) << e.what();
    }
}

// The bend's inner stages check that their inputs fit the skin instead of reading past them.
TEST(Robustness, BendStagesRefuseInputsThatDoNotFitTheSkin) {
    const Character c = test::make_bar(3);
    const HierarchicalWeights betas = build_hierarchical_weights(c.skeleton, c.mesh.weights);
    std::vector<JointDrive> drives(c.skeleton.joint_count());
    const std::vector<float> short_layer(3, 1.0f);
    std::vector<glm::vec3> positions = c.mesh.rest_positions, normals = c.mesh.rest_normals;
    auto refuses = [&](const BendInputs& bend, const std::string& words) {
        try {
            apply_bend(bend, positions, normals);
            ADD_FAILURE() << "apply_bend accepted: " << words;
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
        }
        WorkerPool pool(1);
        BlockedDeformer fast(c.mesh, betas);
        SkinnedFrame frame{positions, normals, {}, {}, {}};
        EXPECT_THROW(fast.bend(pool, bend, frame), std::invalid_argument) << words;
    };
    refuses(BendInputs{betas, short_layer, drives, 1.0f}, "bend weights");
    const std::vector<JointDrive> too_few(1);
    refuses(BendInputs{betas, c.mesh.bend_weights, too_few, 1.0f}, "drives for");
    BendInputs painted{betas, c.mesh.bend_weights, drives, 1.0f};
    painted.floppy_weights = &short_layer;
    refuses(painted, "painted layer");
    refuses(BendInputs{betas, c.mesh.bend_weights, drives, 0.0f}, "size");
    // What fits runs.
    EXPECT_NO_THROW(apply_bend(BendInputs{betas, c.mesh.bend_weights, drives, 1.0f}, positions, normals));
}

}  // namespace
}  // namespace dynskin
