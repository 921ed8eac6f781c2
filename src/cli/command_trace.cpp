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
#include "cli/commands.h"
#include "core/deformer.h"
#include "io/gltf_loader.h"
#include "io/settings_json.h"

namespace dynskin::cli {
namespace {

struct TraceOptions {
    std::string file;
    std::string clip;
    long long vertex = -1;
    double duration = 0.0;
    bool loop = false;
    std::string preset;
    std::string mode;
    std::optional<float> f, tau, amplitude, drag, c, max_angle, squash;
    std::string squash_center;
};

// The clip by name, or by index when no clip has that name.
const AnimationClip* find_clip(const Character& character, const std::string& name) {
    for (const AnimationClip& clip : character.clips)
        if (clip.name == name) return &clip;
    try {
        std::size_t used = 0;
        const long index = std::stol(name, &used);
        if (used == name.size() && index >= 0 && index < static_cast<long>(character.clips.size()))
            return &character.clips[index];
    } catch (const std::exception&) {
    }
    std::string names;
    for (const AnimationClip& clip : character.clips) names += (names.empty() ? "" : ", ") + ("'" + clip.name + "'");
    throw std::runtime_error("no clip '" + name + "' in the file (clips: " + (names.empty() ? "none" : names) + ")");
}

float finite_parameter(const char* name, float value) {
    if (!std::isfinite(value)) throw std::runtime_error(std::string("--") + name + " must be a finite number");
    return value;
}

void run_trace(const TraceOptions& o) {
    const io::LoadedCharacter loaded = characters::load_character(o.file);
    const Character& character = loaded.character;
    if (o.vertex < 0 || o.vertex >= static_cast<long long>(character.mesh.vertex_count()))
        throw std::runtime_error("--vertex " + std::to_string(o.vertex) + " is out of range: the file has " +
                                 std::to_string(character.mesh.vertex_count()) + " vertices");
    if (!std::isfinite(o.duration) || o.duration < 0.0 || o.duration > 3600.0)
        throw std::runtime_error("--duration must be between 0 and 3600 seconds");

    // The file's saved settings, then the preset, then the parameters given here.
    DynamicSettings settings = loaded.settings.value_or(DynamicSettings{});
    if (!o.preset.empty()) settings.parameters = io::load_preset(o.preset);
    OscillationParameters& osc = settings.parameters.oscillation;
    if (o.f) osc.frequency = finite_parameter("f", *o.f);
    if (o.tau) osc.damping = finite_parameter("tau", *o.tau);
    if (o.amplitude) osc.amplitude = finite_parameter("A", *o.amplitude);
    if (o.drag) osc.drag = finite_parameter("D", *o.drag);
    if (o.max_angle) settings.parameters.max_angle = finite_parameter("max-angle", *o.max_angle);
    if (o.squash) settings.parameters.squash = finite_parameter("squash", *o.squash);
    if (o.squash_center == "axis") settings.parameters.squash_center = SquashCenter::Axis;
    if (o.squash_center == "centroid") settings.parameters.squash_center = SquashCenter::Centroid;
    if (o.c) {
        if (!(*o.c > 0.0f)) throw std::runtime_error("--c must be a positive speed (character sizes per second)");
        settings.parameters.propagation_speed = *o.c;
    }
    if (o.mode == "lbs") settings.parameters.mode = DeformerMode::LbsOnly;
    if (o.mode == "drag") settings.parameters.mode = DeformerMode::DragOnly;
    if (o.mode == "dynamic") settings.parameters.mode = DeformerMode::DynamicSkinning;

    PoseSampler sampler = [&character](double, Pose& pose) { pose.local = character.skeleton.rest; };
    if (!o.clip.empty() && o.clip != "none") sampler = clip_sampler(character.skeleton, *find_clip(character, o.clip), o.loop);
    else if (o.clip.empty() && !character.clips.empty()) sampler = clip_sampler(character.skeleton, character.clips[0], o.loop);

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
    cmd->add_option("--preset", options->preset, "Parameters from a preset JSON file");
    cmd->add_option("--mode", options->mode, "lbs, drag or dynamic (default: dynamic)")
        ->check(CLI::IsMember({"lbs", "drag", "dynamic"}));
    cmd->add_option("--f", options->f, "Oscillation frequency f (Hz)");
    cmd->add_option("--tau", options->tau, "Damping tau (s)");
    cmd->add_option("--A", options->amplitude, "Oscillation amplitude A (s)");
    cmd->add_option("--D", options->drag, "Drag D (s)");
    cmd->add_option("--c", options->c, "dLBS propagation speed, in character sizes per second (default: off)");
    cmd->add_option("--max-angle", options->max_angle, "Soft limit of the bend angle, radians (0: off): the floppy limiter");
    cmd->add_option("--squash", options->squash, "Squash & stretch strength S, seconds (0: off)");
    cmd->add_option("--squash-center", options->squash_center, "Centre of a turning part's squash")
        ->check(CLI::IsMember({"axis", "centroid"}));
    cmd->callback([options] { run_trace(*options); });
}

}  // namespace dynskin::cli
