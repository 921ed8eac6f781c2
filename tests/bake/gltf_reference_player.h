#pragma once
// The tests' own glTF player: skins and morphs a glTF mesh at an animation time exactly as
// the glTF 2.0 specification defines it, written from the specification alone (not from
// dynskin's loader or baker), so that a baked file is checked the way a viewer plays it.
//   - node transforms: TRS (or matrix), animated channels sampled with their interpolation
//     (LINEAR: lerp, slerp for rotations; STEP), times clamped to the keys;
//   - morph targets: base + sum_k weight_k * target_k (sparse and bufferView-less
//     accessors included), weights from the node's animated `weights` or the mesh default;
//   - skinning: sum_i WEIGHTS_i * jointMatrix(JOINTS_i), jointMatrix = global(joint) * IBM,
//     the mesh node's own transform ignored. Normals go through the same blended matrix's
//     linear part (as three.js does) and are normalised.

#include <string>
#include <vector>

#include <glm/glm.hpp>
#include <tiny_gltf.h>

namespace dynskin::test {

struct PlayedMesh {
    std::vector<glm::vec3> positions, normals;
};

class GltfReferencePlayer {
public:
    // Parses a .glb; errors and warnings of tinygltf are kept (warnings() for the tests).
    explicit GltfReferencePlayer(const std::vector<unsigned char>& glb);

    const std::string& errors() const { return errors_; }
    const std::string& warnings() const { return warnings_; }
    const tinygltf::Model& model() const { return model_; }

    // The first skinned mesh node's primitives, concatenated in order, at `time` of `animation`.
    PlayedMesh play(int animation, double time) const;

private:
    void node_locals(int animation, double time, std::vector<glm::mat4>& locals, std::vector<std::vector<float>>& weights) const;

    tinygltf::Model model_;
    std::string errors_, warnings_;
};

}  // namespace dynskin::test
