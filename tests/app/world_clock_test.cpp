#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "app/frame/world_clock.h"
#include "dynskin/measurement_clock.h"

namespace dynskin::app {
namespace {

// How far a time lies from the nearest 60 Hz tick, in ticks.
double off_tick(double seconds) {
    const double ticks = seconds * kTicksPerSecond;
    return std::abs(ticks - std::round(ticks));
}

TEST(WorldClock, FixedStepsStayOnTheTicks) {
    // A headless run's fixed steps, as long as a recording of an hour: a plain sum lies
    // about 1e-6 tick off after 200,000 of them, past the core's 1e-9 (the frame then falls
    // between two ticks and its pose is sampled twice).
    WorldClock clock;
    double plain = 0.0, plain_worst = 0.0, worst = 0.0;
    for (int k = 1; k <= 200000; ++k) {
        clock.advance(kTickSeconds);
        plain += kTickSeconds;
        worst = std::max(worst, off_tick(clock.now()));
        plain_worst = std::max(plain_worst, off_tick(plain));
    }
    EXPECT_LE(worst, 1e-9);
    EXPECT_GT(plain_worst, 1e-9);  // what the compensation is for
    EXPECT_NEAR(clock.now() * kTicksPerSecond, 200000.0, 1e-9);
}

TEST(WorldClock, UnevenStepsSumAsThePlainSumDoes) {
    // The display's frame times: the same sum, only without the rounding carried along.
    WorldClock clock;
    double plain = 0.0;
    for (int k = 0; k < 1000; ++k) {
        const double dt = 0.012 + 0.009 * std::sin(0.7 * k);
        clock.advance(dt);
        plain += dt;
    }
    EXPECT_NEAR(clock.now(), plain, 1e-11);
    EXPECT_GT(clock.now(), 0.0);
}

}  // namespace
}  // namespace dynskin::app
