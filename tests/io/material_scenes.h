#pragma once
// Small glTF scenes for the material tests, shared by the io suite (what the loader reads)
// and the viewer suite (what is drawn): flat panels facing +z, each a primitive with its own
// material, and an arm with a rigid prop on its elbow.

#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "gltf_writer.h"

namespace dynskin::test {

// Where to look at one panel, and what should show there.
struct Panel {
    std::string what;
    glm::vec3 center;    // a point on the panel, in the file's world frame
    bool visible = true; // false: culled or cut away, the background shows
    glm::vec3 albedo{0}; // the colour the material gives there (when visible)
};

struct MaterialScene {
    GltfWriter writer;
    std::vector<Panel> panels;
};

// Two rows of unit panels in two mesh nodes (the second node translated by (0, -1.5, 0)):
// row 1: red factor (its right half under a white BLEND panel at alpha 0.5), COLOR_0 green
// (normalized UNSIGNED_SHORT), a 2x1 texture (blue | yellow) read through TEXCOORD_1 with a
// NEAREST, MIRRORED_REPEAT sampler (u = 1.25 mirrors to the yellow texel; TEXCOORD_0 would
// give blue), and a primitive without material (glTF's default: white).
// row 2: MASK with alpha under its cutoff (cut away), MASK blue above its cutoff, a
// single-sided panel facing away (culled), an orange double-sided one facing away.
// Every material has metallicFactor 0, so the file loads without warnings.
MaterialScene material_panels();

// The arm (arm_rig) with a rigid, unskinned box mesh node as a child of the elbow joint,
// placed at (0.5, 1.5, 0) at rest, with a red material on the arm and a green one on the
// prop; with_turn adds a clip holding the elbow turned 90 degrees about +z.
GltfWriter arm_with_prop(bool with_turn);

// One animation named `name` with one channel: `values` keyed at `times` on node's `path`.
nlohmann::json one_channel_animation(GltfWriter& w, const std::string& name, const std::vector<float>& times,
                                     const std::vector<float>& values, int node, const std::string& path,
                                     const std::string& interpolation);

}  // namespace dynskin::test
