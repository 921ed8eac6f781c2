#pragma once
// What the bake tests share: a temporary folder, running a command, and where the optional
// tools (the real rigs, the CLI binary, node and its glTF-Validator) are.

#include <string>
#include <vector>

namespace dynskin::test {

struct CommandRun {
    int status = -1;
    std::string out, err;
};

std::string make_temp_folder();  // the test glTF writer's (tests/io/gltf_writer.h)
// Runs a shell command line, capturing stdout and stderr.
CommandRun run_command(const std::string& command_line);
bool file_exists(const std::string& path);
std::vector<unsigned char> read_bytes(const std::string& path);

}  // namespace dynskin::test
