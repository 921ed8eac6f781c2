#pragma once
// The rest shape after the morph targets, which every skinning path starts from (morph, then
// skin). morph_rest_shape is the plain evaluation; MorphedRest keeps a morphed copy up to
// date frame after frame and redoes only the groups whose weights changed, so a held
// morph costs a comparison of its weights and a mesh without morph targets costs nothing.

#include <cstdint>
#include <vector>

#include "dynskin/executor.h"
#include "dynskin/skinned_mesh.h"

namespace dynskin {

// positions = rest + sum_k w_k dp_k; normals = normalize(rest normal + sum_k w_k dn_k) on the
// morphable vertices of every group with a non-zero weight (the rest normal where that sum
// vanishes). weights: flattened as MorphTargets lays them out; any other size means the
// mesh's default weights. A mesh without morph targets gives its rest shape.
void morph_rest_shape(const SkinnedMesh& mesh, const std::vector<float>& weights, std::vector<glm::vec3>& positions,
                      std::vector<glm::vec3>& normals);

class MorphedRest {
public:
    explicit MorphedRest(const SkinnedMesh& mesh);

    bool active() const { return !morphable_.vertices.empty(); }  // some target moves some vertex

    // Brings the shape to these weights (as morph_rest_shape reads them, same results, bit
    // for bit). A changed group is redone in ranges of its vertices, on the executor's threads
    // when one is given. No allocation; nothing at all when the mesh has no morph targets.
    void update(const SkinnedMesh& mesh, const std::vector<float>& weights, Executor* executor = nullptr);

    // The morphed rest; only while active() (otherwise empty: use the mesh's own).
    RestShape shape() const { return {positions_, normals_}; }
    const std::vector<float>& default_weights() const { return defaults_; }
    const MorphableVertices& morphable() const { return morphable_; }
    // Bumped whenever group g's vertices change: a copy of the shape elsewhere (a blocked
    // layout's rest rows, a GPU buffer) redoes the groups whose revision it has not seen.
    // Revision 0 is the unmorphed rest.
    std::uint64_t revision(std::size_t group) const { return revisions_[group]; }

private:
    // Group g's morphable vertices [first, last) (indices into morphable_.vertices), from the
    // rest and the weights in applied_.
    void redo(const SkinnedMesh& mesh, std::size_t g, std::size_t first, std::size_t last);

    MorphableVertices morphable_;
    std::vector<float> defaults_, applied_;
    std::vector<std::uint64_t> revisions_;
    std::vector<glm::vec3> positions_, normals_;
};

}  // namespace dynskin
