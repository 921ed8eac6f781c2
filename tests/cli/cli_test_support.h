#pragma once
// What the CLI suites share: running dynskin-cli, the one-line error every command gives on
// bad input, and the Khronos glTF-Validator (npm package gltf-validator) when node has it.
// DYNSKIN_CLI, DYNSKIN_NODE, DYNSKIN_NPM_GLOBAL_ROOT and DYNSKIN_VALIDATE_SCRIPT come from
// tests/cli/CMakeLists.txt.

#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "bake_test_support.h"

namespace dynskin::test {

inline CommandRun cli(const std::string& arguments) { return run_command(std::string(DYNSKIN_CLI) + " " + arguments); }

inline void expect_one_line_error(const CommandRun& run, const std::string& mentioning) {
    EXPECT_EQ(run.status, 2) << run.err;
    EXPECT_EQ(run.err.rfind("error: ", 0), 0u) << run.err;
    EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    EXPECT_NE(run.err.find(mentioning), std::string::npos) << run.err;
}

// Why the validator cannot run here, or empty when it can.
inline std::string khronos_validator_absence() {
    const std::string node = DYNSKIN_NODE, modules = DYNSKIN_NPM_GLOBAL_ROOT;
    if (node.empty() || node.find("NOTFOUND") != std::string::npos) return "node is absent";
    if (modules.empty() || !file_exists(modules + "/gltf-validator"))
        return "the npm package gltf-validator is absent (scripts/install-deps.sh installs it when npm is there)";
    return {};
}

// The validator's report on a .glb: status 0 no error, 1 errors; its issues as JSON on out.
inline CommandRun run_khronos_validator(const std::string& file) {
    return run_command("NODE_PATH=" + std::string(DYNSKIN_NPM_GLOBAL_ROOT) + " " + DYNSKIN_NODE + " " +
                       DYNSKIN_VALIDATE_SCRIPT + " " + file);
}

}  // namespace dynskin::test
