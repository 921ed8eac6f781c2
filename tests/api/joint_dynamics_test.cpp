// The joint level of many instances (dynskin/joint_level.h) as a library user sees it: a
// JointDynamics gives the rows a Deformer gives, a JointLevelJob gives what updating each
// instance alone gives, an instance holds a few kilobytes, and bad input is refused.

#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "dynskin/deformer.h"
#include "dynskin/gltf_loader.h"
#include "dynskin/joint_level.h"
#include "dynskin/pose_sampler.h"

namespace dynskin {
namespace {

io::LoadedCharacter bundled(const std::string& name) {
    return io::load_gltf(std::string(DYNSKIN_SOURCE_DIR) + "/assets/" + name + ".glb");
}

bool same_rows(const std::vector<JointRow>& a, const std::vector<JointRow>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(JointRow)) == 0;
}

// The bundled characters' own settings with the squash and dLBS on, so that every field of
// a row is exercised.
DynamicSettings rich_settings(const io::LoadedCharacter& loaded) {
    DynamicSettings s = loaded.settings.value_or(DynamicSettings{});
    s.parameters.squash = 0.2f;
    s.parameters.propagation_speed = 3.0f;
    return s;
}

TEST(JointDynamics, GivesTheRowsAndConstantsOfADeformer) {
    for (const std::string name : {"cow", "dragon", "octopus"}) {
        const io::LoadedCharacter loaded = bundled(name);
        const Character& c = loaded.character;
        const DynamicSettings settings = rich_settings(loaded);
        const PoseSampler clip = clip_sampler(c.skeleton, c.clips.front(), true);
        // The rig keeps what it needs: the character it was made from may go.
        const JointRig rig = [&c] {
            const Character copy = c;
            return JointRig(copy);
        }();
        JointDynamics dynamics(rig);
        Deformer deformer(c);
        EXPECT_EQ(dynamics.joint_count(), deformer.joint_count());
        EXPECT_EQ(dynamics.size(), deformer.size());
        std::vector<JointRow> mine(std::size_t(dynamics.joint_count())), theirs(mine.size());
        for (int frame = 0; frame <= 90; ++frame) {
            const double t = 0.3 + frame / 41.0;  // frames between ticks and on them
            dynamics.update(t, clip, settings);
            deformer.update_joints(t, clip, settings);
            dynamics.write_joint_rows(mine.data());
            deformer.write_joint_rows(theirs.data());
            ASSERT_TRUE(same_rows(mine, theirs)) << name << " frame " << frame;
        }
        const SkinningConstants a = dynamics.skinning_constants(settings.parameters);
        const SkinningConstants b = deformer.skinning_constants(settings.parameters);
        EXPECT_EQ(a.newest_tick, b.newest_tick);
        EXPECT_EQ(a.rotation_ticks, b.rotation_ticks);
        EXPECT_EQ(a.since_previous_tick, b.since_previous_tick);
        for (Tick tick = a.newest_tick - a.rotation_ticks + 1; tick <= a.newest_tick; ++tick)
            EXPECT_EQ(std::memcmp(dynamics.local_rotations_at(tick), deformer.local_rotations_at(tick),
                                  sizeof(glm::quat) * std::size_t(dynamics.joint_count())),
                      0);
    }
}

TEST(JointDynamics, TheClockAloneAtTheTicksThenAFrameGivesWhatEveryTicksUpdateGives) {
    const io::LoadedCharacter loaded = bundled("octopus");
    const Character& c = loaded.character;
    const DynamicSettings settings = rich_settings(loaded);
    const PoseSampler clip = clip_sampler(c.skeleton, c.clips.front(), true);
    const JointRig rig(c);
    JointDynamics every(rig), clock_only(rig);
    std::vector<JointRow> a(std::size_t(rig.joint_count())), b(a.size());
    for (int frame = 1; frame <= 20; ++frame) {
        const double t = frame / 17.0;  // late frames: several ticks each
        for (Tick n = first_tick_at_or_after((frame - 1) / 17.0); tick_time(n) < t; ++n) {
            every.update(tick_time(n), clip, settings);
            clock_only.advance_clock(tick_time(n), clip, settings);
        }
        every.update(t, clip, settings);
        clock_only.update(t, clip, settings);
        every.write_joint_rows(a.data());
        clock_only.write_joint_rows(b.data());
        ASSERT_TRUE(same_rows(a, b)) << "frame " << frame;
    }
}

TEST(JointLevelJob, GivesWhatEachInstanceGivesAlone) {
    const io::LoadedCharacter loaded = bundled("dragon");
    const Character& c = loaded.character;
    const DynamicSettings settings = rich_settings(loaded);
    const JointRig rig(c);
    constexpr int kCount = 37;
    std::vector<JointDynamics> batched, alone;
    std::vector<PoseSampler> samplers;
    for (int k = 0; k < kCount; ++k) {
        batched.emplace_back(rig);
        alone.emplace_back(rig);
        // Each instance its own clip and phase.
        const PoseSampler clip = clip_sampler(c.skeleton, c.clips[std::size_t(k) % c.clips.size()], true);
        samplers.push_back([clip, k](double t, Pose& pose) { clip(t + 0.13 * k, pose); });
    }
    const std::size_t joints = std::size_t(rig.joint_count());
    std::vector<JointRow> rows(kCount * joints), expected(joints);
    std::vector<JointLevelJob::Item> items(kCount);
    for (int k = 0; k < kCount; ++k) {
        items[k].dynamics = &batched[k];
        items[k].sampler = &samplers[k];
        items[k].settings = &settings;
        items[k].rows = k % 5 == 4 ? nullptr : rows.data() + k * joints;  // some rows not wanted
    }
    for (int frame = 1; frame <= 40; ++frame) {
        for (int k = 0; k < kCount; ++k) items[k].t = frame / 50.0 + 0.01 * (k % 3);
        const JointLevelJob job(items);
        ASSERT_EQ(job.validate(), "");
        job.run();
        for (int k = 0; k < kCount; ++k) alone[k].update(items[k].t, samplers[k], settings);
    }
    for (int k = 0; k < kCount; ++k) {
        alone[k].write_joint_rows(expected.data());
        std::vector<JointRow> written(joints);
        batched[k].write_joint_rows(written.data());
        EXPECT_TRUE(same_rows(written, expected)) << "instance " << k;
        if (items[k].rows) {
            EXPECT_EQ(std::memcmp(items[k].rows, expected.data(), joints * sizeof(JointRow)), 0) << "instance " << k;
        }
    }
}

// Which part of a row texel t belongs to (docs/engine-api.md's table): null for the texels
// always written.
const bool* part_of_texel(const JointRowParts& parts, int t) {
    const auto texel = [](std::size_t offset) { return int(offset / sizeof(glm::vec4)); };
    if (t >= texel(offsetof(JointRow, dual_real)) && t <= texel(offsetof(JointRow, dual_dual))) return &parts.dual_quaternion;
    if (t >= texel(offsetof(JointRow, translation_parent)) && t <= texel(offsetof(JointRow, scale))) return &parts.local_transform;
    if (t >= texel(offsetof(JointRow, angular_velocity))) return &parts.squash;
    return nullptr;
}

TEST(JointLevelJob, WritesThePartsAskedForEvenIntoTablesPastTheCaches) {
    // Enough dragons for a table of megabytes, which the job writes past the caches.
    const io::LoadedCharacter loaded = bundled("dragon");
    const Character& c = loaded.character;
    const DynamicSettings settings = rich_settings(loaded);
    const JointRig rig(c);
    const std::size_t joints = std::size_t(rig.joint_count());
    const int count = int((std::size_t(6) << 20) / (joints * sizeof(JointRow))) + 1;
    std::vector<JointDynamics> instances;
    for (int k = 0; k < count; ++k) instances.emplace_back(rig);
    const PoseSampler clip = clip_sampler(c.skeleton, c.clips.front(), true);
    std::vector<JointRow> table(std::size_t(count) * joints), full(joints), alone(joints);
    std::vector<JointLevelJob::Item> items(static_cast<std::size_t>(count));
    for (const JointRowParts parts : {JointRowParts{true, false, false}, JointRowParts{false, true, false},
                                      JointRowParts{false, false, true}, JointRowParts{false, false, false}}) {
        std::memset(table.data(), 0xA5, table.size() * sizeof(JointRow));  // what was there before
        for (int k = 0; k < count; ++k) {
            items[k] = {&instances[k], 0.5 + 0.001 * k, &clip, &settings, table.data() + std::size_t(k) * joints, parts};
        }
        JointLevelJob(items).run();
        for (int k : {0, count / 2, count - 1}) {
            instances[k].write_joint_rows(full.data());
            std::memset(alone.data(), 0xA5, alone.size() * sizeof(JointRow));
            instances[k].write_joint_rows(alone.data(), parts);  // the plain stores
            for (const std::vector<JointRow>* written : {&table, &alone}) {
                const JointRow* rows = written == &table ? table.data() + std::size_t(k) * joints : alone.data();
                for (std::size_t j = 0; j < joints; ++j)
                    for (int t = 0; t < kJointRowTexels; ++t) {
                        const bool* part = part_of_texel(parts, t);
                        const glm::vec4& texel = reinterpret_cast<const glm::vec4*>(&rows[j])[t];
                        glm::vec4 expected = reinterpret_cast<const glm::vec4*>(&full[j])[t];
                        if (part && !*part) std::memset(&expected, 0xA5, sizeof(expected));  // left as it was
                        ASSERT_EQ(std::memcmp(&texel, &expected, sizeof(expected)), 0)
                            << "instance " << k << ", joint " << j << ", texel " << t
                            << (written == &table ? " (job)" : " (alone)");
                    }
            }
        }
    }
}

TEST(JointLevelJob, RefusesIncompleteItemsAndRethrowsTheFirstFailure) {
    const io::LoadedCharacter loaded = bundled("bar");
    const JointRig rig(loaded.character);
    JointDynamics a(rig), b(rig), c(rig);
    const DynamicSettings settings;
    const PoseSampler still = [&](double, Pose& pose) { pose.local = loaded.character.skeleton.rest; };
    const PoseSampler broken = [](double, Pose&) { throw std::runtime_error("the clip is gone"); };
    std::vector<JointLevelJob::Item> items = {{&a, 1.0, &still, &settings, nullptr},
                                              {&b, 1.0, &broken, &settings, nullptr},
                                              {&c, 1.0, &still, nullptr, nullptr}};
    const std::string problem = JointLevelJob(items).validate();
    EXPECT_NE(problem.find("item 2"), std::string::npos) << problem;
    EXPECT_THROW(JointLevelJob(items).run(), std::invalid_argument);
    EXPECT_TRUE(a.pose().local.empty()) << "nothing updated when the job is refused";

    items[2].settings = &settings;
    try {
        JointLevelJob(items).run();
        ADD_FAILURE() << "the sampler's exception is lost";
    } catch (const std::runtime_error& e) {
        EXPECT_STREQ(e.what(), "the clip is gone");
    }
    EXPECT_EQ(a.pose().local.size(), loaded.character.skeleton.joint_count() * 1u) << "the others still ran";
    EXPECT_EQ(c.pose().local.size(), loaded.character.skeleton.joint_count() * 1u);
    EXPECT_EQ(JointLevelJob().validate(), "");
    EXPECT_NO_THROW(JointLevelJob().run());
    EXPECT_THROW(JointRig(Character{}), std::invalid_argument);
}

TEST(JointDynamics, AnInstanceHoldsWhatItsKernelAndDelaysNeed) {
    const io::LoadedCharacter loaded = bundled("cow");
    const Character& c = loaded.character;
    DynamicSettings settings = loaded.settings.value_or(DynamicSettings{});
    const PoseSampler clip = clip_sampler(c.skeleton, c.clips.front(), true);
    const JointRig rig(c);
    JointDynamics dynamics(rig);
    for (int n = 0; n <= 60; ++n) dynamics.update(n / 60.0, clip, settings);
    const std::size_t plain = dynamics.memory_bytes();
    EXPECT_LE(plain, 100'000u) << "a crowd instance without dLBS";
    EXPECT_EQ(dynamics.skinning_constants(settings.parameters).rotation_ticks, 2);

    // dLBS keeps as many rotations as the longest delay at c reaches back, and gives them
    // back when it goes off again.
    settings.parameters.propagation_speed = 0.5f;
    for (int n = 61; n <= 120; ++n) dynamics.update(n / 60.0, clip, settings);
    const int ticks = dynamics.skinning_constants(settings.parameters).rotation_ticks;
    EXPECT_GT(ticks, 60);
    EXPECT_GE(dynamics.memory_bytes(), plain + std::size_t(ticks - 2) * sizeof(glm::quat) * std::size_t(rig.joint_count()));
    settings.parameters.propagation_speed = INFINITY;
    dynamics.update(121 / 60.0, clip, settings);
    EXPECT_EQ(dynamics.memory_bytes(), plain);

    // A longer damping grows the velocity history with it (and a reset gives it back: as
    // much as before, or less while fewer joints have moved since).
    settings.parameters.oscillation.damping *= 4.0f;
    dynamics.update(122 / 60.0, clip, settings);
    EXPECT_GT(dynamics.memory_bytes(), plain);
    settings.parameters.oscillation.damping /= 4.0f;
    dynamics.reset();
    dynamics.update(123 / 60.0, clip, settings);
    EXPECT_LE(dynamics.memory_bytes(), plain);
}

}  // namespace
}  // namespace dynskin
