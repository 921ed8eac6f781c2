// dynskin: the viewer.

#include <cstdio>
#include <exception>
#include <string>

#include <CLI/CLI.hpp>

#include "app/files/settings_link.h"
#include "app/viewer_app.h"
#include "dynskin/settings_schema.h"
#ifdef __EMSCRIPTEN__
#include "app/web/page_hooks.h"
#endif

int main(int argc, char** argv) {
    dynskin::app::ViewerOptions options;
    std::string size;
    CLI::App cli{"dynskin: Dynamic Skinning viewer. Drag joints, tune f, tau, A, D live, paint where the skin is soft."};
    auto* character = cli.add_option("character", options.character, "A .gltf/.glb file or a bundled character (default: bar)");
    cli.add_option("--preset", options.preset, "Parameters from a preset JSON file");
    cli.add_flag("--headless", options.headless, "Render off-screen (use under xvfb-run -a) and exit");
    cli.add_option("--frames", options.frames, "Headless: frames to run at 60 fps")->check(CLI::Range(1, 1000000));
    cli.add_option("--screenshot", options.screenshot, "Headless: write the last frame to this PNG");
    cli.add_option("--size", size, "Window size WxH (default 1280x800)");
    cli.add_flag("--gpu", options.gpu, "Skin and bend in the vertex shader (the CPU only measures and filters)");
    // --herd: the old name (a replayed loop at N phases, which the crowd replaced), kept so
    // that old command lines and links still work.
    cli.add_option("--crowd,--herd", options.crowd,
                   "A crowd of N instances of the character on the GPU path, each with its own motion: its clip, "
                   "phase and speed, its own wobble, dragged on its own")
        ->check(CLI::Range(1, 10000));
    auto* clip = cli.add_option("--clip", options.clip, "The clip to start with: a name, an index, or none (the rest pose)");
    std::string link_keys;  // the table's, so that the help names each parameter's key
    for (const dynskin::ParameterSpec& spec : dynskin::parameter_table()) link_keys += std::string(link_keys.empty() ? "" : ", ") + spec.link_key;
    cli.add_option("--link", options.link,
                   "Parameters as in a shared link, over the character's own: 'f=2.5&tau=0.4&A=0.2&D=0.1' "
                   "(keys " + link_keys + "; character and clip too)");
    cli.add_option("--quality", options.quality,
                   "The view's quality: auto (MSAA and resolution follow the frame rate; the default in a window), "
                   "high (4x MSAA; the default headless), medium (no MSAA), low (3/4 resolution), lowest (1/2); "
                   "another word is reported in the viewer, which then adapts");
    cli.add_option("--script", options.script, "Scripted mouse and key input: a JSON list of timed events (for tests)");
    try {
        cli.parse(argc, argv);
        if (!size.empty() && std::sscanf(size.c_str(), "%dx%d", &options.width, &options.height) != 2)
            throw CLI::ValidationError("--size", "expected WxH, e.g. 1280x800");
        if (options.width < 64 || options.height < 64 || options.width > 8192 || options.height > 8192)
            throw CLI::ValidationError("--size", "between 64x64 and 8192x8192");
        // A link may name the character and clip too; those given on their own win.
        dynskin::DynamicParameters unused;
        const dynskin::app::SettingsLink link = dynskin::app::apply_link(options.link, unused);
        if (character->count() == 0 && !link.character.empty()) options.character = link.character;
        if (clip->count() == 0 && !link.clip.empty()) options.clip = link.clip;
    } catch (const CLI::CallForHelp& e) {
        return cli.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 2;
    }
    try {
        dynskin::app::ViewerApp app(options);
        if (options.headless && !app.state().error_message.empty()) {
            std::fprintf(stderr, "error: %s\n", app.state().error_message.c_str());
            return 2;
        }
#ifdef __EMSCRIPTEN__
        dynskin::app::web::expose_to_page(app);  // app lives on: the browser's loop keeps main's frame
#endif
        return app.run();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 2;
    }
}
