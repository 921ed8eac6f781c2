// dynskin-bench: the stages of one frame on synthetic characters of 10k, 100k and 1M
// vertices (64 joints, 4 influences, all joints moving). Counters give ns per vertex and,
// for the bend, ns per (vertex, ancestor joint) pair. Single-threaded for now.

#include <benchmark/benchmark.h>

#include <map>
#include <memory>

#include "core/bend_deformer.h"
#include "core/deformer.h"
#include "core/linear_blend_skinning.h"
#include "synthetic_character.h"

namespace dynskin::bench {
namespace {

// One warmed-up deformer per size, built once: building 1M vertices takes a while.
struct Scene {
    Character character;
    PoseSampler motion;
    DynamicSettings settings;
    std::unique_ptr<Deformer> deformer;
    double t = 2.0;

    explicit Scene(std::size_t vertices) : character(make_synthetic_character(vertices)) {
        motion = all_joints_moving(character.skeleton);
        deformer = std::make_unique<Deformer>(character);
        deformer->update(t, motion, settings);
    }
};

Scene& scene(std::size_t vertices) {
    static std::map<std::size_t, std::unique_ptr<Scene>> scenes;
    auto& s = scenes[vertices];
    if (!s) s = std::make_unique<Scene>(vertices);
    return *s;
}

// Seconds per iteration divided by `count` (per vertex or per pair), printed as e.g. 38.1ns.
benchmark::Counter per_item(double count) {
    return benchmark::Counter(count, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void BM_Lbs(benchmark::State& state) {
    Scene& s = scene(state.range(0));
    std::vector<glm::mat4> skinning;
    skinning_matrices(s.deformer->globals(), s.character.mesh.inverse_binds, skinning);
    std::vector<glm::vec3> positions, normals;
    for (auto _ : state) {
        linear_blend_skinning(s.character.mesh, skinning, positions, normals);
        benchmark::DoNotOptimize(positions.data());
    }
    state.counters["ns_per_vertex"] =
        per_item(double(state.range(0)));
}

void BM_Bend(benchmark::State& state) {
    Scene& s = scene(state.range(0));
    const Deformer& d = *s.deformer;
    std::vector<glm::vec3> positions, normals;
    const BendInputs inputs{&d.hierarchical_weights(), &s.character.mesh.bend_weights, &d.drives(), d.size(), 0.0f};
    for (auto _ : state) {
        state.PauseTiming();
        positions = d.base_positions();
        normals = d.base_normals();
        state.ResumeTiming();
        apply_bend(inputs, positions, normals);
        benchmark::DoNotOptimize(positions.data());
    }
    state.counters["ns_per_vertex"] =
        per_item(double(state.range(0)));
    state.counters["ns_per_pair"] = per_item(double(d.hierarchical_weights().pair_count()));
}

void BM_DelayedLbs(benchmark::State& state) {
    Scene& s = scene(state.range(0));
    DynamicSettings settings = s.settings;
    settings.parameters.mode = DeformerMode::LbsOnly;
    settings.parameters.propagation_speed = 2.0f;
    double t = s.t;
    for (auto _ : state) {
        t += 1.0 / 60.0;
        s.deformer->update(t, s.motion, settings);
        benchmark::DoNotOptimize(s.deformer->positions().data());
    }
    s.t = t;
    state.counters["ns_per_vertex"] =
        per_item(double(state.range(0)));
}

// A whole frame: tick, filter, LBS, bend and normals.
void BM_Frame(benchmark::State& state) {
    Scene& s = scene(state.range(0));
    double t = s.t;
    for (auto _ : state) {
        t += 1.0 / 60.0;
        s.deformer->update(t, s.motion, s.settings);
        benchmark::DoNotOptimize(s.deformer->positions().data());
    }
    s.t = t;
    state.counters["ns_per_vertex"] =
        per_item(double(state.range(0)));
}

constexpr std::int64_t k10k = 10'000, k100k = 100'000, k1M = 1'000'000;

BENCHMARK(BM_Lbs)->Arg(k10k)->Arg(k100k)->Arg(k1M)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Bend)->Arg(k10k)->Arg(k100k)->Arg(k1M)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DelayedLbs)->Arg(k10k)->Arg(k100k)->Arg(k1M)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Frame)->Arg(k10k)->Arg(k100k)->Arg(k1M)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace dynskin::bench

BENCHMARK_MAIN();
