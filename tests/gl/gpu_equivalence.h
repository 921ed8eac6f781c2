#pragma once
// The GPU path against the CPU deformer, shared by the desktop's GL tests
// (gpu_skinning_test.cpp) and the browser's (tests/web/gpu_check): the same modes, motion,
// painted layers and frames on both, the shader's output read back by transform feedback.

#include <string>
#include <vector>

#include "dynskin/deformer.h"
#include "gl/gpu_skinning.h"

namespace dynskin::test {

struct GpuMode {
    const char* name;
    DynamicSettings settings;
};

// Every mode the shader does: LBS, dynamic skinning (also on DQS), drag with the soft limit,
// per-joint gains and origins, the offset limit, dLBS, Velocity Skinning's squash both ways.
std::vector<GpuMode> gpu_modes(int joint_count);

// The first clip, or (for a rig without one) every joint swinging.
PoseSampler test_motion(const Character& character);

// Painted layers with negative and zero values, as users make them (a fixed random draw).
void paint_test_layers(Character& character);

float max_distance(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b);

struct GpuComparison {
    std::string mode;
    int frame = 0;
    float position_error = 0.0f;  // largest distance from the CPU's position
    float normal_error = 0.0f;    // largest distance between unit normals
    float size = 0.0f;            // the character's size L
    bool captured = false;        // the feedback holds every vertex, not all zero
};

// For each mode, the deformer plays test_motion at 47 frames a second (between the ticks as
// well as on them) for 90 frames, and the shader's positions and normals are compared with
// the CPU's at frames 20, 47 and 90.
std::vector<GpuComparison> compare_gpu_with_cpu(gl::GpuSkinning& gpu, const Character& character);

}  // namespace dynskin::test
