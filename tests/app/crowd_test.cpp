// The crowd without a window: each instance its own clip, phase, speed and deformer.

#include <gtest/gtest.h>

#include <cstring>
#include <set>

#include "app/crowd/crowd.h"
#include "characters/character_source.h"
#include "dynskin/deformer.h"

namespace dynskin::app {
namespace {

constexpr double kFrame = 1.0 / 60.0;

bool same_rows(const Crowd& a, const Crowd& b, int k) {
    const std::size_t joints = static_cast<std::size_t>(a.joint_count());
    return std::memcmp(a.rows().data() + k * joints, b.rows().data() + k * joints, joints * sizeof(JointRow)) == 0;
}

TEST(Crowd, InstancesPlayTheirOwnClipsFromTheirOwnPhasesAtTheirOwnSpeeds) {
    const io::LoadedCharacter dragon = characters::load_character("dragon");  // two clips
    ASSERT_EQ(dragon.character.clips.size(), 2u);
    const DynamicSettings settings = dragon.settings.value_or(DynamicSettings{});
    Crowd crowd(6, dragon.character);
    std::set<float> speeds;
    std::vector<double> start;
    for (int k = 0; k < crowd.count(); ++k) {
        EXPECT_EQ(crowd.instance(k).input.clip, k % 2) << k;
        EXPECT_GE(crowd.instance(k).speed, 0.8f);
        EXPECT_LE(crowd.instance(k).speed, 1.25f);
        speeds.insert(crowd.instance(k).speed);
        start.push_back(crowd.instance(k).input.clip_time);
    }
    EXPECT_EQ(speeds.size(), 6u) << "no two instances at one speed";

    for (int f = 1; f <= 30; ++f) crowd.simulate(f * kFrame, kFrame, settings);
    for (int k = 0; k < crowd.count(); ++k)
        EXPECT_NEAR(crowd.instance(k).input.clip_time - start[k], 30 * kFrame * crowd.instance(k).speed, 1e-9) << k;
    // Instances 0, 2 and 4 play the same clip, each at its own phase and speed: their poses differ.
    const std::size_t joints = static_cast<std::size_t>(crowd.joint_count());
    for (int k : {2, 4})
        EXPECT_NE(crowd.rows()[k * joints + 1].skinning, crowd.rows()[1].skinning) << k;
}

TEST(Crowd, EachInstanceIsADeformerOfItsOwnMotion) {
    // Instance k's rows are those of a deformer of its own fed its clip at its phase and
    // speed: the history and filter are its own, not shared or replayed.
    const io::LoadedCharacter cow = characters::load_character("cow");
    const Character& character = cow.character;
    const DynamicSettings settings = cow.settings.value_or(DynamicSettings{});
    Crowd crowd(3, character);
    const int k = 2;
    const double phase = crowd.instance(k).input.clip_time, speed = crowd.instance(k).speed;
    Deformer alone(character);
    std::vector<JointRow> rows(static_cast<std::size_t>(alone.joint_count()));
    for (int f = 1; f <= 90; ++f) {
        const double world = f * kFrame;
        crowd.simulate(world, kFrame, settings);
        // The crowd's timeline holds its first frame's pose before that frame.
        alone.update_joints(measured_time(world), [&](double at, Pose& pose) {
            PoseInput input;
            input.clip = 0;
            input.clip_time = phase + speed * std::max(at, kFrame);
            input.apply(character, pose);
        }, settings);
    }
    alone.write_joint_rows(rows.data());
    const JointRow* mine = crowd.rows().data() + k * rows.size();
    float worst = 0.0f, strongest = 0.0f;
    for (std::size_t j = 0; j < rows.size(); ++j) {
        worst = std::max(worst, glm::length(glm::vec3(mine[j].angular_gain) - glm::vec3(rows[j].angular_gain)));
        worst = std::max(worst, glm::length(mine[j].skinning[3] - rows[j].skinning[3]));
        strongest = std::max(strongest, glm::length(glm::vec3(rows[j].angular_gain)));
    }
    EXPECT_LT(worst, 1e-4f * alone.size());
    EXPECT_GT(strongest, 0.01f) << "the walk drives the joints";
}

TEST(Crowd, ADragOnOneInstanceLeavesTheOthersAlone) {
    const io::LoadedCharacter bar = characters::load_character("bar");
    const DynamicSettings settings = bar.settings.value_or(DynamicSettings{});
    Crowd dragged(3, bar.character), untouched(3, bar.character);
    for (int f = 1; f <= 60; ++f) {
        if (f == 10) dragged.drag_input(0).drag_rotations[2] = glm::angleAxis(0.8f, glm::vec3(0, 0, 1));
        dragged.simulate(f * kFrame, kFrame, settings);
        untouched.simulate(f * kFrame, kFrame, settings);
    }
    EXPECT_FALSE(same_rows(dragged, untouched, 0));
    EXPECT_TRUE(same_rows(dragged, untouched, 1));
    EXPECT_TRUE(same_rows(dragged, untouched, 2));
    EXPECT_TRUE(dragged.instance(1).input.drag_rotations.empty()) << "never dragged: no drag lists";

    dragged.reset_drags();
    EXPECT_TRUE(dragged.instance(0).input.drag_rotations.empty());
}

TEST(Crowd, ItsSizeForAMemoryBudgetHoldsWhatItsInstancesTake) {
    const io::LoadedCharacter cow = characters::load_character("cow");
    DynamicSettings settings = cow.settings.value_or(DynamicSettings{});
    settings.parameters.propagation_speed = 1.0f;  // dLBS: the rotations are kept too
    const int count = Crowd::instances_within(std::size_t(10) << 20, cow.character, settings);
    EXPECT_GE(count, 50);
    EXPECT_LT(count, 2000);
    Crowd crowd(count, cow.character);
    for (int f = 1; f <= 90; ++f) crowd.simulate(f * kFrame, kFrame, settings);
    EXPECT_LE(crowd.memory_bytes_per_instance() * std::size_t(count), std::size_t(10) << 20);
    EXPECT_EQ(Crowd::instances_within(1, cow.character, settings), 1) << "one at least";
    EXPECT_GT(Crowd::instances_within(std::size_t(1) << 30, cow.character, DynamicSettings{}), 10000);
}

TEST(Crowd, StandsOnAGridInsideItsBox) {
    const io::LoadedCharacter cow = characters::load_character("cow");
    Crowd crowd(7, cow.character);  // a 3 x 3 grid, its last row short
    ASSERT_EQ(crowd.offsets().size(), 7u);
    for (int a = 0; a < 7; ++a) {
        EXPECT_EQ(crowd.offsets()[a].y, 0.0f);
        for (int b = 0; b < a; ++b) EXPECT_NE(crowd.offsets()[a], crowd.offsets()[b]);
    }
    crowd.simulate(kFrame, kFrame, DynamicSettings{});
    for (int k = 0; k < 7; ++k) {
        const glm::mat4 placed = crowd.placed_globals(k)[0], own = crowd.instance(k).dynamics.globals()[0];
        EXPECT_EQ(glm::vec3(placed[3]), glm::vec3(own[3]) + crowd.offsets()[k]);
        EXPECT_EQ(glm::mat3(placed), glm::mat3(own)) << "placed by a translation only";
    }
    for (const glm::vec3& p : crowd.joint_positions()) {
        EXPECT_TRUE(glm::all(glm::greaterThanEqual(p, crowd.lo()))) << p.x << " " << p.y << " " << p.z;
        EXPECT_TRUE(glm::all(glm::lessThanEqual(p, crowd.hi()))) << p.x << " " << p.y << " " << p.z;
    }
}

}  // namespace
}  // namespace dynskin::app
