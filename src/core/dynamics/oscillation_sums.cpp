#include "core/dynamics/oscillation_sums.h"

namespace dynskin {
namespace {

// d[m] = H[m] - H[m-1] of one joint.
glm::vec3 difference(const TickHistory<glm::vec3>& h, int joint, Tick m) { return h.row(m)[joint] - h.row(m - 1)[joint]; }

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

void OscillationSums::step(Sum& s, const KernelRecursion& r, const glm::vec3& d_new, const glm::vec3& d_old) {
    const double zr = r.z.real(), zi = r.z.imag(), lr = r.leaving.real(), li = r.leaving.imag();
    // u = C + d_new - z^(K-1) d_old (the differences are real), then C = z u.
    const glm::dvec3 new_d(d_new), old_d(d_old);
    const glm::dvec3 ur = s.re + new_d - lr * old_d;
    const glm::dvec3 ui = s.im - li * old_d;
    s.re = zr * ur - zi * ui;
    s.im = zr * ui + zi * ur;
    s.previous = s.current;
    s.current = glm::vec3(s.im);
}

void OscillationSums::seed(Sum& s, const KernelRecursion& r, const TickHistory<glm::vec3>& h, int joint, Tick n) {
    // C[n - 1] summed plainly over the window, then one step to n.
    glm::dvec3 re(0.0), im(0.0);
    std::complex<double> zk = 1.0;
    for (int k = 1; k < r.length; ++k) {
        zk *= r.z;
        const glm::dvec3 d(difference(h, joint, n - 1 - k));
        re += zk.real() * d;
        im += zk.imag() * d;
    }
    s.re = re;
    s.im = im;
    s.current = glm::vec3(im);
    step(s, r, difference(h, joint, n - 1), difference(h, joint, n - r.length));
}

void OscillationSums::bring_to_newest(int joint, const KernelRecursion& r, const JointMotionHistory& history) {
    JointSums& s = sums_[joint];
    const Tick n = history.newest_tick();
    const bool same = s.valid && (s.zero || s.recursion.made_for(r.frequency, r.damping));
    if (same && s.at == n) return;
    const TickHistory<glm::vec3>& angular = history.angular_velocity();
    const TickHistory<glm::vec3>& linear = history.linear_velocity();
    if (same && s.at == n - 1) {
        const Tick leaving = n - r.length;
        step(s.angular, r, difference(angular, joint, n - 1), difference(angular, joint, leaving));
        step(s.linear, r, difference(linear, joint, n - 1), difference(linear, joint, leaving));
    } else {
        seed(s.angular, r, angular, joint, n);
        seed(s.linear, r, linear, joint, n);
    }
    s.recursion = r;
    s.at = n;
    s.zero = false;
    s.valid = true;
}

}  // namespace dynskin
