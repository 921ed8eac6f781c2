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
    planned_ = false;
    joints_.assign(static_cast<std::size_t>(joint_count), JointState{});
    angular_.clear();
    linear_.clear();
}

void OscillationSums::restart(Tick tick) {
    // The histories' columns start again too: the sums of those they add read zero.
    planned_ = false;
    angular_.clear();
    linear_.clear();
    for (JointState& s : joints_) {
        s.at = tick;
        s.zero = true;
        s.valid = true;
    }
}

namespace {

// The recursion's step of one number (an axis of a column): u = C + d[n-1] - z^(K-1) d[n-K]
// (the differences are real), then C = z u; the output Im C moves on.
inline void step_number(float newer, float older, float leaving, float left, double& re, double& im, float& previous,
                        float& current, std::complex<double> z, std::complex<double> z_leaving) {
    const double new_d = double(newer - older), old_d = double(leaving - left);
    const double ur = re + new_d - z_leaving.real() * old_d;
    const double ui = im - z_leaving.imag() * old_d;
    re = z.real() * ur - z.imag() * ui;
    im = z.real() * ui + z.imag() * ur;
    previous = current;
    current = float(im);
}

// step_number over `count` numbers in a row (x, y, z of successive columns). The arrays do
// not overlap, which __restrict (GCC's, Clang's, MSVC's) tells the compiler: else it leaves
// the loop scalar rather than check eight pointers against each other.
void step_numbers(const float* __restrict newer, const float* __restrict older, const float* __restrict leaving,
                  const float* __restrict left, double* __restrict re, double* __restrict im,
                  float* __restrict previous, float* __restrict current, int count, std::complex<double> z,
                  std::complex<double> z_leaving) {
    for (int i = 0; i < count; ++i)
        step_number(newer[i], older[i], leaving[i], left[i], re[i], im[i], previous[i], current[i], z, z_leaving);
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

void OscillationSums::step_column(Columns& s, const KernelRecursion& r, const StepRows& rows, int column) {
    if (column < 0) return;  // (no velocity yet: zero, and zero it stays)
    // Axis by axis, written out: a loop over three is vectorised with checks of the arrays
    // against each other that cost more than the step.
    const std::size_t i = 3 * static_cast<std::size_t>(column);
    const glm::vec3 &newer = rows.newer[column], &older = rows.older[column];
    const glm::vec3 &leaving = rows.leaving[column], &left = rows.left[column];
    step_number(newer.x, older.x, leaving.x, left.x, s.re[i], s.im[i], s.previous[i], s.current[i], r.z, r.leaving);
    step_number(newer.y, older.y, leaving.y, left.y, s.re[i + 1], s.im[i + 1], s.previous[i + 1], s.current[i + 1], r.z,
                r.leaving);
    step_number(newer.z, older.z, leaving.z, left.z, s.re[i + 2], s.im[i + 2], s.previous[i + 2], s.current[i + 2], r.z,
                r.leaving);
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
    step_column(s, r, StepRows(h, n, r.length), c);
}

void OscillationSums::bring(int joint, const KernelRecursion& r, const VelocityHistory& angular,
                            const VelocityHistory& linear, RowsOfKernel& rows) {
    JointState& s = joints_[joint];
    const Tick n = angular.newest();
    if (s.follow(r) && s.at == n) return;
    if (s.steps_to(n, r)) {
        if (rows.length != r.length) {  // (looked up once for each kernel length met)
            rows.length = r.length;
            rows.angular.emplace(angular, n, r.length);
            rows.linear.emplace(linear, n, r.length);
        }
        // (A joint without a column, most joints for the linear sum, has nothing to step.)
        step_column(angular_, r, *rows.angular, angular.column(joint));
        step_column(linear_, r, *rows.linear, linear.column(joint));
    } else {
        seed(angular_, r, angular, joint, n);
        seed(linear_, r, linear, joint, n);
    }
    s.brought_to(n, r);
}

void OscillationSums::write_planned_states() {
    if (!planned_) return;
    for (std::size_t j = 0; j < plan_.kernels.size(); ++j)
        if (plan_.kernels[j]) joints_[j].brought_to(plan_.at, plan_.made_for[j].first, plan_.made_for[j].second);
    planned_ = false;
}

bool OscillationSums::plan_holds(const std::vector<const KernelRecursion*>& kernels, const VelocityHistory& angular,
                                 const VelocityHistory& linear, Tick n) const {
    if (!planned_ || plan_.at != n - 1 || angular.column_count() != plan_.angular_columns ||
        linear.column_count() != plan_.linear_columns || kernels != plan_.kernels)
        return false;
    // (A kernel may have been made again in place, for another f or tau.)
    for (std::size_t j = 0; j < kernels.size(); ++j)
        if (kernels[j] && !kernels[j]->made_for(plan_.made_for[j].first, plan_.made_for[j].second)) return false;
    return true;
}

namespace {

// Runs of a history's columns whose joints are followed with the same kernel (f and tau):
// (first column, count, a joint whose kernel it is). Columns of joints not followed are left
// out, except a few between two runs of one kernel, which join them: stepping them costs
// less than starting a run again (their joints' ticks stay behind, so they are seeded when
// followed again).
// joint_of_column: scratch. (Their capacities grow exactly, to at most a joint's worth each:
// memory_bound() counts them so.)
template <class Run>
void plan_runs(const std::vector<const KernelRecursion*>& kernels, const VelocityHistory& h, std::vector<Run>& runs,
               std::vector<int>& joint_of_column) {
    constexpr int kMostJoined = 4;  // columns not followed that two runs may take in between
    const std::size_t columns = static_cast<std::size_t>(h.column_count());
    joint_of_column.reserve(columns);
    joint_of_column.assign(columns, -1);
    for (std::size_t j = 0; j < kernels.size(); ++j)
        if (const int c = h.column(static_cast<int>(j)); kernels[j] && c >= 0) joint_of_column[c] = static_cast<int>(j);
    runs.clear();
    runs.reserve(columns);
    const auto same_kernel = [&kernels](int a, int b) {
        return kernels[a]->made_for(kernels[b]->frequency, kernels[b]->damping);
    };
    for (int c = 0; c < h.column_count(); ++c) {
        const int j = joint_of_column[static_cast<std::size_t>(c)];
        if (j < 0) continue;
        if (!runs.empty()) {
            Run& last = runs.back();
            const int gap = c - (last.first + last.count);
            if (gap <= kMostJoined && same_kernel(j, last.joint)) {
                last.count = c + 1 - last.first;
                continue;
            }
        }
        runs.push_back(Run{c, 1, j});
    }
}

}  // namespace

void OscillationSums::bring_all_to_newest(const std::vector<const KernelRecursion*>& kernels,
                                          const VelocityHistory& angular, const VelocityHistory& linear) {
    angular_.fit(angular);
    linear_.fit(linear);
    const Tick n = angular.newest();
    if (plan_holds(kernels, angular, linear, n)) {
        step_runs(kernels, plan_.angular_runs, angular_, angular, n);
        step_runs(kernels, plan_.linear_runs, linear_, linear, n);
        plan_.at = n;
        return;
    }
    // Joint by joint this tick (stepped or seeded), then planned for the next ones.
    write_planned_states();
    RowsOfKernel rows;
    bool any = false;
    for (std::size_t j = 0; j < kernels.size(); ++j) {
        if (!kernels[j]) continue;
        bring(static_cast<int>(j), *kernels[j], angular, linear, rows);
        any = true;
    }
    if (!any) return;
    // (Into the last plan's arrays: a slider dragged changes the kernels every frame.)
    planned_ = true;
    plan_.at = n;
    plan_.kernels.reserve(kernels.size());
    plan_.kernels.assign(kernels.begin(), kernels.end());
    plan_.made_for.reserve(kernels.size());
    plan_.made_for.assign(kernels.size(), {0.0f, 0.0f});
    for (std::size_t j = 0; j < kernels.size(); ++j)
        if (kernels[j]) plan_.made_for[j] = {kernels[j]->frequency, kernels[j]->damping};
    plan_.angular_columns = angular.column_count();
    plan_.linear_columns = linear.column_count();
    plan_runs(kernels, angular, plan_.angular_runs, plan_.joint_of_column);
    plan_runs(kernels, linear, plan_.linear_runs, plan_.joint_of_column);
}

void OscillationSums::step_runs(const std::vector<const KernelRecursion*>& kernels, const std::vector<Run>& runs,
                                Columns& sums, const VelocityHistory& h, Tick n) {
    for (const Run& run : runs) {
        const KernelRecursion& r = *kernels[static_cast<std::size_t>(run.joint)];
        step(sums, r, StepRows(h, n, r.length), run.first, run.count);
    }
}

}  // namespace dynskin
