#pragma once
// What dynskin-cli and dynskin-render do with their command line alike: parse it, run the
// command's callback, and turn a failure into one line `error: ...` and status 2.

namespace CLI {
class App;
}

namespace dynskin::cli {

int run_command_line(CLI::App& app, int argc, char** argv);

}  // namespace dynskin::cli
