// The DYNSKIN_dynamic_skinning conformance data: small tube characters with the extension,
// and for each the vertex positions dynskin computes at given times.
//
//   dynskin_conformance write DIR   writes DIR/NAME.glb and DIR/NAME.golden.json for every case
//   dynskin_conformance check DIR   checks the files there against the core, within 1e-5 L:
//                                   the committed files played here, the cases rebuilt from
//                                   scratch, a frame rate other than the listed times, and the
//                                   file scaled by 100 moving 100 times as far
//
// The golden positions are what an implementation of the extension must reproduce: see
// docs/extensions/DYNSKIN_dynamic_skinning/conformance/README.md.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "characters/bundled_characters.h"
#include "characters/shape/clip_builder.h"
#include "dynskin/deformer.h"
#include "dynskin/gltf_loader.h"
#include "dynskin/pose_sampler.h"
#include "io/settings/settings_json.h"
#include "io/writing/gltf_character_writer.h"

namespace dynskin::conformance {
namespace {

using nlohmann::ordered_json;

// 106 vertices on a chain of four joints.
constexpr int kJoints = 4;
constexpr float kLength = 1.8f;
const characters::TubeShape kTube{kJoints, kLength, 0.15f, 10, 8};
constexpr float kDuration = 2.5f;
constexpr double kToleranceInSizes = 1e-5;
constexpr float kScaledBy = 100.0f;

// Times to compare at: on ticks and between them, during motion, after a stop, after the
// teleport of the translating cases.
const std::vector<double> kTimes = {0.0, 0.123, 0.3, 0.55, 0.7, 0.777, 0.9, 1.25, 1.5, 1.55, 1.8, 2.2, 2.5};

// The root turns 60 degrees about Z and stops dead, turns back past the rest and stops; the
// middle joint sways about X all along.
std::vector<AnimationChannel> turning_channels() {
    using characters::ease_in;
    return {characters::sampled_rotation(0, kDuration, 30.0f,
                                         [](float t) {
                                             const float degrees = 60.0f * ease_in(t, 0.2f, 0.7f) -
                                                                   90.0f * ease_in(t, 1.2f, 1.6f);
                                             return glm::angleAxis(glm::radians(degrees), glm::vec3(0, 0, 1));
                                         }),
            characters::sampled_rotation(2, kDuration, 30.0f,
                                         [](float t) {
                                             return glm::angleAxis(glm::radians(20.0f * std::sin(5.0f * t)),
                                                                   glm::vec3(1, 0, 0));
                                         })};
}

// The same, and the root slides along X, stops, then teleports back (a cut: no wobble).
std::vector<AnimationChannel> sliding_channels() {
    std::vector<AnimationChannel> channels = turning_channels();
    channels.push_back(characters::sampled_translation(0, kDuration, 30.0f, [](float t) {
        const float slide = 1.0f * characters::ease_in(t, 0.3f, 0.8f);
        return glm::vec3(t < 1.5f ? slide : slide - 3.0f, 0.0f, 0.0f);
    }));
    return channels;
}

struct Case {
    const char* name;
    const char* covers;  // one line for the golden file and the README
    float scale = 1.0f;
    bool slides = false;
    std::function<void(DynamicSettings&, Character&)> adjust;
};

std::vector<Case> cases() {
    return {
        {"tube_dynamic", "mode dynamic with every default (f, tau, A, D, max_angle 1 rad, max_offset 0.25 L)", 1.0f,
         false, [](DynamicSettings&, Character&) {}},
        {"tube_drag", "mode drag: the drag term alone (D = 0.25 s), limits off", 1.0f, false,
         [](DynamicSettings& s, Character&) {
             s.parameters.mode = DeformerMode::DragOnly;
             s.parameters.oscillation.drag = 0.25f;
             s.parameters.max_angle = 0.0f;
             s.parameters.max_offset = 0.0f;
         }},
        {"tube_limits",
         "strong wobble held by the soft limits (max_angle 0.4 rad, max_offset 0.05 L); the root slides "
         "(translation_gain 1.5) and teleports at t = 1.5 s (a cut)",
         1.0f, true,
         [](DynamicSettings& s, Character&) {
             s.parameters.oscillation = {3.0f, 0.8f, 0.6f, 0.3f};
             s.parameters.max_angle = 0.4f;
             s.parameters.max_offset = 0.05f;
             s.parameters.translation_gain = 1.5f;
         }},
        {"tube_dlbs", "delayed LBS: propagation_speed c = 1.5 L/s, with the dynamic offsets on top", 1.0f, false,
         [](DynamicSettings& s, Character&) { s.parameters.propagation_speed = 1.5f; }},
        {"tube_dq_squash", "dual quaternion base, squash & stretch S = 0.4 s about the medial axis; the root slides",
         1.0f, true,
         [](DynamicSettings& s, Character&) {
             s.parameters.base = SkinningBase::DualQuaternion;
             s.parameters.squash = 0.4f;
             s.parameters.squash_center = SquashCenter::Axis;
         }},
        {"tube_joints",
         "per-joint settings on the joint nodes (gain 0, a joint's own oscillation, flexible origin, switches, "
         "centroid offset), squash about the centroid, and a painted _DYNSKIN_BEND layer from -0.5 to 1",
         1.0f, true,
         [](DynamicSettings& s, Character& c) {
             s.parameters.squash = 0.3f;
             s.parameters.squash_center = SquashCenter::Centroid;
             s.joints[0].bend.translation = false;
             s.joints[1].gain = 0.0f;
             s.joints[2].override_oscillation = true;
             s.joints[2].oscillation = {1.2f, 0.9f, 0.4f, 0.05f};
             s.joints[2].origin_offset = glm::vec3(0.0f, -0.3f, 0.0f);
             s.joints[3].gain = 1.5f;
             s.joints[3].squash.rotation = false;
             s.joints[3].centroid_offset = glm::vec3(0.1f, 0.0f, 0.0f);
             for (std::size_t i = 0; i < c.mesh.vertex_count(); ++i)
                 c.mesh.bend_weights[i] = -0.5f + 1.5f * c.mesh.rest_positions[i].y / kLength;
         }},
        {"tube_scaled", "tube_dynamic with the whole file scaled by 100: every position is 100 times tube_dynamic's",
         kScaledBy, false, [](DynamicSettings&, Character&) {}},
    };
}

std::pair<Character, DynamicSettings> build(const Case& c) {
    characters::TubeShape shape = kTube;
    shape.scale = c.scale;
    Character character = characters::make_tube(c.name, shape);
    character.clips.push_back(characters::make_clip("motion", c.slides ? sliding_channels() : turning_channels()));
    DynamicSettings settings;
    settings.joints.resize(kJoints);
    c.adjust(settings, character);
    return {character, settings};
}

// The positions at each time, the deformer updated at `times` in order from t = 0.
std::vector<std::vector<glm::vec3>> play(const io::LoadedCharacter& loaded, const std::vector<double>& times,
                                         const std::vector<double>& compared, float& size) {
    const Character& character = loaded.character;
    if (!loaded.settings) throw std::runtime_error(character.name + ": the file has no DYNSKIN_dynamic_skinning settings");
    if (character.clips.empty()) throw std::runtime_error(character.name + ": the file has no animation");
    const PoseSampler sampler = clip_sampler(character.skeleton, character.clips[0], false);
    Deformer deformer(character);
    std::vector<std::vector<glm::vec3>> result;
    for (double t : times) {
        deformer.update(t, sampler, *loaded.settings);
        if (std::find(compared.begin(), compared.end(), t) != compared.end()) result.push_back(deformer.positions());
    }
    size = deformer.size();
    return result;
}

std::vector<std::uint8_t> read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot open " + path);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_case(const Case& c, const std::string& folder) {
    const auto [character, settings] = build(c);
    const std::string glb = folder + "/" + c.name + ".glb";
    io::save_character_glb(glb, character, settings);
    const io::LoadedCharacter loaded = io::load_gltf(glb);  // what an implementer reads
    float size = 0.0f;
    const std::vector<std::vector<glm::vec3>> frames = play(loaded, kTimes, kTimes, size);
    ordered_json golden = {{"file", std::string(c.name) + ".glb"},
                           {"covers", c.covers},
                           {"animation", 0},
                           {"character_size", ordered_json(io::short_float(size))},
                           {"tolerance", ordered_json(io::short_float(static_cast<float>(kToleranceInSizes * size)))},
                           {"vertex_count", loaded.character.mesh.vertex_count()}};
    // One vertex a line: readable, and diffs stay small.
    std::string text = golden.dump(1);
    text.erase(text.size() - 2);  // the closing "\n}"
    text += ",\n \"frames\": [";
    for (std::size_t k = 0; k < kTimes.size(); ++k) {
        text += std::string(k ? "," : "") + "\n  {\"time\": " + ordered_json(kTimes[k]).dump() + ", \"positions\": [";
        for (std::size_t i = 0; i < frames[k].size(); ++i) {
            const glm::vec3& p = frames[k][i];
            const ordered_json xyz = {io::short_float(p.x), io::short_float(p.y), io::short_float(p.z)};
            text += std::string(i ? "," : "") + "\n   " + xyz.dump();
        }
        text += "\n  ]}";
    }
    text += "\n ]\n}\n";
    std::ofstream(folder + "/" + c.name + ".golden.json") << text;
    std::printf("wrote %s (%zu vertices, L = %g)\n", glb.c_str(), loaded.character.mesh.vertex_count(), size);
}

struct Golden {
    float size = 0.0f, tolerance = 0.0f;
    std::vector<double> times;
    std::vector<std::vector<glm::vec3>> frames;
};

Golden read_golden(const std::string& path) {
    const std::vector<std::uint8_t> bytes = read_bytes(path);
    const nlohmann::json j = nlohmann::json::parse(bytes.begin(), bytes.end());
    Golden g{j.at("character_size").get<float>(), j.at("tolerance").get<float>(), {}, {}};
    for (const nlohmann::json& frame : j.at("frames")) {
        g.times.push_back(frame.at("time").get<double>());
        std::vector<glm::vec3>& positions = g.frames.emplace_back();
        for (const nlohmann::json& p : frame.at("positions")) positions.emplace_back(p[0].get<float>(), p[1].get<float>(), p[2].get<float>());
    }
    return g;
}

// The largest distance between two frames' vertices; infinity when the counts differ.
double worst_distance(const std::vector<std::vector<glm::vec3>>& a, const std::vector<std::vector<glm::vec3>>& b,
                      float scale_b = 1.0f) {
    if (a.size() != b.size()) return INFINITY;
    double worst = 0.0;
    for (std::size_t k = 0; k < a.size(); ++k) {
        if (a[k].size() != b[k].size()) return INFINITY;
        for (std::size_t i = 0; i < a[k].size(); ++i)
            worst = std::max(worst, static_cast<double>(glm::length(a[k][i] - scale_b * b[k][i])));
    }
    return worst;
}

int check(const std::string& folder) {
    int failures = 0;
    auto report = [&](const std::string& what, double distance, double tolerance) {
        const bool ok = distance <= tolerance;
        failures += ok ? 0 : 1;
        std::printf("%s %s: largest distance %.3g (tolerance %.3g)\n", ok ? "ok  " : "FAIL", what.c_str(), distance,
                    tolerance);
    };
    std::vector<std::vector<glm::vec3>> dynamic_golden;
    for (const Case& c : cases()) {
        const std::string name = c.name;
        const Golden golden = read_golden(folder + "/" + name + ".golden.json");
        if (golden.times != kTimes) throw std::runtime_error(name + ".golden.json has other times than the generator's");
        const double tolerance = kToleranceInSizes * golden.size;

        // The committed file, played by the core at the listed times.
        const io::LoadedCharacter committed = io::load_gltf(folder + "/" + name + ".glb");
        float size = 0.0f;
        report(name + ".glb at the listed times", worst_distance(play(committed, kTimes, kTimes, size), golden.frames),
               tolerance);
        report(name + " character size", std::abs(size - golden.size), tolerance);

        // Updated at 37 Hz in between: the same positions at the same times.
        std::vector<double> times = kTimes;
        for (double t = 0.0; t < kDuration; t += 1.0 / 37.0) times.push_back(t);
        std::sort(times.begin(), times.end());
        times.erase(std::unique(times.begin(), times.end()), times.end());
        report(name + ".glb updated at 37 Hz too", worst_distance(play(committed, times, kTimes, size), golden.frames),
               tolerance);

        // The case rebuilt from scratch: the generator still makes these files.
        const auto [character, settings] = build(c);
        const io::LoadedCharacter rebuilt = io::load_gltf_from_memory(io::write_character_glb(character, settings));
        report(name + " rebuilt by the generator", worst_distance(play(rebuilt, kTimes, kTimes, size), golden.frames),
               tolerance);
        if (!(*rebuilt.settings == *committed.settings)) {
            ++failures;
            std::printf("FAIL %s: the committed file's settings are not the generator's\n", name.c_str());
        }

        if (name == "tube_dynamic") dynamic_golden = golden.frames;
        if (name == "tube_scaled")
            report("tube_scaled = 100 x tube_dynamic", worst_distance(golden.frames, dynamic_golden, kScaledBy), tolerance);
    }
    std::printf("%s\n", failures == 0 ? "the conformance data agree with the core" : "the conformance data disagree");
    return failures == 0 ? 0 : 1;
}

}  // namespace
}  // namespace dynskin::conformance

int main(int argc, char** argv) {
    const std::string usage = "usage: dynskin_conformance write|check FOLDER\n";
    if (argc != 3 || (std::string(argv[1]) != "write" && std::string(argv[1]) != "check")) {
        std::fputs(usage.c_str(), stderr);
        return 2;
    }
    try {
        if (std::string(argv[1]) == "check") return dynskin::conformance::check(argv[2]);
        for (const auto& c : dynskin::conformance::cases()) dynskin::conformance::write_case(c, argv[2]);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 2;
    }
}
