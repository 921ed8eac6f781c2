// The main of every C++ test binary: GoogleTest's, after DYNSKIN_SIMD_TARGET (simd_targets.h).
// With --skip-on-best-simd-target (ctest's *.simd.NAME entries) a run is skipped, with exit
// status 77, when the forced target is the CPU's best, which the suite's own entries test,
// or one it cannot run.

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>


#include "simd_targets.h"

namespace {

constexpr int kSkipped = 77;
constexpr const char* kSkipOnBest = "--skip-on-best-simd-target";

bool take_flag(int& argc, char** argv, const char* flag) {
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], flag) != 0) continue;
        for (int k = i; k < argc; ++k) argv[k] = argv[k + 1];
        --argc;
        return true;
    }
    return false;
}

}  // namespace

int main(int argc, char** argv) {
    const bool skip_on_best = take_flag(argc, argv, kSkipOnBest);
    testing::InitGoogleTest(&argc, argv);
    const char* name = std::getenv("DYNSKIN_SIMD_TARGET");
    if (name != nullptr && *name != '\0') {
        const std::string problem = dynskin::test::force_simd_target(name);
        if (!problem.empty()) {
            std::fprintf(stderr, "DYNSKIN_SIMD_TARGET: %s\n", problem.c_str());
            if (skip_on_best) std::printf("skipped: %s\n", problem.c_str());
            return skip_on_best ? kSkipped : 2;
        }
        if (skip_on_best && dynskin::test::forced_simd_target() == dynskin::test::runnable_simd_targets().front()) {
            std::printf("skipped: %s is this CPU's own SIMD target, which the suite's own entries test\n", name);
            return kSkipped;
        }
        std::printf("SIMD kernels dispatched to %s (DYNSKIN_SIMD_TARGET)\n", name);
    }
    return RUN_ALL_TESTS();
}
