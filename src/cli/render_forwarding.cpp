#include "cli/render_forwarding.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include <CLI/CLI.hpp>

namespace dynskin::cli {
namespace {

// This program's own file: /proc/self/exe where there is one, else argv[0] as given.
std::filesystem::path own_file(const char* argv0) {
    std::error_code error;
    std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
    return error ? std::filesystem::path(argv0) : self;
}

}  // namespace

void add_render_entry(CLI::App& app) {
    app.add_subcommand("render",
                       "Render a clip with Dynamic Skinning into a PNG sequence (headless; under xvfb-run -a without a "
                       "display). Runs dynskin-render, built with the viewer; `dynskin-cli render --help` lists its options");
}

int forward_to_render(int argc, char** argv) {
    const std::filesystem::path render = own_file(argv[0]).parent_path() / "dynskin-render";
    std::error_code error;
    if (!std::filesystem::exists(render, error)) {
        std::fprintf(stderr,
                     "error: render draws with the viewer's renderer, and dynskin-render is not next to dynskin-cli "
                     "(%s): build dynskin with the viewer (-DDYNSKIN_BUILD_VIEWER=ON)\n",
                     render.c_str());
        return 2;
    }
    std::vector<char*> arguments;
    std::string program = render.string();
    arguments.push_back(program.data());
    for (int i = 2; i < argc; ++i) arguments.push_back(argv[i]);
    arguments.push_back(nullptr);
    execv(program.c_str(), arguments.data());
    std::fprintf(stderr, "error: cannot run %s: %s\n", program.c_str(), std::strerror(errno));
    return 2;
}

}  // namespace dynskin::cli
