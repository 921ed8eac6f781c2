// dynskin-cli bake: a clip's Dynamic Skinning as a glTF that any viewer plays (the joints
// resampled at the bake's frames, the dynamics as one bind-space morph target per frame), or
// as a point cache (.pc2: every vertex's final position at every frame) for the DCC tools'
// mesh cache modifiers. The -o extension chooses.

#include <algorithm>
#include <cctype>
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
#include "dynskin/gltf_bake_writer.h"
#include "io/writing/point_cache_writer.h"

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
    std::string up;  // .pc2 only: "y" (glTF's axes, the default) or "z" (Blender's)
    SettingsOptions settings;
};

enum class OutputFormat { gltf, point_cache };

// From the -o extension, before anything is baked, so that a typo costs nothing.
OutputFormat output_format(const std::string& path) {
    const std::size_t slash = path.find_last_of("/\\");
    const std::size_t dot = path.find_last_of('.');
    std::string extension = dot == std::string::npos || (slash != std::string::npos && dot < slash) ? "" : path.substr(dot);
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (extension == ".glb" || extension == ".gltf") return OutputFormat::gltf;
    if (extension == ".pc2") return OutputFormat::point_cache;
    throw std::runtime_error("-o " + path + ": " +
                             (extension.empty() ? std::string("no extension") : "'" + extension + "' is no format bake writes") +
                             "; the extension chooses: .glb or .gltf (a baked glTF) or .pc2 (a point cache)");
}

// Sample k of the cache is frame k of the bake, at k * frame_step seconds: in frames of the
// bake's fps that is k * frame_step * fps. The schedule shortens the step below 1/fps only to
// end on the clip's last instant; a step that is 1/fps to float precision is written as 1.
float cache_sample_rate(const BakeSchedule& schedule, double fps) {
    const double rate = schedule.frame_step * fps;
    return std::abs(rate - 1.0) < 1e-6 ? 1.0f : static_cast<float>(rate);
}

void write_point_cache(const BakeOptions& o, const BakedAnimation& baked) {
    io::PointCache cache;
    cache.axes = o.up == "z" ? io::CacheAxes::blender_z_up : io::CacheAxes::gltf;
    cache.start_frame = 0.0f;
    cache.sample_rate = cache_sample_rate(baked.schedule, o.fps);
    for (const BakedFrame& frame : baked.frames) cache.samples.push_back(&frame.positions);
    try {
        io::save_pc2(o.output, cache);
    } catch (const io::PointCacheError& e) {
        throw std::runtime_error(e.what());
    }
}

// Frames are morph targets; WebGL viewers keep targets (times attributes) in texture-array
// layers, of which 256 are guaranteed.
constexpr int kPortableTargetLayers = 256;

void run_bake(const BakeOptions& o) {
    if (!std::isfinite(o.fps) || o.fps <= 0.0 || o.fps > 1000.0)
        throw std::runtime_error("--fps must be a frame rate in (0, 1000]");
    if (o.loop && o.tail != 0.0) throw std::runtime_error("--tail is for one-shot bakes: a --loop bake is one period");
    const OutputFormat format = output_format(o.output);
    if (!o.up.empty() && format != OutputFormat::point_cache)
        throw std::runtime_error("--up is for a .pc2 output: a glTF is Y-up by definition");
    const auto start = std::chrono::steady_clock::now();
    const io::LoadedCharacter loaded = characters::load_character(o.file);
    const Character& character = loaded.character;

    BakeRequest request;
    request.clip = &find_clip(character, o.clip);
    request.settings = o.settings.resolve(loaded.settings, character, request.clip);
    request.fps = o.fps;
    request.loop = o.loop;
    request.tail = o.tail;
    // A point cache holds positions only: the normal offsets would be work for nothing.
    request.normals = !o.no_normals && format == OutputFormat::gltf;
    request.positions = format == OutputFormat::point_cache;

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

    if (format == OutputFormat::point_cache) {
        write_point_cache(o, baked);
    } else {
        io::BakedLook look;
        look.settings = request.settings;
        look.display = &loaded.look;
        try {
            io::save_baked_glb(o.output, character, baked, look);
        } catch (const io::CharacterWriteError& e) {
            throw std::runtime_error(e.what());
        }
    }

    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const int layers = baked.schedule.frame_count * (request.normals ? 2 : 1);
    if (baked.schedule.loop && !baked.settled)
        std::fprintf(stderr, "warning: the loop did not settle: its two last periods differ by %.2g of the size "
                             "(is the clip's duration a whole number of 1/60 s ticks?)\n", baked.loop_residual);
    if (format == OutputFormat::gltf && layers > kPortableTargetLayers)
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
        "bake", "Write a glTF that plays a clip's Dynamic Skinning in any glTF viewer (morph target per frame), "
                "or a point cache (.pc2) for Blender's Mesh Cache modifier, Maya, Houdini and 3ds Max");
    cmd->add_option("file", options->file, "A .glb or .gltf file, or a bundled character: cow")->required();
    cmd->add_option("--clip", options->clip, "Clip name or index")->required();
    cmd->add_option("--fps", options->fps, "Frames per second of the bake (default 30)");
    cmd->add_flag("--loop", options->loop, "Bake one seamless period of the looping clip, once its motion has settled");
    cmd->add_option("--tail", options->tail, "Seconds baked after a one-shot clip's end, for the wobbles (default 0)");
    cmd->add_flag("--no-normals", options->no_normals, "Bake positions only (half the size; shading then follows LBS)");
    cmd->add_option("--up", options->up, "A .pc2's up axis: y (glTF's, default) or z (Blender's: x, -z, y, as its glTF "
                                         "importer converts)")
        ->check(CLI::IsMember({"y", "z"}));
    cmd->add_option("-o,--output", options->output, "The file to write: .glb or .gltf (a baked glTF) or .pc2 (a point cache)")
        ->required();
    options->settings.add_to(*cmd);
    cmd->callback([options] { run_bake(*options); });
}

}  // namespace dynskin::cli
