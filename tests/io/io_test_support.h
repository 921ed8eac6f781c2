#pragma once
// Helpers shared by the io tests: loading a written file, LBS by hand, warning lookup.

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "dynskin/gltf_loader.h"
#include "dynskin/pose.h"
#include "gltf_writer.h"

namespace dynskin::test {

inline io::LoadedCharacter load(const GltfWriter& writer) { return io::load_gltf_from_memory(writer.glb()); }

// p_i = sum_j w_ij G_j B_j r_i, written here so the io tests need nothing from the method.
inline std::vector<glm::vec3> skin_positions(const Character& character, const Pose& pose) {
    std::vector<glm::mat4> globals;
    forward_kinematics(character.skeleton, pose, globals);
    const SkinnedMesh& mesh = character.mesh;
    std::vector<glm::vec3> out(mesh.vertex_count(), glm::vec3(0.0f));
    for (std::size_t i = 0; i < mesh.vertex_count(); ++i)
        for (std::uint32_t k = mesh.weights.offsets[i]; k < mesh.weights.offsets[i + 1]; ++k) {
            const std::uint32_t j = mesh.weights.joints[k];
            out[i] += mesh.weights.weights[k] *
                      glm::vec3(globals[j] * mesh.inverse_binds[j] * glm::vec4(mesh.rest_positions[i], 1.0f));
        }
    return out;
}

inline std::vector<glm::vec3> skin_at_rest(const Character& character) {
    return skin_positions(character, Pose::rest_of(character.skeleton));
}

inline bool has_warning(const io::LoadedCharacter& loaded, const std::string& part) {
    for (const std::string& w : loaded.warnings)
        if (w.find(part) != std::string::npos) return true;
    return false;
}

inline int joint_named(const Skeleton& skeleton, const std::string& name) {
    for (int j = 0; j < skeleton.joint_count(); ++j)
        if (skeleton.names[static_cast<std::size_t>(j)] == name) return j;
    return -1;
}

#define EXPECT_VEC3_NEAR(a, b, tolerance) EXPECT_LE(glm::length((a) - (b)), (tolerance)) << "at " << __LINE__

}  // namespace dynskin::test
