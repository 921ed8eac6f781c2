#pragma once
// The fixed measurement clock: joint velocities are measured every h = 1/60 s at exact tick
// times t_n = n h, whatever the render frame rate, so that the result does not depend on it.

#include <cmath>
#include <cstdint>

namespace dynskin {

using Tick = std::int64_t;

constexpr double kTicksPerSecond = 60.0;
constexpr double kTickSeconds = 1.0 / kTicksPerSecond;

// The most ticks of motion history a deformer keeps: two more than the longest kernel, and
// 34 s of rotations for dLBS delays. It keeps fewer when fewer are needed: as many as the
// kernel's window and the longest delay at the current speed c reach back
// (SkinningConstants::rotation_ticks).
constexpr int kHistoryTicks = 2048;

inline double tick_time(Tick n) { return static_cast<double>(n) / kTicksPerSecond; }

// The first tick n with t_n >= t; times within 1e-9 tick of a tick count as that tick.
inline Tick first_tick_at_or_after(double t) {
    return static_cast<Tick>(std::ceil(t * kTicksPerSecond - 1e-9));
}

}  // namespace dynskin
