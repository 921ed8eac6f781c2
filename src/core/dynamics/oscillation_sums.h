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
// The sums lie column after column, one array per quantity, as the histories' rows do. While
// the followed joints and their kernels stay as they are, a tick steps each run of columns
// with one kernel in one loop over those arrays, which the compiler runs two or four numbers
// at once (SSE, WebAssembly's SIMD): one run per history when no joint overrides f or tau, a
// few when a limb has its own. Which tick each joint's sums are at is then said once for all.

#include <optional>
#include <utility>
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

    // Every followed joint's sums at the histories' newest tick n (the two have the same
    // ticks), for its recursion kernels[j] (null: not followed): one step when they are at
    // n - 1 for it, nothing when they are at n for it, else seeded from the histories (as
    // when a joint is followed again).
    void bring_all_to_newest(const std::vector<const KernelRecursion*>& kernels, const VelocityHistory& angular,
                             const VelocityHistory& linear);

    // Im C at time t between the newest tick n (alpha = 1) and n - 1 (alpha = 0), unit
    // amplitude, of the joint in `column` of the angular (linear) history; the joint must
    // have been brought to n. (A joint without a column has none: zero.)
    glm::vec3 angular(int column, float alpha) const { return angular_.at(column, alpha); }
    glm::vec3 linear(int column, float alpha) const { return linear_.at(column, alpha); }

    std::size_t memory_bytes() const {
        return joints_.capacity() * sizeof(JointState) + plan_.memory_bytes() + angular_.memory_bytes() +
               linear_.memory_bytes();
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
    // A run of a history's columns stepped with one kernel: the kernel of `joint`.
    struct Run {
        int first, count, joint;
    };
    // How every tick steps while the followed joints and their kernels stay as they are: runs
    // of columns, each in one loop (one run per history when every joint has the same
    // kernel); and the joints' states said once for all of them instead of joint by joint:
    // every joint with a kernel in `kernels` is at tick `at` for (made_for[j]).
    struct Plan {
        Tick at = 0;
        std::vector<const KernelRecursion*> kernels;
        std::vector<std::pair<float, float>> made_for;  // f, tau
        int angular_columns = 0, linear_columns = 0;    // the histories' when planned
        std::vector<Run> angular_runs, linear_runs;
        std::vector<int> joint_of_column;  // scratch of the planning

        std::size_t memory_bytes() const {
            return kernels.capacity() * sizeof(const KernelRecursion*) + made_for.capacity() * sizeof(std::pair<float, float>) +
                   (angular_runs.capacity() + linear_runs.capacity()) * sizeof(Run) + joint_of_column.capacity() * sizeof(int);
        }
        static constexpr std::size_t kBytesPerJoint =
            sizeof(const KernelRecursion*) + sizeof(std::pair<float, float>) + 2 * sizeof(Run) + sizeof(int);
    };
    // The rows one step to tick n reads of a history, for a kernel of length K: H[n-1],
    // H[n-2], H[n-K], H[n-K-1] (one value per column).
    struct StepRows {
        StepRows(const VelocityHistory& h, Tick n, int length)
            : newer(h.row(n - 1)), older(h.row(n - 2)), leaving(h.row(n - length)), left(h.row(n - length - 1)) {}
        const glm::vec3 *newer, *older, *leaving, *left;
    };
    // The rows of both histories for the kernel length last met.
    struct RowsOfKernel {
        int length = -1;
        std::optional<StepRows> angular, linear;
    };
    // C from tick n - 1 to n for columns [first, first + count); for one column (none: -1).
    static void step(Columns& s, const KernelRecursion& r, const StepRows& rows, int first, int count);
    static void step_column(Columns& s, const KernelRecursion& r, const StepRows& rows, int column);
    // C at n - 1 of the joint's column (if it has one) summed plainly over the kept history,
    // then one step to n.
    static void seed(Columns& s, const KernelRecursion& r, const VelocityHistory& h, int joint, Tick n);
    // One step, or a seed, of both of the joint's columns (those it has); rows: kept between
    // the joints of one tick.
    void bring(int joint, const KernelRecursion& r, const VelocityHistory& angular, const VelocityHistory& linear,
               RowsOfKernel& rows);
    static void step_runs(const std::vector<const KernelRecursion*>& kernels, const std::vector<Run>& runs,
                          Columns& sums, const VelocityHistory& h, Tick n);
    // Whether plan_ holds for these kernels and histories, one step from n.
    bool plan_holds(const std::vector<const KernelRecursion*>& kernels, const VelocityHistory& angular,
                    const VelocityHistory& linear, Tick n) const;
    // plan_'s states written into the joints', and the plan forgotten.
    void write_planned_states();

    std::vector<JointState> joints_;
    Columns angular_, linear_;
    Plan plan_;
    bool planned_ = false;  // whether plan_ holds (from the tick plan_.at on)
};

constexpr std::size_t OscillationSums::bytes_per_joint() {
    return sizeof(JointState) + Plan::kBytesPerJoint + 2 * Columns::kBytesPerColumn;
}

}  // namespace dynskin
