#pragma once
// The oscillation term of every joint of one character, kept from tick to tick instead of
// re-summed over the history every frame (kernel_recursion.h has the recursion). For each
// column of each of the two velocity histories (angular, linear: a column is a joint that has
// moved that way): the complex sum C at the newest tick it was brought to, in double
// (rounding then stays far below float's over any number of ticks), and the unit-amplitude
// oscillation Im C there and at the tick before, between which a frame interpolates. A
// joint's sums are seeded afresh from the kept history (O(K)) when its f or tau change, so
// that the result is the new kernel over the past, and when it starts oscillating again after
// ticks without; otherwise each tick is one step.
//
// The sums lie column after column, one array per quantity, as the histories' rows do: when
// every followed joint has the same kernel (the common case: no joint overrides f or tau), a
// tick steps them all in one loop over those arrays, which the compiler runs two or four
// numbers at once (SSE, WebAssembly's SIMD), and which tick each joint's sums are at is then
// said once for all of them.

#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "core/dynamics/kernel_recursion.h"
#include "core/dynamics/velocity_history.h"

namespace dynskin {

class OscillationSums {
public:
    void resize(int joint_count);
    // The histories started afresh at `tick`: their past is constant, so every sum is zero
    // there, whatever the kernel.
    void restart(Tick tick);

    // Joint j's sums at the histories' newest tick n (the two have the same ticks), for
    // recursion r: one step when they are at n - 1 for r, nothing when they are at n for r,
    // else seeded from the histories.
    void bring_to_newest(int joint, const KernelRecursion& r, const VelocityHistory& angular,
                         const VelocityHistory& linear);

    // bring_to_newest for every joint with a kernel (kernels[j]; null: not followed, and then
    // seeded when it is followed again).
    void bring_all_to_newest(const std::vector<const KernelRecursion*>& kernels, const VelocityHistory& angular,
                             const VelocityHistory& linear);

    // Im C at time t between the newest tick n (alpha = 1) and n - 1 (alpha = 0), unit
    // amplitude, of the joint in `column` of the angular (linear) history; the joint must
    // have been brought to n. (A joint without a column has none: zero.)
    glm::vec3 angular(int column, float alpha) const { return angular_.at(column, alpha); }
    glm::vec3 linear(int column, float alpha) const { return linear_.at(column, alpha); }

    std::size_t memory_bytes() const {
        return joints_.capacity() * sizeof(JointState) + shared_kernels_.capacity() * sizeof(const KernelRecursion*) +
               angular_.memory_bytes() + linear_.memory_bytes();
    }
    // An upper bound of memory_bytes() a joint (both its columns).
    static constexpr std::size_t bytes_per_joint();

private:
    // One history's sums, three numbers (x, y, z) a column.
    struct Columns {
        std::vector<double> re, im;      // C at the tick the column's joint was brought to
        std::vector<float> previous;     // Im C at the tick before
        std::vector<float> current;      // Im C at that tick

        // As many columns as the history has: those it added since read zero (their joints
        // had not moved that way, so their sums were zero).
        void fit(const VelocityHistory& h);
        void clear();
        glm::vec3 at(int column, float alpha) const {
            const std::size_t i = 3 * static_cast<std::size_t>(column);
            if (column < 0 || i >= current.size()) return glm::vec3(0.0f);
            const glm::vec3 now(current[i], current[i + 1], current[i + 2]);
            if (alpha == 1.0f) return now;
            const glm::vec3 before(previous[i], previous[i + 1], previous[i + 2]);
            return before + alpha * (now - before);
        }
        std::size_t memory_bytes() const {
            return (re.capacity() + im.capacity()) * sizeof(double) + (previous.capacity() + current.capacity()) * sizeof(float);
        }
        static constexpr std::size_t kBytesPerColumn = 3 * (2 * sizeof(double) + 2 * sizeof(float));
    };
    // Which recursion a joint's sums are for, and at which tick.
    struct JointState {
        float frequency = 0.0f, damping = 0.0f;  // of the recursion they follow
        Tick at = 0;
        bool zero = false;  // all zero from a restart: valid for any recursion
        bool valid = false;

        bool follow(const KernelRecursion& r) const { return valid && (zero || r.made_for(frequency, damping)); }
        bool steps_to(Tick n, const KernelRecursion& r) const { return follow(r) && at == n - 1; }
        void brought_to(Tick n, const KernelRecursion& r) { brought_to(n, r.frequency, r.damping); }
        void brought_to(Tick n, float f, float tau) {
            frequency = f;
            damping = tau;
            at = n;
            zero = false;
            valid = true;
        }
    };
    // While every followed joint has the same kernel, their states are said once, here,
    // rather than joint by joint each tick: they are at tick `at` for (frequency, damping),
    // the joints being those with a kernel in shared_kernels_ (kernels[first] the first).
    struct Shared {
        float frequency, damping;
        Tick at;
        std::size_t first;
    };
    // The rows one step to tick n reads of a history, for a kernel of length K: H[n-1],
    // H[n-2], H[n-K], H[n-K-1] (one value per column).
    struct StepRows {
        StepRows(const VelocityHistory& h, Tick n, int length)
            : newer(h.row(n - 1)), older(h.row(n - 2)), leaving(h.row(n - length)), left(h.row(n - length - 1)) {}
        const glm::vec3 *newer, *older, *leaving, *left;
    };
    // C from tick n - 1 to n for columns [first, first + count).
    static void step(Columns& s, const KernelRecursion& r, const StepRows& rows, int first, int count);
    // C at n - 1 of the joint's column (if it has one) summed plainly over the kept history,
    // then one step to n.
    static void seed(Columns& s, const KernelRecursion& r, const VelocityHistory& h, int joint, Tick n);
    // One step, or a seed, of both of the joint's columns (those it has).
    void bring(int joint, const KernelRecursion& r, const VelocityHistory& angular, const VelocityHistory& linear);
    void step_every_column(const KernelRecursion& r, const VelocityHistory& angular, const VelocityHistory& linear, Tick n);
    // Whether shared_ holds for these kernels, one step from n.
    bool still_shared(const std::vector<const KernelRecursion*>& kernels, Tick n) const;
    // shared_ written into the joints' states, and forgotten.
    void write_shared_states();

    std::vector<JointState> joints_;
    Columns angular_, linear_;
    std::optional<Shared> shared_;
    std::vector<const KernelRecursion*> shared_kernels_;
};

constexpr std::size_t OscillationSums::bytes_per_joint() {
    return sizeof(JointState) + sizeof(const KernelRecursion*) + 2 * Columns::kBytesPerColumn;
}

}  // namespace dynskin
