#pragma once
// Small glTF files with morph targets, made by the tests, and what the glTF specification
// says they show: the morphed vertex is the stored one plus the weighted target deltas
// (normals likewise, then normalised), evaluated here densely from the test's own arrays.

#include <vector>

#include "dynskin/character.h"
#include "gltf_writer.h"

namespace dynskin::test {

struct MorphRig {
    GltfWriter writer;
    std::vector<glm::vec3> positions, normals;                          // as stored
    std::vector<std::vector<glm::vec3>> position_deltas, normal_deltas;  // per target, dense
    glm::mat4 placement{1.0f};  // the mesh node's world matrix (an unskinned mesh is placed by it)

    // The morphed vertices in world space (before any skinning).
    std::vector<glm::vec3> morphed_positions(const std::vector<float>& weights) const;
    std::vector<glm::vec3> morphed_normals(const std::vector<float>& weights) const;
};

// The arm of arm_rig() with two morph targets: target 0 dense (POSITION and NORMAL), target
// 1 a sparse POSITION accessor moving vertices 4 and 5. Mesh weights (0.5, 0.5), overridden
// by the node's (0.25, 1). Clip "wave": the elbow turns 90 degrees about z over [0, 1] s
// (LINEAR) and the weights go from (0, 0) at 0 to (1, 0.5) at 2 s (LINEAR): 2 s long.
MorphRig morphing_arm_rig();
std::vector<float> wave_weights(double t);
float wave_elbow_angle(double t);

// A quad without skin, on a node translated by (1, 0, 0) and scaled by 2, with two morph
// targets; clips that animate only its weights: "linear" (keys 0, 1, 3 s), "step" (keys
// 0, 0.5, 1.5 s) and "cubic" (CUBICSPLINE, keys 0 and 2 s, with tangents).
MorphRig morph_only_quad();
std::vector<float> morph_only_weights(const std::string& clip, double t);

}  // namespace dynskin::test
