// dynskin-render: a clip rendered with Dynamic Skinning into a PNG sequence, by the viewer's
// own renderer. The one command-line program that links the viewer (GLFW, OpenGL, Dear
// ImGui); `dynskin-cli render ...` runs it with the same arguments.

#include <CLI/CLI.hpp>

#include "cli/command_line.h"
#include "cli/render/command_render.h"

int main(int argc, char** argv) {
    CLI::App app{"dynskin-render: a clip rendered with Dynamic Skinning into a PNG sequence (dynskin-cli render)"};
    dynskin::cli::add_render_options(app);
    return dynskin::cli::run_command_line(app, argc, argv);
}
