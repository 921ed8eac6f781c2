// When a bake takes its frames: one-shot clips at 1/fps to their end (plus the tail), loops
// over exactly one period, and clear refusals.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "dynskin/bake_schedule.h"

namespace dynskin {
namespace {

TEST(BakeSchedule, OneShotFramesCoverTheClipAndTheTail) {
    const BakeSchedule s = plan_bake_schedule(4.0, 30.0, false, 0.5);
    EXPECT_EQ(s.frame_count, 136);  // 4.5 s at 30 fps, both ends included
    EXPECT_DOUBLE_EQ(s.frame_step, 1.0 / 30.0);
    EXPECT_NEAR(s.file_time(135), 4.5, 1e-12);
    EXPECT_EQ(s.frame_time(10), s.file_time(10));  // one-shot bakes start at dynskin time 0
}

TEST(BakeSchedule, AFloatDurationOnAFrameIsThatFrame) {
    // 13.3f is 13.30000019...: still 133 steps at 10 fps, not 134.
    EXPECT_EQ(plan_bake_schedule(13.3f, 10.0, false, 0.0).frame_count, 134);
    EXPECT_EQ(plan_bake_schedule(1.05, 10.0, false, 0.0).frame_count, 12);  // the end is covered
}

TEST(BakeSchedule, AOneShotEndsOnTheClipsLastInstant) {
    // 0.7 s at 24 fps is 16.8 frames: 17 steps of 0.7/17 s, not 18 of 1/24 s (0.708 s).
    const BakeSchedule s = plan_bake_schedule(0.7, 24.0, false, 0.0);
    EXPECT_EQ(s.frame_count, 18);
    EXPECT_EQ(s.file_time(17), 0.7);
    EXPECT_LE(s.frame_step, 1.0 / 24.0);  // never fewer frames than asked for
    EXPECT_NEAR(s.frame_step, 0.7 / 17.0, 1e-15);
    for (int k = 0; k < s.frame_count; ++k) EXPECT_LE(s.file_time(k), 0.7);
    const BakeSchedule tail = plan_bake_schedule(0.7, 24.0, false, 0.3);  // the tail's end likewise
    EXPECT_EQ(tail.frame_count, 25);
    EXPECT_EQ(tail.file_time(24), 1.0);
}

TEST(BakeSchedule, ALoopIsOnePeriodOfWholeFramesEndingExactlyOnIt) {
    const BakeSchedule s = plan_bake_schedule(1.01, 30.0, true, 0.0, 8.08);
    EXPECT_EQ(s.frame_count, 31);
    EXPECT_DOUBLE_EQ(s.frame_step, 1.01 / 30.0);
    EXPECT_EQ(s.file_time(30), 1.01);  // exactly, so a looping clip samples it at phase 0
    EXPECT_EQ(s.frame_time(0), 8.08);
    EXPECT_EQ(plan_bake_schedule(0.01, 30.0, true, 0.0).frame_count, 2);  // at least one step
}

TEST(BakeSchedule, BadRequestsAreRefused) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (double fps : {0.0, -30.0, nan, 1e9}) EXPECT_THROW(plan_bake_schedule(4.0, fps, false, 0.0), BakeScheduleError);
    EXPECT_THROW(plan_bake_schedule(4.0, 30.0, false, -1.0), BakeScheduleError);
    EXPECT_THROW(plan_bake_schedule(4.0, 30.0, false, nan), BakeScheduleError);
    EXPECT_THROW(plan_bake_schedule(0.0, 30.0, true, 0.0), BakeScheduleError);
    EXPECT_EQ(plan_bake_schedule(0.0, 30.0, false, 0.0).frame_count, 1);  // a still clip is one frame
}

}  // namespace
}  // namespace dynskin
