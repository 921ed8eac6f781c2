#include "dynskin/oscillation_kernel.h"

#include <algorithm>
#include <cmath>

#include "dynskin/measurement_clock.h"
#include "dynskin/settings_schema.h"

namespace dynskin {
OscillationParameters sanitized(const OscillationParameters& p) {
    // The parameter table's ranges, which every entry point clamps to; what is not finite
    // does nothing.
    OscillationParameters s;
    for (const ParameterSpec& spec : parameter_table()) {
        if (!spec.oscillation) continue;
        const float value = p.*spec.oscillation;
        s.*spec.oscillation = std::isfinite(value) ? static_cast<float>(spec.clamped(value)) : 0.0f;
    }
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
