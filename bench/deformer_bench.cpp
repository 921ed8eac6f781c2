// dynskin-bench: the stages of one frame on synthetic characters of 10k, 100k and 1M
// vertices (64 joints, 4 influences, about 8 ancestors per vertex, all joints moving),
// the fast path on 1 and 2 threads against the plain implementations in the same run,
// then a table of ns per vertex / per (vertex, ancestor) pair, speed-ups, thread scaling
// and memory per vertex. `--summary` runs the 1M case alone and ends with one line for
// scripts. Each figure is the fastest of 12 short repetitions; any Google Benchmark flag
// works too (--benchmark_filter, --benchmark_repetitions, --benchmark_min_time).

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/dynamics/joint_motion_history.h"
#include "core/fast/blocked_deformer.h"
#include "core/fast/delayed_lbs_fast.h"
#include "core/formulas/bend.h"
#include "core/formulas/delayed_lbs.h"
#include "core/support/worker_pool.h"
#include "dynskin/deformer.h"
#include "dynskin/linear_blend_skinning.h"
#include "synthetic_character.h"

namespace dynskin::bench {
namespace {

// The bend's drives from the deformer's public joint rows (dynskin/joint_row.h).
std::vector<JointDrive> drives_of(const Deformer& deformer) {
    std::vector<JointDrive> drives(static_cast<std::size_t>(deformer.joint_count()));
    for (int j = 0; j < deformer.joint_count(); ++j) {
        const JointRow row = deformer.joint_row(j);
        JointDrive& d = drives[j];
        d.angular = glm::vec3(row.angular_gain);
        d.gain = row.angular_gain.w;
        d.linear = glm::vec3(row.linear);
        d.angular_drag = glm::vec3(row.angular_drag);
        d.linear_drag = glm::vec3(row.linear_drag);
        d.angular_velocity = glm::vec3(row.angular_velocity);
        d.linear_velocity = glm::vec3(row.linear_velocity);
        d.origin = glm::vec3(row.origin);
        d.position = glm::vec3(row.position);
        d.centroid = glm::vec3(row.centroid);
        d.medial = glm::vec3(row.medial);
    }
    return drives;
}

// One warmed-up deformer per size, built once: building 1M vertices takes a while. The
// stages measured alone get their inputs from its public joint level, or keep their own
// (the motion history that dLBS reads).
struct Scene {
    Character character;
    PoseSampler motion;
    DynamicSettings settings;
    std::unique_ptr<Deformer> deformer;
    std::unique_ptr<BlockedDeformer> fast;
    std::unique_ptr<JointMotionHistory> history;  // advanced to t, like the deformer's
    std::vector<JointDrive> drives;
    double t = 2.0;
    // Velocity Skinning on top: the drives with squash on, a painted floppy layer.
    std::vector<JointDrive> velocity_drives;
    std::vector<float> floppy;

    explicit Scene(std::size_t vertices) : character(make_synthetic_character(vertices)) {
        motion = all_joints_moving(character.skeleton);
        deformer = std::make_unique<Deformer>(character);
        DynamicSettings squash = settings;
        squash.parameters.squash = kSquash;
        deformer->update(t, motion, squash);
        velocity_drives = drives_of(*deformer);
        deformer->reset();
        deformer->update(t, motion, settings);
        drives = drives_of(*deformer);
        fast = std::make_unique<BlockedDeformer>(character.mesh, deformer->hierarchical_weights());
        history = std::make_unique<JointMotionHistory>(character.skeleton.joint_count());
        history->advance(t, character.skeleton, motion);
        floppy.resize(vertices);
        for (std::size_t i = 0; i < vertices; ++i) floppy[i] = 0.5f + float(i % 7) * 0.25f;
    }
    static constexpr float kSquash = 0.3f;
    std::size_t pairs() const { return deformer->hierarchical_weights().pair_count(); }
    BendInputs bend_inputs(const std::vector<JointDrive>& joint_drives) const {
        return {deformer->hierarchical_weights(), character.mesh.bend_weights, joint_drives, deformer->size(), 0.0f};
    }
    BendInputs velocity_skinning_inputs() const {
        BendInputs inputs = bend_inputs(velocity_drives);
        inputs.floppy_weights = &floppy;
        inputs.squash = kSquash;
        return inputs;
    }
};

Scene& scene(std::size_t vertices) {
    static std::map<std::size_t, std::unique_ptr<Scene>> scenes;
    auto& s = scenes[vertices];
    if (!s) s = std::make_unique<Scene>(vertices);
    return *s;
}

using Buffers = SkinnedFrame;

void BM_LbsPlain(benchmark::State& state) {
    Scene& s = scene(state.range(0));
    std::vector<glm::mat4> skinning;
    skinning_matrices(s.deformer->globals(), s.character.mesh.inverse_binds, skinning);
    Buffers b;
    for (auto _ : state) {
        linear_blend_skinning(s.character.mesh, skinning, b.positions, b.normals);
        benchmark::DoNotOptimize(b.positions.data());
    }
}

void BM_Lbs(benchmark::State& state) {
    Scene& s = scene(state.range(0));
    WorkerPool pool(static_cast<int>(state.range(1)));
    std::vector<glm::mat4> skinning;
    skinning_matrices(s.deformer->globals(), s.character.mesh.inverse_binds, skinning);
    Buffers b;
    for (auto _ : state) {
        s.fast->skin(pool, skinning, b);
        benchmark::DoNotOptimize(b.positions.data());
    }
}

// range(2) = 2: with Velocity Skinning's painted floppy layer and squash (about the axis).
void BM_BendPlain(benchmark::State& state) {
    Scene& s = scene(state.range(0));
    const Deformer& d = *s.deformer;
    const BendInputs inputs = state.range(2) == 2 ? s.velocity_skinning_inputs() : s.bend_inputs(s.drives);
    Buffers b;
    for (auto _ : state) {
        state.PauseTiming();
        b.positions = d.base_positions();
        b.normals = d.base_normals();
        state.ResumeTiming();
        apply_bend(inputs, b.positions, b.normals);
        benchmark::DoNotOptimize(b.positions.data());
    }
}

// The bend alone: base positions and normals in, final ones out. range(2) = 1: every
// joint still (F = 0), which must cost no more than copying the base; 2: with Velocity
// Skinning's painted floppy layer and squash; 3: with the default soft limits of the angle
// and of the offset (what a file without saved settings runs).
void BM_Bend(benchmark::State& state) {
    Scene& s = scene(state.range(0));
    const Deformer& d = *s.deformer;
    WorkerPool pool(static_cast<int>(state.range(1)));
    std::vector<JointDrive> drives = s.drives;
    if (state.range(2) == 1)
        for (JointDrive& drive : drives) drive.angular = drive.linear = glm::vec3(0.0f);
    BendInputs inputs = state.range(2) == 2 ? s.velocity_skinning_inputs() : s.bend_inputs(drives);
    if (state.range(2) == 3) {
        inputs.max_angle = kDefaultMaxAngle;
        inputs.max_offset = kDefaultMaxOffset;
    }
    Buffers b{d.base_positions(), d.base_normals(), {}, {}, {}};
    for (auto _ : state) {
        s.fast->bend(pool, inputs, b);
        benchmark::DoNotOptimize(b.positions.data());
    }
}

// dLBS at c = 2 sizes per second (delays up to about half a second, 30 ticks), base
// positions and normals out, like BM_Lbs: the two compare like with like.
void BM_DelayedLbs(benchmark::State& state) {
    Scene& s = scene(state.range(0));
    const Deformer& d = *s.deformer;
    DelayedLbs delayed(s.character.skeleton, s.character.mesh, d.hierarchical_weights(), d.size());
    WorkerPool pool(static_cast<int>(state.range(1)));
    Buffers b;
    for (auto _ : state) {
        delayed.run(pool, *s.history, s.t, d.pose(), 2.0f, b.positions, b.normals);
        benchmark::DoNotOptimize(b.positions.data());
    }
}

void BM_DelayedLbsPlain(benchmark::State& state) {
    Scene& s = scene(state.range(0));
    const Deformer& d = *s.deformer;
    const std::vector<float> distances = d.delay_distances();
    WorkerPool pool(1);
    Buffers b;
    for (auto _ : state) {
        delayed_linear_blend_skinning(pool, s.character.skeleton, s.character.mesh, d.hierarchical_weights(), distances,
                                      *s.history, s.t, d.pose(), 2.0f, b.positions, b.normals);
        benchmark::DoNotOptimize(b.positions.data());
    }
}

// A whole frame: ticks, filter, LBS, bend and normals.
void BM_Frame(benchmark::State& state) {
    Scene& s = scene(state.range(0));
    s.deformer->set_thread_count(static_cast<int>(state.range(1)));
    double t = s.t;
    for (auto _ : state) {
        t += 1.0 / 60.0;
        s.deformer->update(t, s.motion, s.settings);
        benchmark::DoNotOptimize(s.deformer->positions().data());
    }
    s.t = t;
}

// The frame as it was before the fast path: plain LBS then plain bend, one thread.
void BM_FramePlain(benchmark::State& state) {
    Scene& s = scene(state.range(0));
    Deformer& d = *s.deformer;
    std::vector<glm::mat4> skinning;
    Buffers b;
    double t = s.t;
    for (auto _ : state) {
        t += 1.0 / 60.0;
        d.update_joints(t, s.motion, s.settings);
        skinning_matrices(d.globals(), s.character.mesh.inverse_binds, skinning);
        linear_blend_skinning(s.character.mesh, skinning, b.base_positions, b.base_normals);
        b.positions = b.base_positions;
        b.normals = b.base_normals;
        apply_bend(s.bend_inputs(drives_of(d)), b.positions, b.normals);
        benchmark::DoNotOptimize(b.positions.data());
    }
    s.t = t;
}

constexpr std::int64_t kSizes[] = {10'000, 100'000, 1'000'000};

// Every benchmark also reports its fastest repetition, the figure the table keeps.
benchmark::internal::Benchmark* add(const char* name, void (*run)(benchmark::State&)) {
    return benchmark::RegisterBenchmark(name, run)->ComputeStatistics(
        "fastest", +[](const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); });
}

void register_all() {
    for (std::int64_t n : kSizes) {
        add("BM_LbsPlain", BM_LbsPlain)->Args({n, 1});
        add("BM_BendPlain", BM_BendPlain)->Args({n, 1, 0});
        add("BM_FramePlain", BM_FramePlain)->Args({n, 1});
        add("BM_DelayedLbsPlain", BM_DelayedLbsPlain)->Args({n, 1});
        add("BM_VelocitySkinningPlain", BM_BendPlain)->Args({n, 1, 2});
        add("BM_VelocitySkinning", BM_Bend)->Args({n, 1, 2});
        add("BM_BendDefaultLimits", BM_Bend)->Args({n, 1, 3});
        for (std::int64_t threads : {1, 2}) {
            add("BM_Lbs", BM_Lbs)->Args({n, threads});
            add("BM_Bend", BM_Bend)->Args({n, threads, 0});
            add("BM_DelayedLbs", BM_DelayedLbs)->Args({n, threads});
            add("BM_Frame", BM_Frame)->Args({n, threads});
        }
        add("BM_BendStill", BM_Bend)->Args({n, 1, 1});
    }
}

// Keeps each run's seconds per iteration, by name ("BM_Bend/1000000/2/0"): of its
// repetitions, the fastest, the one least slowed down by whatever else the machine runs
// (on a shared machine the others only ever add time).
class CollectingReporter : public benchmark::ConsoleReporter {
public:
    std::map<std::string, double> seconds;
    void ReportRuns(const std::vector<Run>& runs) override {
        std::vector<Run> shown;  // one line per benchmark: its fastest repetition
        for (const Run& r : runs) {
            if (r.run_type == Run::RT_Aggregate) {
                if (r.aggregate_name == "fastest") shown.push_back(r);
                continue;
            }
            if (r.iterations <= 0) continue;
            if (runs.size() == 1) shown.push_back(r);
            const double s = r.real_accumulated_time / double(r.iterations);
            auto [it, added] = seconds.emplace(r.benchmark_name(), s);
            if (!added) it->second = std::min(it->second, s);
        }
        if (!shown.empty()) ConsoleReporter::ReportRuns(shown);
    }
    double get(const std::string& name) const {
        auto it = seconds.find(name);
        return it == seconds.end() ? 0.0 : it->second;
    }
};

struct Figures {
    double lbs_plain, lbs1, lbs2, bend_plain, bend1, bend2, still, dlbs_plain, dlbs1, dlbs2, frame_plain, frame1, frame2;
    double velocity_plain, velocity1, limited1;
    double per_vertex_bytes, layout_bytes, delayed_bytes;
    double pairs_per_vertex;
};

Figures figures(const CollectingReporter& r, std::int64_t n) {
    const std::string v = "/" + std::to_string(n);
    const Scene& s = scene(n);
    const double pairs = double(s.pairs()), vertices = double(n);
    Figures f{};
    f.pairs_per_vertex = pairs / vertices;
    f.lbs_plain = r.get("BM_LbsPlain" + v + "/1") * 1e9 / vertices;
    f.lbs1 = r.get("BM_Lbs" + v + "/1") * 1e9 / vertices;
    f.lbs2 = r.get("BM_Lbs" + v + "/2") * 1e9 / vertices;
    f.bend_plain = r.get("BM_BendPlain" + v + "/1/0") * 1e9 / pairs;
    f.bend1 = r.get("BM_Bend" + v + "/1/0") * 1e9 / pairs;
    f.bend2 = r.get("BM_Bend" + v + "/2/0") * 1e9 / pairs;
    f.still = r.get("BM_BendStill" + v + "/1/1") * 1e9 / vertices;
    f.dlbs_plain = r.get("BM_DelayedLbsPlain" + v + "/1") * 1e9 / vertices;
    f.velocity_plain = r.get("BM_VelocitySkinningPlain" + v + "/1/2") * 1e9 / pairs;
    f.velocity1 = r.get("BM_VelocitySkinning" + v + "/1/2") * 1e9 / pairs;
    f.limited1 = r.get("BM_BendDefaultLimits" + v + "/1/3") * 1e9 / pairs;
    f.dlbs1 = r.get("BM_DelayedLbs" + v + "/1") * 1e9 / vertices;
    f.dlbs2 = r.get("BM_DelayedLbs" + v + "/2") * 1e9 / vertices;
    f.frame_plain = r.get("BM_FramePlain" + v + "/1") * 1e3;
    f.frame1 = r.get("BM_Frame" + v + "/1") * 1e3;
    f.frame2 = r.get("BM_Frame" + v + "/2") * 1e3;
    // The mesh's own arrays, the hierarchical weights, the fast path's layout and the four
    // output arrays (base and final positions and normals).
    const SkinnedMesh& m = s.character.mesh;
    const HierarchicalWeights& h = s.deformer->hierarchical_weights();
    f.layout_bytes = double(s.fast->memory_bytes()) / vertices;
    f.delayed_bytes = double(DelayedLbs(s.character.skeleton, m, h, s.deformer->size()).memory_bytes()) / vertices;
    const double mesh_bytes = double(m.rest_positions.size() * 24 + m.weights.joints.size() * 8 + m.bend_weights.size() * 4 +
                                     m.weights.offsets.size() * 4);
    const double beta_bytes = double(h.joints.size() * 8 + h.offsets.size() * 4);
    f.per_vertex_bytes = (mesh_bytes + beta_bytes) / vertices + f.layout_bytes + f.delayed_bytes + 48.0;
    return f;
}

void print_table(const CollectingReporter& r, const std::vector<std::int64_t>& sizes) {
    std::vector<Figures> f;
    std::string header = "| stage |", rule = "|---|";
    for (std::int64_t n : sizes) {
        f.push_back(figures(r, n));
        header += n >= 1'000'000 ? " " + std::to_string(n / 1'000'000) + "M |" : " " + std::to_string(n / 1000) + "k |";
        rule += "---|";
    }
    std::printf("\n%s\n%s\n", header.c_str(), rule.c_str());
    auto row = [&](const char* name, auto value, const char* format) {
        std::printf("| %s |", name);
        for (const Figures& x : f) std::printf(format, value(x));
        std::printf("\n");
    };
    row("(vertex, ancestor) pairs with beta > 0, per vertex", [](const Figures& x) { return x.pairs_per_vertex; }, " %.2f |");
    row("LBS, positions + normals, plain (ns/vertex)", [](const Figures& x) { return x.lbs_plain; }, " %.1f |");
    row("LBS, fast, 1 thread (ns/vertex)", [](const Figures& x) { return x.lbs1; }, " %.2f |");
    row("LBS, fast, 2 threads (ns/vertex)", [](const Figures& x) { return x.lbs2; }, " %.2f |");
    row("bend incl. normals, plain (ns/pair)", [](const Figures& x) { return x.bend_plain; }, " %.1f |");
    row("bend, fast, 1 thread (ns/pair)", [](const Figures& x) { return x.bend1; }, " %.2f |");
    row("bend, fast, 2 threads (ns/pair)", [](const Figures& x) { return x.bend2; }, " %.2f |");
    row("bend speed-up over plain, 1 thread", [](const Figures& x) { return x.bend_plain / x.bend1; }, " %.1fx |");
    row("bend with the default soft limits, fast, 1 thread (ns/pair)", [](const Figures& x) { return x.limited1; }, " %.2f |");
    row("bend, all joints still (ns/vertex)", [](const Figures& x) { return x.still; }, " %.2f |");
    row("bend + floppy layer + squash, plain (ns/pair)", [](const Figures& x) { return x.velocity_plain; }, " %.1f |");
    row("bend + floppy layer + squash, fast, 1 thread (ns/pair)", [](const Figures& x) { return x.velocity1; }, " %.2f |");
    row("dLBS, plain, 1 thread (ns/vertex)", [](const Figures& x) { return x.dlbs_plain; }, " %.1f |");
    row("dLBS, fast, 1 thread (ns/vertex)", [](const Figures& x) { return x.dlbs1; }, " %.2f |");
    row("dLBS, fast, 2 threads (ns/vertex)", [](const Figures& x) { return x.dlbs2; }, " %.2f |");
    row("dLBS / fast LBS, 1 thread", [](const Figures& x) { return x.dlbs1 / x.lbs1; }, " %.2f |");
    row("dLBS / fast LBS, 2 threads", [](const Figures& x) { return x.dlbs2 / x.lbs2; }, " %.2f |");
    row("dLBS speed-up over plain, 1 thread", [](const Figures& x) { return x.dlbs_plain / x.dlbs1; }, " %.0fx |");
    row("whole frame, plain, 1 thread (ms)", [](const Figures& x) { return x.frame_plain; }, " %.2f |");
    row("whole frame, fast, 1 thread (ms)", [](const Figures& x) { return x.frame1; }, " %.2f |");
    row("whole frame, fast, 2 threads (ms)", [](const Figures& x) { return x.frame2; }, " %.2f |");
    row("whole frame speed-up over plain, 2 threads", [](const Figures& x) { return x.frame_plain / x.frame2; }, " %.1fx |");
    row("thread scaling 1 -> 2, whole frame", [](const Figures& x) { return x.frame1 / x.frame2; }, " %.2fx |");
    row("memory per vertex, fast-path layout (bytes)", [](const Figures& x) { return x.layout_bytes; }, " %.0f |");
    row("memory per vertex, fast dLBS: own layout, delays, table (bytes)", [](const Figures& x) { return x.delayed_bytes; }, " %.0f |");
    row("memory per vertex, all (bytes)", [](const Figures& x) { return x.per_vertex_bytes; }, " %.0f |");
}

}  // namespace
}  // namespace dynskin::bench

int main(int argc, char** argv) {
    using namespace dynskin::bench;
    std::vector<char*> args(argv, argv + argc);
    bool summary = false;
    std::string filter = "--benchmark_filter=/1000000/";
    for (auto it = args.begin(); it != args.end();)
        if (std::strcmp(*it, "--summary") == 0) summary = true, it = args.erase(it);
        else ++it;
    // Many short repetitions, the fastest kept (CollectingReporter): on a shared machine a
    // busy spell then spoils a few of them, not a whole benchmark.
    std::string repetitions = "--benchmark_repetitions=12", min_time = "--benchmark_min_time=0.05";
    auto given = [&args](const char* flag) {
        return std::any_of(args.begin(), args.end(), [flag](const char* a) { return std::strncmp(a, flag, std::strlen(flag)) == 0; });
    };
    if (!given("--benchmark_repetitions")) args.push_back(repetitions.data());
    if (!given("--benchmark_min_time")) args.push_back(min_time.data());
    if (summary) args.push_back(filter.data());
    int count = static_cast<int>(args.size());
    benchmark::Initialize(&count, args.data());
    if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 1;
    register_all();
    CollectingReporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);

    std::vector<std::int64_t> sizes;
    for (std::int64_t n : kSizes)
        if (reporter.get("BM_Frame/" + std::to_string(n) + "/2") > 0.0) sizes.push_back(n);
    if (sizes.empty()) return 0;
    print_table(reporter, sizes);
    if (summary) {
        const Figures f = figures(reporter, 1'000'000);
        std::printf("summary: bend_ns_per_pair=%.3f lbs_ns_per_vertex=%.3f frame_ms_1m_2threads=%.2f "
                    "dlbs_over_lbs=%.2f speedup_vs_reference=%.1f\n",
                    f.bend1, f.lbs1, f.frame2, f.dlbs1 / f.lbs1, f.bend_plain / f.bend1);
    }
    return 0;
}
