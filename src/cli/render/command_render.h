#pragma once
// dynskin-render's options and what they run (command_render.cpp).

namespace CLI {
class App;
}

namespace dynskin::cli {

// Adds the render options to `app` and the render as its callback.
void add_render_options(CLI::App& app);

}  // namespace dynskin::cli
