#pragma once
// kappa(t) = A exp(-t/tau) sin(2 pi f t), tabulated at the tick times k h for k < K.
// The sum is truncated where the envelope exp(-t/tau) falls below kKernelEpsilon = 1e-3
// (K = ceil(tau ln(1/eps) / h)), and at kMaxKernelTicks, which a damping above about
// 4.9 s reaches (the history buffer holds two more ticks than the longest kernel, enough to
// filter the two newest ticks).

#include <vector>

#include "dynskin/settings.h"

namespace dynskin {

constexpr double kKernelEpsilon = 1e-3;
constexpr int kMaxKernelTicks = 2046;

// Parameters clamped to what the method can honour, the parameter table's ranges
// (settings_schema.h): f within the measurement clock's Nyquist limit (30 Hz), tau in
// [0, 60] s, |A| and |D| at most 10 s; a value that is not finite is 0.
OscillationParameters sanitized(const OscillationParameters& p);

class OscillationKernel {
public:
    // Retabulates when the parameters differ from the last call (changes need no reset).
    void configure(const OscillationParameters& parameters);

    int length() const { return static_cast<int>(values_.size()); }  // K
    float at(int k) const { return values_[k]; }                      // kappa(k h)
    const OscillationParameters& parameters() const { return parameters_; }

    static int truncated_length(float damping);

private:
    bool configured_ = false;
    OscillationParameters parameters_;
    std::vector<float> values_;
};

}  // namespace dynskin
