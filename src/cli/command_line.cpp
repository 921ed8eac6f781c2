#include "cli/command_line.h"

#include <cstdio>
#include <exception>
#include <string>

#include <CLI/CLI.hpp>

namespace dynskin::cli {
namespace {

int fail(const std::string& message) {
    std::string line = message;
    for (char& c : line)
        if (c == '\n') c = ' ';  // always one line
    std::fprintf(stderr, "error: %s\n", line.c_str());
    return 2;
}

}  // namespace

int run_command_line(CLI::App& app, int argc, char** argv) {
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        return fail(e.what());
    } catch (const std::exception& e) {
        return fail(e.what());
    }
    return 0;
}

}  // namespace dynskin::cli
