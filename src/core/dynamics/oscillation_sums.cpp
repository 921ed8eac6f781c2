#include "core/dynamics/oscillation_sums.h"

#include <glm/gtc/type_ptr.hpp>

namespace dynskin {

void OscillationSums::Columns::fit(const VelocityHistory& h) {
    const std::size_t size = 3 * static_cast<std::size_t>(h.column_count());
    if (re.size() >= size) return;
    // Exactly as long (columns come rarely): memory_bound() counts a column a joint.
    for (auto* numbers : {&re, &im}) numbers->reserve(size);
    for (auto* numbers : {&previous, &current}) numbers->reserve(size);
    re.resize(size, 0.0);
    im.resize(size, 0.0);
    previous.resize(size, 0.0f);
    current.resize(size, 0.0f);
}

void OscillationSums::Columns::clear() {
    re.clear();
    im.clear();
    previous.clear();
    current.clear();
}

void OscillationSums::resize(int joint_count) {
    shared_.reset();
    joints_.assign(static_cast<std::size_t>(joint_count), JointState{});
    angular_.clear();
    linear_.clear();
}

void OscillationSums::restart(Tick tick) {
    // The histories' columns start again too: the sums of those they add read zero.
    shared_.reset();
    angular_.clear();
    linear_.clear();
    for (JointState& s : joints_) {
        s.at = tick;
        s.zero = true;
        s.valid = true;
    }
}

namespace {

// The recursion's step over `count` numbers in a row (x, y, z of successive columns): u = C +
// d[n-1] - z^(K-1) d[n-K] (the differences are real), then C = z u. The arrays do not
// overlap, which __restrict (GCC's, Clang's, MSVC's) tells the compiler: else it leaves the
// loop scalar rather than check eight pointers against each other.
void step_numbers(const float* __restrict newer, const float* __restrict older, const float* __restrict leaving,
                  const float* __restrict left, double* __restrict re, double* __restrict im,
                  float* __restrict previous, float* __restrict current, int count, std::complex<double> z,
                  std::complex<double> z_leaving) {
    const double zr = z.real(), zi = z.imag(), lr = z_leaving.real(), li = z_leaving.imag();
    for (int i = 0; i < count; ++i) {
        const double new_d = double(newer[i] - older[i]), old_d = double(leaving[i] - left[i]);
        const double ur = re[i] + new_d - lr * old_d;
        const double ui = im[i] - li * old_d;
        re[i] = zr * ur - zi * ui;
        im[i] = zr * ui + zi * ur;
        previous[i] = current[i];
        current[i] = float(im[i]);
    }
}

}  // namespace

void OscillationSums::step(Columns& s, const KernelRecursion& r, const StepRows& rows, int first, int count) {
    if (count <= 0) return;
    // (A row of vec3 is its columns' floats in a row.)
    const std::size_t begin = 3 * static_cast<std::size_t>(first);
    step_numbers(glm::value_ptr(rows.newer[first]), glm::value_ptr(rows.older[first]),
                 glm::value_ptr(rows.leaving[first]), glm::value_ptr(rows.left[first]), s.re.data() + begin,
                 s.im.data() + begin, s.previous.data() + begin, s.current.data() + begin, 3 * count, r.z, r.leaving);
}

void OscillationSums::seed(Columns& s, const KernelRecursion& r, const VelocityHistory& h, int joint, Tick n) {
    const int c = h.column(joint);
    if (c < 0) return;  // no velocity yet: zero, and its column, when it comes, reads zero
    glm::dvec3 re(0.0), im(0.0);
    std::complex<double> zk = 1.0;
    for (int k = 1; k < r.length; ++k) {
        zk *= r.z;
        // d[m] = H[m] - H[m-1], m = n - 1 - k
        const glm::dvec3 d(h.row(n - 1 - k)[c] - h.row(n - 2 - k)[c]);
        re += zk.real() * d;
        im += zk.imag() * d;
    }
    const std::size_t i = 3 * static_cast<std::size_t>(c);
    for (int axis = 0; axis < 3; ++axis) {
        s.re[i + axis] = re[axis];
        s.im[i + axis] = im[axis];
        s.current[i + axis] = float(im[axis]);
    }
    step(s, r, StepRows(h, n, r.length), c, 1);
}

void OscillationSums::bring(int joint, const KernelRecursion& r, const VelocityHistory& angular,
                            const VelocityHistory& linear) {
    JointState& s = joints_[joint];
    const Tick n = angular.newest();
    if (s.follow(r) && s.at == n) return;
    if (s.steps_to(n, r)) {
        // (A joint without a column, most joints for the linear sum, has nothing to step.)
        if (const int c = angular.column(joint); c >= 0) step(angular_, r, StepRows(angular, n, r.length), c, 1);
        if (const int c = linear.column(joint); c >= 0) step(linear_, r, StepRows(linear, n, r.length), c, 1);
    } else {
        seed(angular_, r, angular, joint, n);
        seed(linear_, r, linear, joint, n);
    }
    s.brought_to(n, r);
}

void OscillationSums::bring_to_newest(int joint, const KernelRecursion& r, const VelocityHistory& angular,
                                      const VelocityHistory& linear) {
    write_shared_states();
    angular_.fit(angular);
    linear_.fit(linear);
    bring(joint, r, angular, linear);
}

void OscillationSums::write_shared_states() {
    if (!shared_) return;
    for (std::size_t j = 0; j < shared_kernels_.size(); ++j)
        if (shared_kernels_[j]) joints_[j].brought_to(shared_->at, shared_->frequency, shared_->damping);
    shared_.reset();
}

bool OscillationSums::still_shared(const std::vector<const KernelRecursion*>& kernels, Tick n) const {
    if (!shared_ || shared_->at != n - 1 || kernels != shared_kernels_) return false;
    // (A kernel may have been made again in place, for another f or tau.)
    for (const KernelRecursion* r : kernels)
        if (r && !r->made_for(shared_->frequency, shared_->damping)) return false;
    return true;
}

void OscillationSums::bring_all_to_newest(const std::vector<const KernelRecursion*>& kernels,
                                          const VelocityHistory& angular, const VelocityHistory& linear) {
    angular_.fit(angular);
    linear_.fit(linear);
    const Tick n = angular.newest();
    if (still_shared(kernels, n)) {
        step_every_column(*kernels[shared_->first], angular, linear, n);
        shared_->at = n;
        return;
    }
    write_shared_states();
    // Whether every followed joint has the same kernel, and whether each is one step from n.
    const KernelRecursion* common = nullptr;
    std::size_t first = 0;
    bool same = true, one_step = true;
    for (std::size_t j = 0; j < kernels.size(); ++j) {
        const KernelRecursion* r = kernels[j];
        if (!r) continue;
        if (!common) common = r, first = j;
        same = same && r->made_for(common->frequency, common->damping);
        one_step = one_step && joints_[j].steps_to(n, *r);
    }
    if (!common) return;
    if (same && one_step) {
        step_every_column(*common, angular, linear, n);
    } else {
        for (std::size_t j = 0; j < kernels.size(); ++j)
            if (kernels[j]) bring(static_cast<int>(j), *kernels[j], angular, linear);
    }
    if (same) {  // every followed joint at n for the one kernel: said once for all of them
        shared_ = Shared{common->frequency, common->damping, n, first};
        shared_kernels_ = kernels;
    }
}

void OscillationSums::step_every_column(const KernelRecursion& r, const VelocityHistory& angular,
                                        const VelocityHistory& linear, Tick n) {
    // Those of joints not followed are stepped too (cheaper than leaving gaps in the loop),
    // for a kernel they may not have: their tick stays behind, so they are seeded when
    // followed again.
    step(angular_, r, StepRows(angular, n, r.length), 0, angular.column_count());
    step(linear_, r, StepRows(linear, n, r.length), 0, linear.column_count());
}

}  // namespace dynskin
