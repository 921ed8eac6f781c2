#pragma once
// The kernel as a recursion. kappa(k h) = A exp(-k h / tau) sin(2 pi f k h) = A Im(z^k) with
// z = exp(-h / tau) e^(i 2 pi f h): a damped sine sampled at the ticks is the impulse
// response of a two-pole filter. The truncated sum of the method,
//
//     C[n] = sum_{k=1}^{K-1} z^k d[n-k],   d[m] = H[m] - H[m-1],   oscillation = A Im(C[n]),
//
// then moves from one tick to the next in O(1), the term leaving the window subtracted:
//
//     C[n+1] = z (C[n] + d[n] - z^(K-1) d[n-K+1]).
//
// The amplitude A is not in z: it scales the result, so only f and tau shape the recursion.

#include <complex>

namespace dynskin {

struct KernelRecursion {
    float frequency = 0.0f;  // what it was made for (sanitized values)
    float damping = 0.0f;
    int length = 0;                       // K = OscillationKernel::truncated_length(tau); < 2: no oscillation
    std::complex<double> z{0.0, 0.0};     // one tick of decay and turn
    std::complex<double> leaving{0.0, 0.0};  // z^(K-1), the weight of the term that leaves the window

    bool oscillates() const { return length > 1 && frequency > 0.0f; }
    bool made_for(float f, float tau) const { return f == frequency && tau == damping; }
};

// frequency and damping as sanitized() leaves them.
KernelRecursion kernel_recursion(float frequency, float damping);

}  // namespace dynskin
