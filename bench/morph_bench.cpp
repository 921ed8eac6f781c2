// dynskin-morph-bench: what morph targets cost a frame. The synthetic character of
// dynskin-bench (100k and 1M vertices, all joints moving) with a morph group of 8 targets,
// dense (every vertex, positions and normals) or sparse (one vertex in ten), played by
// Deformer::update with LBS alone and with Dynamic Skinning, in three cases: no morph
// targets, weights held still (nothing to redo), and weights changing every frame (the
// morphed rest redone and copied into the blocked layout). Prints ms per frame, the fastest
// of a few runs; threads: the hardware's.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "dynskin/deformer.h"
#include "synthetic_character.h"

namespace dynskin::bench {
namespace {

void add_morphs(Character& c, std::size_t every, int targets) {
    MorphGroup group{"synthetic", 0, std::vector<float>(std::size_t(targets), 0.0f), {}};
    for (int k = 0; k < targets; ++k) {
        MorphTarget target;
        for (std::size_t i = std::size_t(k) % every; i < c.mesh.vertex_count(); i += every) {
            target.vertices.push_back(static_cast<std::uint32_t>(i));
            target.position_deltas.push_back(0.01f * c.mesh.rest_normals[i]);
            target.normal_deltas.push_back(glm::vec3(0.0f, 0.05f * float(k + 1), 0.0f));
        }
        group.targets.push_back(std::move(target));
    }
    c.mesh.morphs.groups = {std::move(group)};
}

enum class Weights { None, Held, Changing };

// ms per frame, the fastest of `runs` runs of `frames` frames.
double frame_ms(const Character& c, const PoseSampler& joints, Weights weights, DeformerMode mode, int frames, int runs) {
    const PoseSampler motion = [&joints, weights](double t, Pose& pose) {
        joints(t, pose);
        const float phase = weights == Weights::Changing ? float(t) : 0.0f;
        for (std::size_t k = 0; k < pose.morph_weights.size(); ++k)
            pose.morph_weights[k] = 0.5f + 0.5f * std::sin(3.0f * phase + float(k));
    };
    DynamicSettings settings;
    settings.parameters.mode = mode;
    Deformer deformer(c);
    deformer.update(1.0, motion, settings);  // the first frame allocates
    double best = 1e30;
    for (int r = 0; r < runs; ++r) {
        const auto start = std::chrono::steady_clock::now();
        for (int f = 1; f <= frames; ++f) deformer.update(1.0 + f / 60.0, motion, settings);
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        best = std::min(best, ms / frames);
    }
    return best;
}

}  // namespace
}  // namespace dynskin::bench

int main() {
    using namespace dynskin;
    using namespace dynskin::bench;
    std::printf("| vertices | morphs | base | no morph | weights held | weights changing |\n|---|---|---|---|---|---|\n");
    for (std::size_t vertices : {std::size_t(100000), std::size_t(1000000)}) {
        const Character plain = make_synthetic_character(vertices);
        const PoseSampler joints = all_joints_moving(plain.skeleton);
        const int frames = vertices > 100000 ? 10 : 40, runs = 5;
        for (std::size_t every : {std::size_t(1), std::size_t(10)}) {
            Character morphed = plain;
            add_morphs(morphed, every, 8);
            for (DeformerMode mode : {DeformerMode::LbsOnly, DeformerMode::DynamicSkinning}) {
                std::printf("| %zu | 8 targets, %s | %s | %.2f ms | %.2f ms | %.2f ms |\n", vertices,
                            every == 1 ? "dense" : "one vertex in 10", mode == DeformerMode::LbsOnly ? "LBS" : "dynamic",
                            frame_ms(plain, joints, Weights::None, mode, frames, runs),
                            frame_ms(morphed, joints, Weights::Held, mode, frames, runs),
                            frame_ms(morphed, joints, Weights::Changing, mode, frames, runs));
                std::fflush(stdout);
            }
        }
    }
    return EXIT_SUCCESS;
}
