#pragma once
// The viewer's world time: the sum of its frames' steps, compensated for rounding (Kahan),
// as the web runtimes keep theirs (packages/dynskin-core/src/core-runtime.js). A plain sum of
// 1/60 s steps drifts more than the core's 1e-9 tick off the 60 Hz ticks after some ten
// thousand frames (a long headless recording), and every later frame then falls between two
// ticks and has its pose sampled twice; the compensated sum stays on them.

namespace dynskin::app {

class WorldClock {
public:
    double now() const { return now_; }
    void advance(double dt) {
        const double step = dt - lost_;
        const double sum = now_ + step;
        lost_ = (sum - now_) - step;
        now_ = sum;
    }

private:
    double now_ = 0.0;
    double lost_ = 0.0;  // what the sum has lost to rounding so far
};

}  // namespace dynskin::app
