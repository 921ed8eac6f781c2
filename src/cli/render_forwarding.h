#pragma once
// `dynskin-cli render ...` runs dynskin-render, the program next to dynskin-cli that links
// the viewer's renderer, with the arguments after `render`: the other commands need none of
// the desktop's libraries (GLFW, OpenGL, ImGui) and run on a machine without them.

namespace CLI {
class App;
}

namespace dynskin::cli {

// Lists `render` in dynskin-cli's help (the command itself is dynskin-render's).
void add_render_entry(CLI::App& app);

// Replaces this process with dynskin-render and the arguments after argv[1] ("render");
// returns status 2, with the reason on stderr, only when it cannot.
int forward_to_render(int argc, char** argv);

}  // namespace dynskin::cli
