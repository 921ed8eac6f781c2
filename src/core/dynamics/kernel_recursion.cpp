#include "core/dynamics/kernel_recursion.h"

#include <cmath>

#include "dynskin/measurement_clock.h"
#include "dynskin/oscillation_kernel.h"

namespace dynskin {

KernelRecursion kernel_recursion(float frequency, float damping) {
    KernelRecursion r;
    r.frequency = frequency;
    r.damping = damping;
    r.length = OscillationKernel::truncated_length(damping);
    if (!r.oscillates()) return r;
    const double decay = std::exp(-kTickSeconds / damping);
    const double turn = 2.0 * M_PI * frequency * kTickSeconds;
    r.z = std::polar(decay, turn);
    // z^(K-1) from its modulus and angle, as the table's kappa((K-1) h) is computed.
    const double k = r.length - 1;
    r.leaving = std::polar(std::exp(-k * kTickSeconds / damping), turn * k);
    return r;
}

}  // namespace dynskin
