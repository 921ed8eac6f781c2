// dynskin-cli offsets: how far the dynamics move the skin on each clip with the given
// settings (largest and typical offset from the base skinning, in character sizes; the
// largest share of the skin one frame moves past 0.1 of it; how far the parts on the ground
// move), so a user can judge a rig's settings in one command before baking.

#include <cmath>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "characters/character_source.h"
#include "cli/clip_lookup.h"
#include "cli/commands.h"
#include "cli/settings_options.h"
#include "dynskin/deformer.h"
#include "dynskin/offset_survey.h"

namespace dynskin::cli {
namespace {

struct OffsetsOptions {
    std::string file;
    std::string clip;
    bool loop = false;
    double tail = 1.0;
    SettingsOptions settings;
};

// Seconds surveyed: the clip and its tail or, looping, at least three periods and 3 s, so
// that the wraps count.
double surveyed_seconds(const AnimationClip& clip, const OffsetsOptions& o) {
    const double duration = clip.duration;
    return o.loop ? std::max(3.0 * duration, 3.0) : duration + o.tail;
}

void run_offsets(const OffsetsOptions& o) {
    if (!std::isfinite(o.tail) || o.tail < 0.0 || o.tail > 60.0)
        throw std::runtime_error("--tail must be between 0 and 60 seconds");
    const io::LoadedCharacter loaded = characters::load_character(o.file);
    const Character& character = loaded.character;
    nlohmann::ordered_json clips = nlohmann::ordered_json::array();
    auto survey_clip = [&](const AnimationClip& clip) {
        // A file without settings: each clip with the strength sized to it, as the viewer plays it.
        const DynamicSettings settings = o.settings.resolve(loaded.settings, character, &clip);
        const OffsetSurvey s = survey_offsets(character, clip_sampler(character.skeleton, clip, o.loop), settings,
                                              surveyed_seconds(clip, o));
        clips.push_back({{"name", clip.name},
                         {"amplitude", settings.parameters.oscillation.amplitude},
                         {"drag", settings.parameters.oscillation.drag},
                         {"duration", clip.duration},
                         {"surveyed", surveyed_seconds(clip, o)},
                         {"largest", s.largest},
                         {"largest_time", s.largest_time},
                         {"largest_vertex", s.largest_vertex},
                         {"typical", s.typical},
                         {"far_share", s.far_share},
                         {"far_share_time", s.far_share_time},
                         {"grounded_largest", s.grounded_largest},
                         {"grounded_largest_time", s.grounded_largest_time}});
    };
    if (!o.clip.empty()) survey_clip(find_clip(character, o.clip));
    else
        for (const AnimationClip& clip : character.clips) survey_clip(clip);
    const nlohmann::ordered_json out = {{"size", Deformer(character).size()}, {"loop", o.loop}, {"clips", clips}};
    std::printf("%s\n", out.dump(2).c_str());
}

}  // namespace

void add_offsets_command(CLI::App& app) {
    auto options = std::make_shared<OffsetsOptions>();
    CLI::App* cmd = app.add_subcommand(
        "offsets", "How far the dynamics move the skin on each clip: largest and typical offset from the base "
                   "skinning, in character sizes; the largest share of vertices one frame moves past 0.1 of it; the "
                   "largest offset of a part on the ground (JSON)");
    cmd->add_option("file", options->file, "A .glb or .gltf file, or a bundled character: cow")->required();
    cmd->add_option("--clip", options->clip, "Clip name or index (default: every clip)");
    cmd->add_flag("--loop", options->loop, "Loop the clip (surveys three periods, at least 3 s, wraps included)");
    cmd->add_option("--tail", options->tail, "Seconds surveyed after a clip's end, without --loop (default 1)");
    options->settings.add_to(*cmd);
    cmd->callback([options] { run_offsets(*options); });
}

}  // namespace dynskin::cli
