#pragma once
// What the bake and CLI tests share (tests/bake, tests/cli): running a command line, checking
// that a file exists, reading its bytes; the io suite's glTF writer (and its make_temp_folder).
// Where the optional tools are (the real rigs, the CLI binary, node and its glTF-Validator)
// each suite's CMakeLists passes as DYNSKIN_* definitions.

#include <string>
#include <vector>

#include "gltf_writer.h"

namespace dynskin::test {

struct CommandRun {
    int status = -1;
    std::string out, err;
};

// Runs a shell command line, capturing stdout and stderr.
CommandRun run_command(const std::string& command_line);
bool file_exists(const std::string& path);
std::vector<unsigned char> read_bytes(const std::string& path);

}  // namespace dynskin::test
