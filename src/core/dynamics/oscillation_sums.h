#pragma once
// The oscillation term of every joint of one character, kept from tick to tick instead of
// re-summed over the history every frame (kernel_recursion.h has the recursion). For each
// joint and each of its two velocity histories (angular, linear): the complex sum C at the
// newest tick it was brought to, in double (rounding then stays far below float's over any
// number of ticks), and the unit-amplitude oscillation Im C there and at the tick before,
// between which a frame interpolates. A joint's sums are seeded afresh from the kept history
// (O(K)) when its f or tau change, so that the result is the new kernel over the past, and
// when it starts oscillating again after ticks without; otherwise each tick is one step.

#include <vector>

#include <glm/glm.hpp>

#include "core/dynamics/velocity_history.h"
#include "core/dynamics/kernel_recursion.h"

namespace dynskin {

class OscillationSums {
public:
    void resize(int joint_count);
    // The history started afresh at `tick`: its past is constant, so every sum is zero
    // there, whatever the kernel.
    void restart(Tick tick);

    // Joint j's sums at the histories' newest tick n (the two have the same ticks), for
    // recursion r: one step when they are at n - 1 for r, nothing when they are at n for r,
    // else seeded from the histories.
    void bring_to_newest(int joint, const KernelRecursion& r, const VelocityHistory& angular,
                         const VelocityHistory& linear);

    // bring_to_newest for every joint with a kernel (kernels[j]; null: not followed), the
    // rows a step reads looked up once a tick for each kernel length, not once a joint.
    void bring_all_to_newest(const std::vector<const KernelRecursion*>& kernels, const VelocityHistory& angular,
                             const VelocityHistory& linear);

    // Im C at time t between the newest tick n (alpha = 1) and n - 1 (alpha = 0), unit
    // amplitude; the joint must have been brought to n.
    glm::vec3 angular(int joint, float alpha) const { return at(sums_[joint].angular, alpha); }
    glm::vec3 linear(int joint, float alpha) const { return at(sums_[joint].linear, alpha); }

    std::size_t memory_bytes() const { return sums_.capacity() * sizeof(JointSums); }
    static constexpr std::size_t bytes_per_joint();

private:
    struct Sum {
        glm::dvec3 re{0.0}, im{0.0};  // C at tick `at`
        glm::vec3 previous{0.0f};     // Im C at at - 1
        glm::vec3 current{0.0f};      // Im C at at
    };
    struct JointSums {
        Sum angular, linear;
        float frequency = 0.0f, damping = 0.0f;  // of the recursion they follow
        Tick at = 0;
        bool zero = false;  // all zero from a restart: valid for any recursion
        bool valid = false;

        bool follow(const KernelRecursion& r) const { return valid && (zero || r.made_for(frequency, damping)); }
        void brought_to(Tick n, const KernelRecursion& r) {
            frequency = r.frequency;
            damping = r.damping;
            at = n;
            zero = false;
            valid = true;
        }
    };
    static glm::vec3 at(const Sum& s, float alpha) {
        return alpha == 1.0f ? s.current : s.previous + alpha * (s.current - s.previous);
    }
    // The rows one step to tick n reads of a history, for a kernel of length K: H[n-1],
    // H[n-2], H[n-K], H[n-K-1] (one value per column).
    struct StepRows {
        StepRows(const VelocityHistory& h, Tick n, int length)
            : newer(h.row(n - 1)), older(h.row(n - 2)), leaving(h.row(n - length)), left(h.row(n - length - 1)) {}
        const glm::vec3 *newer, *older, *leaving, *left;
    };
    // C from tick n - 1 to n for the joint in `column` (none, -1: no velocity yet, so zero,
    // and zero it stays).
    static void step(Sum& s, const KernelRecursion& r, const StepRows& rows, int column);
    // C at n - 1 summed plainly over the kept history, then one step to n.
    static void seed(Sum& s, const KernelRecursion& r, const VelocityHistory& h, int joint, Tick n);

    std::vector<JointSums> sums_;
};

constexpr std::size_t OscillationSums::bytes_per_joint() { return sizeof(JointSums); }

}  // namespace dynskin
