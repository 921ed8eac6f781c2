#include "core/dynamics/oscillation_sums.h"

#include <optional>

namespace dynskin {
namespace {

// d[m] = H[m] - H[m-1] of the joint in column c.
glm::vec3 difference(const VelocityHistory& h, int c, Tick m) { return h.row(m)[c] - h.row(m - 1)[c]; }

}  // namespace

void OscillationSums::resize(int joint_count) { sums_.assign(static_cast<std::size_t>(joint_count), JointSums{}); }

void OscillationSums::restart(Tick tick) {
    for (JointSums& s : sums_) {
        s.angular = s.linear = Sum{};
        s.at = tick;
        s.zero = true;
        s.valid = true;
    }
}

void OscillationSums::step(Sum& s, const KernelRecursion& r, const StepRows& rows, int c) {
    if (c < 0) return;
    // u = C + d[n-1] - z^(K-1) d[n-K] (the differences are real), then C = z u.
    const glm::dvec3 new_d(rows.newer[c] - rows.older[c]), old_d(rows.leaving[c] - rows.left[c]);
    const double zr = r.z.real(), zi = r.z.imag(), lr = r.leaving.real(), li = r.leaving.imag();
    const glm::dvec3 ur = s.re + new_d - lr * old_d;
    const glm::dvec3 ui = s.im - li * old_d;
    s.re = zr * ur - zi * ui;
    s.im = zr * ui + zi * ur;
    s.previous = s.current;
    s.current = glm::vec3(s.im);
}

void OscillationSums::seed(Sum& s, const KernelRecursion& r, const VelocityHistory& h, int joint, Tick n) {
    s = Sum{};
    const int c = h.column(joint);
    if (c < 0) return;
    glm::dvec3 re(0.0), im(0.0);
    std::complex<double> zk = 1.0;
    for (int k = 1; k < r.length; ++k) {
        zk *= r.z;
        const glm::dvec3 d(difference(h, c, n - 1 - k));
        re += zk.real() * d;
        im += zk.imag() * d;
    }
    s.re = re;
    s.im = im;
    s.current = glm::vec3(im);
    step(s, r, StepRows(h, n, r.length), c);
}

void OscillationSums::bring_to_newest(int joint, const KernelRecursion& r, const VelocityHistory& angular,
                                      const VelocityHistory& linear) {
    JointSums& s = sums_[joint];
    const Tick n = angular.newest();
    if (s.follow(r) && s.at == n) return;
    if (s.follow(r) && s.at == n - 1) {
        step(s.angular, r, StepRows(angular, n, r.length), angular.column(joint));
        step(s.linear, r, StepRows(linear, n, r.length), linear.column(joint));
    } else {
        seed(s.angular, r, angular, joint, n);
        seed(s.linear, r, linear, joint, n);
    }
    s.brought_to(n, r);
}

void OscillationSums::bring_all_to_newest(const std::vector<const KernelRecursion*>& kernels,
                                          const VelocityHistory& angular, const VelocityHistory& linear) {
    const Tick n = angular.newest();
    int rows_length = -1;  // the kernel length the rows are for
    std::optional<StepRows> angular_rows, linear_rows;
    for (std::size_t j = 0; j < kernels.size(); ++j) {
        const KernelRecursion* r = kernels[j];
        if (!r) continue;
        JointSums& s = sums_[j];
        if (!(s.follow(*r) && s.at == n - 1)) {
            bring_to_newest(static_cast<int>(j), *r, angular, linear);  // at n already, or seeded
            continue;
        }
        if (r->length != rows_length) {
            rows_length = r->length;
            angular_rows.emplace(angular, n, rows_length);
            linear_rows.emplace(linear, n, rows_length);
        }
        // (A joint without a column, most joints for the linear sum, has nothing to step.)
        if (const int c = angular.column(static_cast<int>(j)); c >= 0) step(s.angular, *r, *angular_rows, c);
        if (const int c = linear.column(static_cast<int>(j)); c >= 0) step(s.linear, *r, *linear_rows, c);
        s.brought_to(n, *r);
    }
}

}  // namespace dynskin
