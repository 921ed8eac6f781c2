// dynskin-render (dynskin-cli render): a clip played with Dynamic Skinning, rendered
// off-screen by the viewer's own renderer (headless, hidden window) into a PNG sequence. Needs a display:
// run it under `xvfb-run -a` where there is none.

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>

#include <CLI/CLI.hpp>

#include "app/export/frame_recorder.h"
#include "app/viewer_app.h"
#include "characters/character_source.h"
#include "cli/clip_lookup.h"
#include "cli/render/command_render.h"
#include "cli/settings_options.h"

namespace dynskin::cli {
namespace {

struct RenderOptions {
    std::string file;
    std::string clip;
    std::string output;
    int frames = 0;
    double fps = 30.0;
    std::string size = "960x720";
    bool loop = false;
    bool skeleton = false;
    SettingsOptions settings;
};

void run_render(const RenderOptions& o) {
    if (!std::isfinite(o.fps) || o.fps <= 0.0 || o.fps > 1000.0)
        throw std::runtime_error("--fps must be a frame rate in (0, 1000]");
    int width = 0, height = 0;
    if (std::sscanf(o.size.c_str(), "%dx%d", &width, &height) != 2 || width < 16 || height < 16 || width > 8192 ||
        height > 8192)
        throw std::runtime_error("--size must be WxH between 16x16 and 8192x8192, e.g. 960x720");
    // Check the character, the clip and the settings here, for plain error messages.
    const io::LoadedCharacter loaded = characters::load_character(o.file);
    const AnimationClip& clip = find_clip(loaded.character, o.clip);
    try {  // before the window: bad input is said without needing a display
        app::FrameRecorder::make_folder(o.output);
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(std::string("cannot render: ") + e.what());
    }

    app::ViewerOptions options;
    options.character = o.file;
    options.clip = clip.name.empty() ? o.clip : clip.name;
    options.loop = o.loop;
    options.headless = true;
    options.frames = o.frames;
    options.frame_seconds = 1.0 / o.fps;
    options.width = width;
    options.height = height;
    options.hide_ui = true;
    options.settings = o.settings.resolve(loaded.settings, loaded.character, &clip);
    try {
        options.record_folder = o.output;
        app::ViewerApp viewer(options);
        if (!viewer.state().error_message.empty()) throw std::runtime_error(viewer.state().error_message);
        viewer.state().display.skeleton = o.skeleton;
        viewer.run();
        if (!viewer.state().error_message.empty()) throw std::runtime_error(viewer.state().error_message);
        std::fprintf(stderr, "rendered %d frames of '%s' at %g fps into %s\n",
                     viewer.state().exports.frames.frames_written(), clip.name.c_str(), o.fps, o.output.c_str());
    } catch (const std::runtime_error& e) {
        throw std::runtime_error(std::string("cannot render: ") + e.what());
    }
}

}  // namespace

void add_render_options(CLI::App& app) {
    auto options = std::make_shared<RenderOptions>();
    app.add_option("file", options->file, "A .glb or .gltf file, or a bundled character: cow")->required();
    app.add_option("--clip", options->clip, "Clip name or index")->required();
    app.add_option("--frames", options->frames, "Frames to render")->required()->check(CLI::Range(1, 100000));
    app.add_option("--fps", options->fps, "Frames per second of clip time (default 30)");
    app.add_option("--size", options->size, "Image size WxH (default 960x720)");
    app.add_flag("--loop", options->loop, "Loop the clip instead of holding its last pose");
    app.add_flag("--skeleton", options->skeleton, "Draw the skeleton over the mesh");
    app.add_option("-o,--output", options->output, "The folder for frame_00000.png, frame_00001.png, ...")->required();
    options->settings.add_to(app);
    app.callback([options] { run_render(*options); });
}

}  // namespace dynskin::cli
