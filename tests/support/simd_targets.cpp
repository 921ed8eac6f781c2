#include "simd_targets.h"

#include <hwy/targets.h>

namespace dynskin::test {
namespace {

std::int64_t forced_target = 0;

// Highway numbers targets by bits, lower bits for better ones; "fallback" names the last
// resort, which is SCALAR in a GCC build of Debian's Highway and EMU128 in a clang one.
std::int64_t target_named(const std::string& name) {
    std::int64_t fallback = 0;
    for (int bit = 0; bit < 63; ++bit) {
        const std::int64_t target = std::int64_t{1} << bit;
        if (name == hwy::TargetName(target)) return target;
        if (HWY_TARGETS & target) fallback = target;
    }
    return name == "fallback" ? fallback : 0;
}

std::string compiled_target_names() {
    std::string names;
    for (int bit = 0; bit < 63; ++bit)
        if (HWY_TARGETS & (std::int64_t{1} << bit)) names += std::string(names.empty() ? "" : ", ") + hwy::TargetName(std::int64_t{1} << bit);
    return names + ", fallback";
}

}  // namespace

std::vector<std::int64_t> runnable_simd_targets() {
    hwy::SetSupportedTargetsForTest(0);  // the CPU's own view, whatever is forced
    const std::int64_t runnable = HWY_TARGETS & hwy::SupportedTargets();
    hwy::SetSupportedTargetsForTest(forced_target);
    std::vector<std::int64_t> targets;
    for (int bit = 0; bit < 63; ++bit)
        if (runnable & (std::int64_t{1} << bit)) targets.push_back(std::int64_t{1} << bit);
    return targets;
}

std::int64_t forced_simd_target() { return forced_target; }

std::string force_simd_target(const std::string& name) {
    std::int64_t target = 0;
    if (!name.empty()) {
        target = target_named(name);
        if (target == 0) return "'" + name + "' is not a SIMD target Highway knows (this build has " + compiled_target_names() + ")";
        if (!(HWY_TARGETS & target)) return "this build does not compile the " + name + " kernels";
        hwy::SetSupportedTargetsForTest(0);
        const bool runs = (hwy::SupportedTargets() & target) != 0;
        hwy::SetSupportedTargetsForTest(forced_target);
        if (!runs) return "this CPU cannot run " + name;
    }
    forced_target = target;
    hwy::SetSupportedTargetsForTest(target);
    return "";
}

}  // namespace dynskin::test
