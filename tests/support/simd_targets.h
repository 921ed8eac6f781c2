#pragma once
// The SIMD targets a test binary dispatches to. Highway compiles the kernels for several x86
// targets (AVX-512, AVX2, SSE4, SSSE3 and the scalar fallback, EMU128) and runs the CPU's
// best, so on its own a test reaches only the code paths of the machine it runs on. With
// DYNSKIN_SIMD_TARGET=NAME (Highway's name: AVX3, AVX2, SSE4, SSSE3, or `fallback` for the
// scalar one, SCALAR or EMU128 by compiler) every binary linked with dynskin_test_main
// dispatches to that target alone, for the whole run.

#include <cstdint>
#include <string>
#include <vector>

namespace dynskin::test {

// Targets compiled into this build that this CPU runs, best first.
std::vector<std::int64_t> runnable_simd_targets();

// The target DYNSKIN_SIMD_TARGET forced, or 0: the run dispatches to the CPU's best.
std::int64_t forced_simd_target();

// Makes every later dispatch go to the target named (or to the CPU's best for ""). Returns
// "" on success, else why it cannot: a name Highway does not know, a target this build did
// not compile, or one this CPU cannot run.
std::string force_simd_target(const std::string& name);

}  // namespace dynskin::test
