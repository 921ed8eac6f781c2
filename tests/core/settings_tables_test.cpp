// The settings tables (dynskin/settings_schema.h): each joint setting is a row that reaches
// its field, and one range check serves every entry point; the kernel honours the same
// ranges.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <tuple>
#include <vector>

#include "dynskin/oscillation_kernel.h"
#include "dynskin/settings_schema.h"

namespace dynskin {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// A value of each row's kind other than the default, written through the row's field.
void change_through_the_table(const JointSettingSpec& row, JointSettings& joint) {
    switch (row.kind) {
    case JointSettingKind::Number: joint.*row.number = 0.5f; break;
    case JointSettingKind::Flag: joint.*row.flag = !(joint.*row.flag); break;
    case JointSettingKind::Oscillation: (joint.*row.oscillation).frequency = 7.0f; break;
    case JointSettingKind::Vector: joint.*row.vector = glm::vec3(1.0f, 2.0f, 3.0f); break;
    case JointSettingKind::MotionSwitches: (joint.*row.switches).translation = false; break;
    }
}

TEST(SettingsTables, EveryJointSettingIsARowThatReachesItsOwnField) {
    const std::vector<JointSettingSpec>& table = joint_setting_table();
    ASSERT_EQ(table.size(), std::tuple_size<decltype(JointSettings{}.fields())>::value) << "a field of JointSettings has no row";
    std::vector<JointSettings> changed;
    for (const JointSettingSpec& row : table) {
        SCOPED_TRACE(row.name);
        JointSettings one;
        change_through_the_table(row, one);
        EXPECT_FALSE(one == JointSettings{});
        for (const JointSettings& other : changed) EXPECT_FALSE(one == other) << "two rows reach the same field";
        changed.push_back(one);
        EXPECT_EQ(&joint_setting(row.name), &row);
    }
    EXPECT_THROW(joint_setting("no such setting"), std::invalid_argument);
}

TEST(SettingsTables, OneRangeCheckSaysWhatIsWrong) {
    const ParameterSpec& amplitude = parameter("amplitude");
    EXPECT_EQ(amplitude.problem(0.3), "");
    EXPECT_EQ(amplitude.problem(20.0), "must be within -10 to 10 s");
    EXPECT_EQ(amplitude.problem(std::nan("")), "must be a finite number");
    EXPECT_EQ(amplitude.problem(kInfinity), "must be a finite number");
    EXPECT_EQ(parameter("frequency").problem(-1.0), "must not be negative");
    EXPECT_EQ(parameter("frequency").problem(31.0), "must be within 0 to 30 Hz");
    // Off is usable: infinity for the speed c, <= 0 for the soft limits; a speed of 0 is not.
    const ParameterSpec& speed = parameter("propagation_speed");
    EXPECT_EQ(speed.problem(kInfinity), "");
    EXPECT_EQ(speed.problem(0.0), "must be positive (infinite: off)");
    EXPECT_EQ(parameter("max_angle").problem(0.0), "");
    EXPECT_EQ(parameter("max_angle").problem(5.0), "must be within 0.01 to 3.14 rad");
    EXPECT_EQ(joint_setting("gain").problem(11.0), "must be within 0 to 10");
    EXPECT_EQ(joint_setting("origin_offset").problem(1e30), "") << "only numbers have a range";
}

TEST(SettingsTables, ReadersClampIntoTheSameRange) {
    EXPECT_EQ(parameter("amplitude").clamped(1e30), 10.0);
    EXPECT_EQ(parameter("drag").clamped(-1e30), -10.0);
    EXPECT_EQ(parameter("amplitude").clamped(std::nan("")), parameter("amplitude").default_value);
    EXPECT_EQ(parameter("propagation_speed").clamped(kInfinity), kInfinity);
    EXPECT_EQ(parameter("propagation_speed").clamped(0.0), 0.0) << "off as the engine reads it: kept";
    EXPECT_FLOAT_EQ(static_cast<float>(parameter("propagation_speed").clamped(1e9)), 10000.0f);
    EXPECT_EQ(parameter("max_offset").clamped(-1.0), -1.0) << "<= 0 is off: kept";
    EXPECT_FLOAT_EQ(static_cast<float>(parameter("max_offset").clamped(0.001)), 0.01f);
    EXPECT_EQ(joint_setting("gain").clamped(-3.0), 0.0);
}

TEST(SettingsTables, TheKernelHonoursTheTablesRanges) {
    const OscillationParameters s = sanitized({100.0f, 100.0f, 1e30f, -1e30f});
    EXPECT_FLOAT_EQ(s.frequency, 30.0f);
    EXPECT_FLOAT_EQ(s.damping, 60.0f);
    EXPECT_FLOAT_EQ(s.amplitude, 10.0f);
    EXPECT_FLOAT_EQ(s.drag, -10.0f);
    const OscillationParameters nothing = sanitized({NAN, INFINITY, NAN, -INFINITY});
    EXPECT_EQ(nothing, (OscillationParameters{0.0f, 0.0f, 0.0f, 0.0f}));
}

}  // namespace
}  // namespace dynskin
