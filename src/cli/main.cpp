// dynskin-cli: the method and the loader from the command line.

#include <cstdio>
#include <exception>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/commands.h"

namespace {

int fail(const std::string& message) {
    std::string line = message;
    for (char& c : line)
        if (c == '\n') c = ' ';  // always one line
    std::fprintf(stderr, "error: %s\n", line.c_str());
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"dynskin-cli: Dynamic Skinning on skinned glTF characters"};
    app.require_subcommand(1);
    dynskin::cli::add_info_command(app);
    dynskin::cli::add_trace_command(app);
    dynskin::cli::add_offsets_command(app);
    dynskin::cli::add_make_assets_command(app);
    dynskin::cli::add_bake_command(app);
    dynskin::cli::add_embed_command(app);
#ifdef DYNSKIN_CLI_RENDER
    dynskin::cli::add_render_command(app);
#endif
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
