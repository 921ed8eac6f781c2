#include "dynskin/oscillation_kernel.h"

#include <algorithm>
#include <cmath>

#include "dynskin/measurement_clock.h"

namespace dynskin {
namespace {

float clamp_finite(float v, float lo, float hi) { return std::isfinite(v) ? std::clamp(v, lo, hi) : 0.0f; }

}  // namespace

OscillationParameters sanitized(const OscillationParameters& p) {
    OscillationParameters s;
    s.frequency = clamp_finite(p.frequency, 0.0f, 0.5f * static_cast<float>(kTicksPerSecond));
    s.damping = clamp_finite(p.damping, 0.0f, 60.0f);
    s.amplitude = clamp_finite(p.amplitude, -1e4f, 1e4f);
    s.drag = clamp_finite(p.drag, -1e4f, 1e4f);
    return s;
}

int OscillationKernel::truncated_length(float damping) {
    if (!(damping > 0.0f)) return 0;
    const double k = std::ceil(damping * std::log(1.0 / kKernelEpsilon) / kTickSeconds);
    return static_cast<int>(std::min<double>(k, kMaxKernelTicks));
}

void OscillationKernel::configure(const OscillationParameters& parameters) {
    const OscillationParameters p = sanitized(parameters);
    if (configured_ && p == parameters_) return;
    configured_ = true;
    parameters_ = p;
    values_.resize(truncated_length(p.damping));
    const double omega = 2.0 * M_PI * p.frequency;
    for (int k = 0; k < length(); ++k) {
        const double t = k * kTickSeconds;
        values_[k] = static_cast<float>(p.amplitude * std::exp(-t / p.damping) * std::sin(omega * t));
    }
}

}  // namespace dynskin
