// The recursive filter against the plain convolution it replaces: the oscillation term
// A sum_{k=1}^{K-1} kappa(k h) (H[n-k] - H[n-k-1]) summed directly over the same kept
// history, at every tick of long random histories with cuts (held velocities), teleport
// spikes, restarts, live changes of f, tau and A, joints that stop and start oscillating,
// and a history that grows and shrinks with the kernel.

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "core/dynamics/kernel_recursion.h"
#include "core/dynamics/oscillation_sums.h"
#include "core/dynamics/velocity_history.h"
#include "dynskin/oscillation_kernel.h"

namespace dynskin {
namespace {

// The plain convolution over a history row of one joint, in double.
glm::dvec3 convolution(const VelocityHistory& h, int joint, Tick n, const OscillationParameters& p) {
    glm::dvec3 sum(0.0);
    const int length = OscillationKernel::truncated_length(p.damping);
    for (int k = 1; k < length; ++k) {
        const double t = k * kTickSeconds;
        const double kappa = p.amplitude * std::exp(-t / p.damping) * std::sin(2.0 * M_PI * p.frequency * t);
        sum += kappa * (glm::dvec3(h.at(n - k, joint)) - glm::dvec3(h.at(n - k - 1, joint)));
    }
    return sum;
}

TEST(KernelRecursion, ItsPowersAreTheKernel) {
    for (const OscillationParameters p : {OscillationParameters{2.0f, 0.4f, 0.15f, 0.1f},
                                          OscillationParameters{7.5f, 1.3f, -0.3f, 0.0f},
                                          OscillationParameters{0.3f, 0.05f, 1.0f, 0.0f}}) {
        OscillationKernel table;
        table.configure(p);
        const KernelRecursion r = kernel_recursion(p.frequency, p.damping);
        ASSERT_EQ(r.length, table.length());
        std::complex<double> zk = 1.0;
        for (int k = 0; k < r.length; ++k, zk *= r.z)
            EXPECT_NEAR(p.amplitude * zk.imag(), table.at(k), 1e-6 * std::abs(p.amplitude)) << "k = " << k;
        EXPECT_NEAR(std::abs(r.leaving - std::pow(r.z, r.length - 1)), 0.0, 1e-12);
    }
    EXPECT_FALSE(kernel_recursion(0.0f, 0.4f).oscillates());  // no frequency: a still kernel
    EXPECT_FALSE(kernel_recursion(2.0f, 0.0f).oscillates());  // no damping: no kernel at all
}

// A history of `joints` joints whose velocities hold, ramp, jump (a cut keeps the row, a
// teleport is a spike) and carry noise, with parameters changing along the way.
struct RandomRun {
    std::mt19937 random{20261205};
    float uniform(float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(random); }
    glm::vec3 vec(float scale) { return glm::vec3(uniform(-scale, scale), uniform(-scale, scale), uniform(-scale, scale)); }
};

TEST(OscillationSums, EqualTheConvolutionOverRandomHistoriesCutsTeleportsAndLiveChanges) {
    constexpr int kJoints = 4, kTicks = 3000;
    RandomRun run;
    std::vector<OscillationParameters> params(kJoints, OscillationParameters{2.0f, 0.4f, 0.15f, 0.0f});
    std::vector<bool> active(kJoints, true);
    auto longest = [&] {
        int k = 0;
        for (const OscillationParameters& p : params) k = std::max(k, OscillationKernel::truncated_length(p.damping));
        return k + 2;
    };
    VelocityHistory h;
    h.resize(kJoints, longest());
    std::vector<glm::vec3> row(kJoints), velocity(kJoints);
    for (glm::vec3& v : velocity) v = run.vec(3.0f);
    velocity[3] = glm::vec3(0.0f);  // a joint still from the start: it has no column until it moves
    h.fill(0, velocity.data());
    EXPECT_EQ(h.column_count(), kJoints - 1);
    OscillationSums sums;
    sums.resize(kJoints);
    sums.restart(0);
    std::vector<KernelRecursion> recursions(kJoints);

    double worst = 0.0, largest = 0.0;
    int seeded_changes = 0, restarts = 0;
    for (Tick n = 1; n <= kTicks; ++n) {
        // Now and then: new f, tau or A for a joint (the history grows with the longest
        // kernel, and shrinks only at a restart), a joint that stops or starts oscillating,
        // or a restart (the history filled with one row).
        if (n % 97 == 0) {
            OscillationParameters& p = params[run.random() % kJoints];
            p = sanitized({run.uniform(0.0f, 9.0f), run.uniform(0.02f, 1.2f), run.uniform(-1.0f, 1.0f), 0.0f});
            h.set_capacity(std::max(h.capacity(), longest()));
            ++seeded_changes;
        }
        if (n % 131 == 0) active[run.random() % kJoints] = !active[run.random() % kJoints];
        if (n % 1013 == 0) {
            h.resize(kJoints, longest());
            for (glm::vec3& v : velocity) v = run.vec(3.0f);
            velocity[n % kJoints] = glm::vec3(0.0f);
            h.fill(n, velocity.data());
            sums.restart(n);
            ++restarts;
            continue;
        }
        for (int j = 0; j < kJoints; ++j) {
            if (velocity[j] == glm::vec3(0.0f) && n % 300 != 0) {  // still joints start moving now and then
                row[j] = velocity[j];
                continue;
            }
            const float pick = run.uniform(0.0f, 1.0f);
            if (pick < 0.55f) velocity[j] += run.vec(0.05f);      // drifts
            else if (pick < 0.7f) velocity[j] = run.vec(4.0f);    // a sudden change of speed
            else if (pick < 0.72f) velocity[j] = run.vec(60.0f);  // a teleport-like spike
            // else: held (a cut keeps the velocity it had)
            row[j] = velocity[j];
        }
        h.push(row.data());
        std::vector<const KernelRecursion*> kernels(kJoints, nullptr);
        for (int j = 0; j < kJoints; ++j) {
            KernelRecursion& r = recursions[j];
            if (!r.made_for(params[j].frequency, params[j].damping)) r = kernel_recursion(params[j].frequency, params[j].damping);
            if (active[j] && r.oscillates()) kernels[j] = &r;
        }
        sums.bring_all_to_newest(kernels, h, h);
        for (int j = 0; j < kJoints; ++j) {
            if (!kernels[j]) continue;
            for (const float alpha : {0.0f, 1.0f}) {  // the tick before and the newest
                const Tick at = alpha == 1.0f ? n : n - 1;
                const glm::dvec3 plain = convolution(h, j, at, params[j]);
                const glm::dvec3 fast = double(params[j].amplitude) * glm::dvec3(sums.angular(h.column(j), alpha));
                worst = std::max(worst, glm::length(fast - plain));
                largest = std::max(largest, glm::length(plain));
            }
        }
    }
    EXPECT_GT(seeded_changes, 20);
    EXPECT_EQ(restarts, 2);
    EXPECT_GT(largest, 10.0) << "the histories drive real oscillations";
    // Relative to the largest term: float's own rounding of the result, nothing that grows
    // with the ticks.
    EXPECT_LT(worst, 1e-6 * largest) << "largest " << largest;
}

// All joints a tick, as the joint level brings them: in one loop over the columns while
// every followed joint shares a kernel, joint by joint while one has its own; joints that
// stop and start being followed, a new shared kernel (every joint seeded), and a joint that
// starts translating (a column of the linear history added on the way, while the followed
// joints stay as they were).
TEST(OscillationSums, AllJointsAtOnceEqualTheConvolutionWhetherTheyShareAKernelOrNot) {
    constexpr int kJoints = 6, kTicks = 2500;
    RandomRun run;
    OscillationParameters shared{2.0f, 0.4f, 1.0f, 0.0f};
    std::vector<OscillationParameters> params(kJoints, shared);
    std::vector<bool> followed(kJoints, true);
    const int capacity = OscillationKernel::truncated_length(1.2f) + 2;  // the longest damping below
    VelocityHistory turns, moves;
    turns.resize(kJoints, capacity);
    moves.resize(kJoints, capacity);
    std::vector<glm::vec3> omega(kJoints), velocity(kJoints, glm::vec3(0.0f));
    for (glm::vec3& v : omega) v = run.vec(3.0f);
    velocity[0] = run.vec(1.0f);  // the root alone translates at first
    turns.fill(0, omega.data());
    moves.fill(0, velocity.data());
    OscillationSums sums;
    sums.resize(kJoints);
    sums.restart(0);
    std::vector<KernelRecursion> recursions(kJoints);
    std::vector<const KernelRecursion*> kernels(kJoints);

    double worst = 0.0, largest = 0.0;
    int own_kernel_ticks = 0, shared_ticks = 0;
    for (Tick n = 1; n <= kTicks; ++n) {
        if (n == 600) params[2] = sanitized({5.0f, 0.7f, 1.0f, 0.0f});
        if (n == 1100) params[2] = shared;
        if (n == 1500) params.assign(kJoints, shared = sanitized({3.5f, 1.2f, 1.0f, 0.0f}));
        if (n % 173 == 0) {  // (the last joint, which starts translating, followed throughout)
            const int j = static_cast<int>(run.random() % (kJoints - 1));
            followed[j] = !followed[j];
        }
        for (glm::vec3& v : omega) {
            const float pick = run.uniform(0.0f, 1.0f);
            if (pick < 0.6f) v += run.vec(0.05f);
            else if (pick < 0.7f) v = run.vec(4.0f);
            else if (pick < 0.72f) v = run.vec(60.0f);
        }
        velocity[0] += run.vec(0.05f);
        if (n >= 900) velocity[kJoints - 1] += run.vec(0.05f);
        turns.push(omega.data());
        moves.push(velocity.data());

        bool own_kernel = false;
        for (int j = 0; j < kJoints; ++j) {
            KernelRecursion& r = recursions[j];
            if (!r.made_for(params[j].frequency, params[j].damping)) r = kernel_recursion(params[j].frequency, params[j].damping);
            kernels[j] = followed[j] && r.oscillates() ? &r : nullptr;
            own_kernel = own_kernel || (kernels[j] && params[j] != shared);
        }
        ++(own_kernel ? own_kernel_ticks : shared_ticks);
        sums.bring_all_to_newest(kernels, turns, moves);
        for (int j = 0; j < kJoints; ++j) {
            if (!kernels[j]) continue;
            for (const float alpha : {0.0f, 1.0f}) {
                const Tick at = alpha == 1.0f ? n : n - 1;
                for (const bool linear : {false, true}) {
                    const VelocityHistory& h = linear ? moves : turns;
                    const glm::dvec3 plain = convolution(h, j, at, params[j]);
                    const glm::dvec3 fast(linear ? sums.linear(h.column(j), alpha) : sums.angular(h.column(j), alpha));
                    worst = std::max(worst, glm::length(fast - plain));
                    largest = std::max(largest, glm::length(plain));
                }
            }
        }
    }
    EXPECT_EQ(moves.column_count(), 2);
    EXPECT_GT(own_kernel_ticks, 100);
    EXPECT_GT(shared_ticks, 1500);
    EXPECT_GT(largest, 10.0);
    EXPECT_LT(worst, 1e-6 * largest) << "largest " << largest;
}

TEST(OscillationSums, AJointBackAfterTicksWithoutOscillatingIsSeededFromItsPast) {
    VelocityHistory h;
    h.resize(1, 200);
    const glm::vec3 still(0.0f);
    h.fill(0, &still);
    OscillationSums sums;
    sums.resize(1);
    sums.restart(0);
    const KernelRecursion r = kernel_recursion(2.5f, 0.5f);
    for (Tick n = 1; n <= 120; ++n) {
        const glm::vec3 v(n < 80 ? 2.0f : 0.0f, 0.0f, 0.0f);
        h.push(&v);
        // not followed from 10 to 90
        sums.bring_all_to_newest({n < 10 || n > 90 ? &r : nullptr}, h, h);
    }
    const glm::dvec3 plain = convolution(h, 0, 120, {2.5f, 0.5f, 1.0f, 0.0f});
    EXPECT_GT(glm::length(plain), 0.1);
    EXPECT_LT(glm::length(glm::dvec3(sums.angular(h.column(0), 1.0f)) - plain), 1e-6 * glm::length(plain));
}

TEST(VelocityHistory, AJointGetsAColumnWhenItFirstMovesAndReadsZeroBefore) {
    VelocityHistory h;
    h.resize(3, 4);
    const std::vector<glm::vec3> first = {glm::vec3(0.0f), glm::vec3(1.0f, 0.0f, 0.0f), glm::vec3(0.0f)};
    h.fill(5, first.data());
    EXPECT_EQ(h.column_count(), 1);
    EXPECT_LT(h.column(0), 0);
    const std::vector<glm::vec3> second = {glm::vec3(0.0f, 2.0f, 0.0f), glm::vec3(1.0f, 0.0f, 0.0f), glm::vec3(0.0f)};
    h.push(second.data());
    EXPECT_EQ(h.column_count(), 2);
    EXPECT_EQ(h.at(6, 0), second[0]);
    EXPECT_EQ(h.at(5, 0), glm::vec3(0.0f));
    EXPECT_EQ(h.at(-100, 0), glm::vec3(0.0f));
    EXPECT_EQ(h.at(5, 1), first[1]);
    EXPECT_EQ(h.at(6, 2), glm::vec3(0.0f));
    h.fill(7, first.data());  // a restart forgets the columns
    EXPECT_EQ(h.column_count(), 1);
}

TEST(TickHistory, GrowingKeepsTheRowsAndReadsOlderTicksAsTheOldest) {
    TickHistory<float> h;
    h.resize(1, 3);
    const float first = 1.0f;
    h.fill(10, &first);
    for (float v : {2.0f, 3.0f, 4.0f, 5.0f}) h.push(&v);  // ticks 11..14; kept: 12..14
    EXPECT_EQ(*h.row(14), 5.0f);
    EXPECT_EQ(*h.row(12), 3.0f);
    EXPECT_EQ(*h.row(5), 3.0f);  // older than kept: the oldest
    h.set_capacity(6);
    EXPECT_EQ(h.capacity(), 6);
    for (Tick t = 9; t <= 14; ++t) EXPECT_EQ(*h.row(t), t <= 12 ? 3.0f : float(t - 9)) << t;
    const float six = 6.0f;
    h.push(&six);
    EXPECT_EQ(*h.row(15), 6.0f);
    EXPECT_EQ(*h.row(10), 3.0f);
    h.set_capacity(2);  // shrinking keeps the newest
    EXPECT_EQ(*h.row(15), 6.0f);
    EXPECT_EQ(*h.row(14), 5.0f);
    EXPECT_EQ(*h.row(13), 5.0f);
    EXPECT_EQ(h.memory_bytes(), 2 * sizeof(float));
}

}  // namespace
}  // namespace dynskin
