#pragma once
// dynskin-cli's commands (render is dynskin-render's: render_forwarding.h). Each adds a CLI11 subcommand whose callback does the work and
// throws std::exception on bad input; main() turns that into `error: ...` and status 2.

namespace CLI {
class App;
}

namespace dynskin::cli {

void add_info_command(CLI::App& app);
void add_trace_command(CLI::App& app);
void add_offsets_command(CLI::App& app);
void add_make_assets_command(CLI::App& app);
void add_bake_command(CLI::App& app);
void add_embed_command(CLI::App& app);
void add_tables_command(CLI::App& app);

}  // namespace dynskin::cli
