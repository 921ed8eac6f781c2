#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>

#include "app/frame/adaptive_quality.h"

namespace dynskin::app {
namespace {

// Feeds frames at fps for the given seconds.
void run(AdaptiveQuality& quality, double fps, double seconds) {
    for (double t = 0.0; t < seconds; t += 1.0 / fps) quality.observe(1.0 / fps);
}

// Feeds frames at fps until the level changes (the next frame starts a window of its own), at
// most for the given seconds; returns the seconds it took.
double run_until_the_level_changes(AdaptiveQuality& quality, double fps, double seconds) {
    const QualityLevel before = quality.level();
    double t = 0.0;
    for (; t < seconds && quality.level() == before; t += 1.0 / fps) quality.observe(1.0 / fps);
    return t;
}

TEST(AdaptiveQuality, StartsAtHighOnHardwareAndMediumOnSoftware) {
    AdaptiveQuality quality;
    quality.start(false);
    EXPECT_EQ(quality.level(), QualityLevel::High);
    EXPECT_TRUE(quality.automatic());
    quality.start(true);
    EXPECT_EQ(quality.level(), QualityLevel::Medium);
    EXPECT_EQ(render_quality(QualityLevel::Medium).samples, 1);
}

TEST(AdaptiveQuality, SlowFramesStepDownOneLevelASecond) {
    AdaptiveQuality quality;
    quality.start(false);
    run(quality, 10.0, 1.05);
    EXPECT_EQ(quality.level(), QualityLevel::Medium);
    run(quality, 10.0, 1.05);
    EXPECT_EQ(quality.level(), QualityLevel::Low);
    run(quality, 10.0, 5.0);
    EXPECT_EQ(quality.level(), QualityLevel::Lowest);  // and no lower
}

TEST(AdaptiveQuality, FramesBetweenSlowAndFastKeepTheLevel) {
    AdaptiveQuality quality;
    quality.start(false);
    run(quality, 40.0, 20.0);
    EXPECT_EQ(quality.level(), QualityLevel::High);
    quality.start(true);
    run(quality, 40.0, 20.0);
    EXPECT_EQ(quality.level(), QualityLevel::Medium);
}

// A GPU's Auto dropped to Medium by a slow second.
AdaptiveQuality dropped_to_medium() {
    AdaptiveQuality quality;
    quality.start(false);
    run_until_the_level_changes(quality, 10.0, 2.0);
    EXPECT_EQ(quality.level(), QualityLevel::Medium);
    return quality;
}

TEST(AdaptiveQuality, FastFramesStepUpAfterAWhileAndAnUndoneRaiseWaitsLonger) {
    AdaptiveQuality quality = dropped_to_medium();
    run(quality, 60.0, 1.5);
    EXPECT_EQ(quality.level(), QualityLevel::Medium);  // not yet: 2 s of room first
    run(quality, 60.0, 1.0);
    EXPECT_EQ(quality.level(), QualityLevel::High);
    // Too slow at high: back within about a second, and the next raise waits twice as long.
    EXPECT_LT(run_until_the_level_changes(quality, 10.0, 3.0), 1.5);
    EXPECT_EQ(quality.level(), QualityLevel::Medium);
    EXPECT_DOUBLE_EQ(quality.raise_after(), 4.0);
    run(quality, 60.0, 3.0);
    EXPECT_EQ(quality.level(), QualityLevel::Medium);
    run(quality, 60.0, 2.0);
    EXPECT_EQ(quality.level(), QualityLevel::High);
}

TEST(AdaptiveQuality, AStepUpThatCostsAQuarterOfTheFrameRateIsUndone) {
    AdaptiveQuality quality = dropped_to_medium();
    run(quality, 60.0, 2.5);
    ASSERT_EQ(quality.level(), QualityLevel::High);
    // Not slow, but a third slower than before the step: undone within its trial.
    EXPECT_LT(run_until_the_level_changes(quality, 40.0, 10.0), AdaptiveQuality::kRetreatSeconds);
    EXPECT_EQ(quality.level(), QualityLevel::Medium);
    EXPECT_DOUBLE_EQ(quality.raise_after(), 4.0);
    run(quality, 40.0, 5.0);  // the level below is not on trial: it stays
    EXPECT_EQ(quality.level(), QualityLevel::Medium);

    quality = dropped_to_medium();
    run(quality, 60.0, 2.5);
    run(quality, 50.0, 10.0);  // a step up that keeps the frames fast enough stays
    EXPECT_EQ(quality.level(), QualityLevel::High);
}

TEST(AdaptiveQuality, OnASoftwareRendererAutoGoesNoHigherThanMedium) {
    AdaptiveQuality quality;
    quality.start(true);
    run(quality, 60.0, 60.0);
    EXPECT_EQ(quality.level(), QualityLevel::Medium);
    run(quality, 10.0, 10.0);
    EXPECT_EQ(quality.level(), QualityLevel::Lowest);
    run(quality, 60.0, 120.0);  // back up, to Medium and no further
    EXPECT_EQ(quality.level(), QualityLevel::Medium);
    quality.pin(QualityLevel::High);  // the user still may
    EXPECT_EQ(quality.level(), QualityLevel::High);
}

TEST(AdaptiveQuality, APinnedLevelStaysAndAutoResumes) {
    AdaptiveQuality quality;
    quality.start(false, QualityLevel::Low);
    run(quality, 5.0, 10.0);
    EXPECT_EQ(quality.level(), QualityLevel::Low);
    EXPECT_FALSE(quality.automatic());
    quality.pin(std::nullopt);
    run(quality, 5.0, 1.2);
    EXPECT_EQ(quality.level(), QualityLevel::Lowest);
}

TEST(AdaptiveQuality, BadFrameTimesTeachNothing) {
    AdaptiveQuality quality;
    quality.start(false);
    for (int i = 0; i < 100; ++i) {
        quality.observe(0.0);
        quality.observe(-1.0);
        quality.observe(std::numeric_limits<double>::quiet_NaN());
    }
    EXPECT_EQ(quality.level(), QualityLevel::High);
}

TEST(AdaptiveQuality, NamesParseBackAndOthersAreRefused) {
    for (QualityLevel level : {QualityLevel::High, QualityLevel::Medium, QualityLevel::Low, QualityLevel::Lowest})
        EXPECT_EQ(parse_quality(quality_name(level)), level);
    EXPECT_EQ(parse_quality("auto"), std::nullopt);
    EXPECT_THROW(parse_quality("ultra"), std::invalid_argument);
    EXPECT_EQ(render_quality(QualityLevel::High).samples, 4);
    EXPECT_FLOAT_EQ(render_quality(QualityLevel::Lowest).scale, 0.5f);
}

}  // namespace
}  // namespace dynskin::app

#include "app/frame/frame_timing.h"

namespace dynskin::app {
namespace {

TEST(FrameTiming, TheWorkIsTheFrameLessItsPresentAndTheRestOfTheIntervalIsWaiting) {
    FrameTiming timing;
    timing.present_ms = 3.0f;  // a swap that waited for the display
    timing.record(50.0f, 8.0f);
    EXPECT_FLOAT_EQ(timing.work_ms, 5.0f);
    EXPECT_FLOAT_EQ(timing.wait_ms(), 45.0f);
    EXPECT_EQ(timing.work_history.back(), 5.0f);
    EXPECT_EQ(timing.wait_history.back(), 45.0f);
    timing.present_ms = 0.0f;
    timing.record(0.0f, 4.0f);  // the first frame has no interval: no wait, never negative
    EXPECT_FLOAT_EQ(timing.wait_ms(), 0.0f);
    for (int i = 0; i < 1000; ++i) timing.record(16.0f, 4.0f);
    EXPECT_EQ(timing.work_history.size(), FrameTiming::kHistory);
}

}  // namespace
}  // namespace dynskin::app
