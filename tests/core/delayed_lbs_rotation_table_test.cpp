// dLBS's rotation table (DelayedRotationTable, core/fast/delayed_lbs_rotation_table.h): the
// range of angles it reports, which picks the sine and cosine the fast kernel evaluates.

#include <gtest/gtest.h>

#include "core/dynamics/joint_motion_history.h"
#include "core/fast/delayed_lbs_rotation_table.h"
#include "dynskin/pose_sampler.h"
#include "test_support.h"

namespace dynskin {
namespace {

// The angle range the table reports decides which sine and cosine the kernel evaluates:
// one joint turning at a steady `speed` (rad/s) about z.
SinCosRange angle_range_when_turning_at(float speed) {
    const Skeleton skeleton = test::make_bar(3).skeleton;
    const PoseSampler motion = [&skeleton, speed](double t, Pose& pose) {
        pose.local = skeleton.rest;
        pose.local[1].rotation = glm::angleAxis(speed * float(t), glm::vec3(0, 0, 1)) * skeleton.rest[1].rotation;
    };
    JointMotionHistory history(skeleton.joint_count());
    DelayedRotationTable table;
    double t = 0.0;
    for (int frame = 0; frame < 90; ++frame, t += 1.0 / 60.0) {
        history.advance(t, skeleton, motion);
        Pose pose = Pose::rest_of(skeleton);
        motion(t, pose);
        table.update(history, pose, t, 40.0);
    }
    return table.angle_range();
}

TEST(DelayedRotationTable, ReportsTheRangeOfItsSegmentsAngles) {
    // A tick's half angle is speed / 120: tiny up to 0.125 (15 rad/s), small up to pi/4.
    EXPECT_EQ(angle_range_when_turning_at(0.0f), SinCosRange::kTiny);
    EXPECT_EQ(angle_range_when_turning_at(14.0f), SinCosRange::kTiny);
    EXPECT_EQ(angle_range_when_turning_at(16.0f), SinCosRange::kSmall);
    EXPECT_EQ(angle_range_when_turning_at(90.0f), SinCosRange::kSmall);
    EXPECT_EQ(angle_range_when_turning_at(100.0f), SinCosRange::kAny);
}

}  // namespace
}  // namespace dynskin
