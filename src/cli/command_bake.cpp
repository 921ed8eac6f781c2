// dynskin-cli bake: a clip's Dynamic Skinning as a glTF that any viewer plays (the joints
// resampled at the bake's frames, the dynamics as one bind-space morph target per frame).

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include <CLI/CLI.hpp>

#include "characters/character_source.h"
#include "cli/clip_lookup.h"
#include "cli/commands.h"
#include "cli/progress_bar.h"
#include "cli/settings_options.h"
#include "dynskin/bake.h"
#include "io/gltf_bake_writer.h"

namespace dynskin::cli {
namespace {

struct BakeOptions {
    std::string file;
    std::string clip;
    std::string output;
    double fps = 30.0;
    double tail = 0.0;
    bool loop = false;
    bool no_normals = false;
    SettingsOptions settings;
};

// Frames are morph targets; WebGL viewers keep targets (times attributes) in texture-array
// layers, of which 256 are guaranteed.
constexpr int kPortableTargetLayers = 256;

void run_bake(const BakeOptions& o) {
    if (!std::isfinite(o.fps) || o.fps <= 0.0 || o.fps > 1000.0)
        throw std::runtime_error("--fps must be a frame rate in (0, 1000]");
    if (o.loop && o.tail != 0.0) throw std::runtime_error("--tail is for one-shot bakes: a --loop bake is one period");
    const auto start = std::chrono::steady_clock::now();
    const io::LoadedCharacter loaded = characters::load_character(o.file);
    const Character& character = loaded.character;

    BakeRequest request;
    request.clip = &find_clip(character, o.clip);
    request.settings = o.settings.resolve(loaded.settings, character.skeleton.joint_count());
    request.fps = o.fps;
    request.loop = o.loop;
    request.tail = o.tail;
    request.normals = !o.no_normals;

    FrameBaker baker = [&] {
        try {
            return FrameBaker(character, request);
        } catch (const BakeError& e) {
            throw std::runtime_error(std::string("cannot bake: ") + e.what());
        }
    }();
    {
        ProgressBar bar("baking " + request.clip->name);
        while (!baker.done()) {
            baker.step();
            bar.update(baker.progress(), baker.stage());
        }
    }
    const BakedAnimation baked = baker.take();

    io::BakedLook look;
    look.settings = request.settings;
    look.display = &loaded.look;
    try {
        io::save_baked_glb(o.output, character, baked, look);
    } catch (const io::CharacterWriteError& e) {
        throw std::runtime_error(e.what());
    }

    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const int layers = baked.schedule.frame_count * (request.normals ? 2 : 1);
    if (baked.schedule.loop && !baked.settled)
        std::fprintf(stderr, "warning: the loop did not settle: its two last periods differ by %.2g of the size "
                             "(is the clip's duration a whole number of 1/60 s ticks?)\n", baked.loop_residual);
    if (layers > kPortableTargetLayers)
        std::fprintf(stderr, "warning: %d frames%s make %d morph target layers; some WebGL viewers allow only %d "
                             "(lower --fps or use --no-normals)\n",
                     baked.schedule.frame_count, request.normals ? " with normals" : "", layers, kPortableTargetLayers);
    std::fprintf(stderr, "baked %d frames of '%s' (%.3g s%s) into %s in %.2f s\n", baked.schedule.frame_count,
                 request.clip->name.c_str(), baked.schedule.file_time(baked.schedule.frame_count - 1),
                 baked.schedule.loop ? (", loop settled after " + std::to_string(baked.settle_periods) + " periods").c_str() : "",
                 o.output.c_str(), seconds);
}

}  // namespace

void add_bake_command(CLI::App& app) {
    auto options = std::make_shared<BakeOptions>();
    CLI::App* cmd = app.add_subcommand(
        "bake", "Write a glTF that plays a clip's Dynamic Skinning in any glTF viewer (morph target per frame)");
    cmd->add_option("file", options->file, "A .glb or .gltf file, or a bundled character: cow")->required();
    cmd->add_option("--clip", options->clip, "Clip name or index")->required();
    cmd->add_option("--fps", options->fps, "Frames per second of the bake (default 30)");
    cmd->add_flag("--loop", options->loop, "Bake one seamless period of the looping clip, once its motion has settled");
    cmd->add_option("--tail", options->tail, "Seconds baked after a one-shot clip's end, for the wobbles (default 0)");
    cmd->add_flag("--no-normals", options->no_normals, "Bake positions only (half the size; shading then follows LBS)");
    cmd->add_option("-o,--output", options->output, "The .glb to write")->required();
    options->settings.add_to(*cmd);
    cmd->callback([options] { run_bake(*options); });
}

}  // namespace dynskin::cli
