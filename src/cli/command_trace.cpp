// dynskin-cli trace: one vertex's LBS (or dLBS) and final positions at every tick of a clip,
// as CSV, so that anyone can check the method's numbers from outside.

#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include <CLI/CLI.hpp>

#include "characters/character_source.h"
#include "cli/clip_lookup.h"
#include "cli/commands.h"
#include "cli/settings_options.h"
#include "dynskin/deformer.h"
#include "dynskin/gltf_loader.h"
#include "dynskin/measurement_clock.h"

namespace dynskin::cli {
namespace {

struct TraceOptions {
    std::string file;
    std::string clip;
    long long vertex = -1;
    double duration = 0.0;
    bool loop = false;
    SettingsOptions settings;
};

void run_trace(const TraceOptions& o) {
    const io::LoadedCharacter loaded = characters::load_character(o.file);
    const Character& character = loaded.character;
    if (o.vertex < 0 || o.vertex >= static_cast<long long>(character.mesh.vertex_count()))
        throw std::runtime_error("--vertex " + std::to_string(o.vertex) + " is out of range: the file has " +
                                 std::to_string(character.mesh.vertex_count()) + " vertices");
    if (!std::isfinite(o.duration) || o.duration < 0.0 || o.duration > 3600.0)
        throw std::runtime_error("--duration must be between 0 and 3600 seconds");

    const AnimationClip* clip = nullptr;  // none: the rest pose
    if (!o.clip.empty() && o.clip != "none") clip = &find_clip(character, o.clip);
    else if (o.clip.empty() && !character.clips.empty()) clip = &character.clips[0];
    const DynamicSettings settings = o.settings.resolve(loaded.settings, character, clip);

    PoseSampler sampler = [&character](double, Pose& pose) { pose.local = character.skeleton.rest; };
    if (clip) sampler = clip_sampler(character.skeleton, *clip, o.loop);

    Deformer deformer(character);
    const std::size_t i = static_cast<std::size_t>(o.vertex);
    std::printf("t,lbs_x,lbs_y,lbs_z,x,y,z\n");
    for (Tick n = 0; tick_time(n) <= o.duration + 1e-9; ++n) {
        const double t = tick_time(n);
        deformer.update(t, sampler, settings);
        const glm::vec3 b = deformer.base_positions()[i], p = deformer.positions()[i];
        std::printf("%.6f,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g\n", t, b.x, b.y, b.z, p.x, p.y, p.z);
    }
}

}  // namespace

void add_trace_command(CLI::App& app) {
    auto options = std::make_shared<TraceOptions>();
    CLI::App* cmd = app.add_subcommand(
        "trace", "Print one vertex's LBS and final positions at every 1/60 s tick as CSV: t,lbs_x,lbs_y,lbs_z,x,y,z");
    cmd->add_option("file", options->file, "A .glb or .gltf file, or a bundled character: bar")->required();
    cmd->add_option("--clip", options->clip, "Clip name or index (default: the first clip; 'none': the rest pose)");
    cmd->add_option("--vertex", options->vertex, "Vertex index, as stored in the file (primitives in order)")->required();
    cmd->add_option("--duration", options->duration, "Seconds to trace from t = 0")->required();
    cmd->add_flag("--loop", options->loop, "Loop the clip instead of holding its last pose");
    options->settings.add_to(*cmd);
    cmd->callback([options] { run_trace(*options); });
}

}  // namespace dynskin::cli
