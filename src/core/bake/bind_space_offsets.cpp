#include "dynskin/bind_space_offsets.h"

#include <cmath>

namespace dynskin {

void bind_space_offsets(const SkinnedMesh& mesh, const std::vector<glm::mat4>& skinning,
                        const std::vector<glm::vec3>& positions, const std::vector<glm::vec3>& normals,
                        std::vector<glm::vec3>& position_offsets, std::vector<glm::vec3>* normal_offsets) {
    const std::size_t n = mesh.vertex_count();
    position_offsets.assign(n, glm::vec3(0.0f));
    if (normal_offsets) normal_offsets->assign(n, glm::vec3(0.0f));
    // Blend in double: the offset is a small difference of large skinned values. The
    // matrices' affine part in double once per joint, not once per influence.
    std::vector<glm::dmat4x3> affine(skinning.size());
    for (std::size_t j = 0; j < skinning.size(); ++j) affine[j] = glm::dmat4x3(skinning[j]);
    const SkinningWeights& w = mesh.weights;
    for (std::size_t i = 0; i < n; ++i) {
        glm::dmat4x3 blended(0.0);
        for (std::uint32_t e = w.offsets[i]; e < w.offsets[i + 1]; ++e)
            blended += affine[w.joints[e]] * static_cast<double>(w.weights[e]);
        const glm::dmat3 linear(blended);
        const double det = glm::determinant(linear);
        if (!std::isfinite(det) || std::abs(det) < 1e-18) continue;
        const glm::dmat3 inverse = glm::inverse(linear);
        const glm::dvec3 rest(mesh.rest_positions[i]);
        const glm::dvec3 skinned = linear * rest + blended[3];
        position_offsets[i] = glm::vec3(inverse * (glm::dvec3(positions[i]) - skinned));
        if (normal_offsets)
            (*normal_offsets)[i] = glm::vec3(inverse * glm::dvec3(normals[i]) - glm::dvec3(mesh.rest_normals[i]));
    }
}

}  // namespace dynskin
