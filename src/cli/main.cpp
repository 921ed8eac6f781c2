// dynskin-cli: the method and the loader from the command line.

#include <cstring>

#include <CLI/CLI.hpp>

#include "cli/command_line.h"
#include "cli/commands.h"
#include "cli/render_forwarding.h"

int main(int argc, char** argv) {
    if (argc > 1 && std::strcmp(argv[1], "render") == 0) return dynskin::cli::forward_to_render(argc, argv);
    CLI::App app{"dynskin-cli: Dynamic Skinning on skinned glTF characters"};
    app.require_subcommand(1);
    dynskin::cli::add_info_command(app);
    dynskin::cli::add_trace_command(app);
    dynskin::cli::add_offsets_command(app);
    dynskin::cli::add_make_assets_command(app);
    dynskin::cli::add_bake_command(app);
    dynskin::cli::add_embed_command(app);
    dynskin::cli::add_tables_command(app);
    dynskin::cli::add_render_entry(app);
    return dynskin::cli::run_command_line(app, argc, argv);
}
