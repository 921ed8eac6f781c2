#include "material_scenes.h"

namespace dynskin::test {
namespace {

using nlohmann::json;

// A panel of the given half sizes around `center` in the z = center.z plane, wound to face +z
// (or -z when facing_away), with normals to match.
json panel(GltfWriter& w, glm::vec3 center, glm::vec2 half, bool facing_away) {
    const std::vector<glm::vec3> corners = {center + glm::vec3(-half.x, -half.y, 0), center + glm::vec3(half.x, -half.y, 0),
                                            center + glm::vec3(half.x, half.y, 0), center + glm::vec3(-half.x, half.y, 0)};
    const std::vector<std::uint16_t> indices =
        facing_away ? std::vector<std::uint16_t>{0, 2, 1, 0, 3, 2} : std::vector<std::uint16_t>{0, 1, 2, 0, 2, 3};
    return {{"attributes",
             {{"POSITION", w.add_vec3(corners)}, {"NORMAL", w.add_vec3(std::vector<glm::vec3>(4, {0, 0, facing_away ? -1 : 1}))}}},
            {"indices", w.add_integers(indices, kUnsignedShort, "SCALAR")}};
}

json material(const std::string& name, glm::vec4 factor) {
    return {{"name", name},
            {"pbrMetallicRoughness", {{"baseColorFactor", {factor.r, factor.g, factor.b, factor.a}}, {"metallicFactor", 0.0}}}};
}

}  // namespace

MaterialScene material_panels() {
    MaterialScene scene;
    GltfWriter& w = scene.writer;
    json materials = json::array();
    materials.push_back(material("red", {1, 0, 0, 1}));                 // 0
    materials.push_back(material("vertex colours", {1, 1, 1, 1}));      // 1
    json textured = material("texture on set 1", {1, 1, 1, 1});         // 2
    textured["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}, {"texCoord", 1}};
    materials.push_back(textured);
    json blend = material("blend", {1, 1, 1, 0.5f});                    // 3
    blend["alphaMode"] = "BLEND";
    materials.push_back(blend);
    json cut = material("mask below cutoff", {1, 0, 1, 0.3f});          // 4
    cut["alphaMode"] = "MASK";
    materials.push_back(cut);
    json kept = material("mask above cutoff", {0, 0, 1, 0.7f});         // 5
    kept["alphaMode"] = "MASK";
    kept["alphaCutoff"] = 0.6;
    materials.push_back(kept);
    materials.push_back(material("single-sided", {0, 1, 1, 1}));        // 6
    json two_sided = material("double-sided", {1, 0.5f, 0, 1});         // 7
    two_sided["doubleSided"] = true;
    materials.push_back(two_sided);
    w.json["materials"] = materials;

    const std::vector<std::uint8_t> blue_yellow = {0, 0, 255, 255, 255, 255, 0, 255};
    const std::vector<std::uint8_t> png = png_of(2, 1, blue_yellow);
    w.json["images"] = {{{"bufferView", w.add_view(png.data(), png.size())}, {"mimeType", "image/png"}}};
    w.json["samplers"] = {{{"magFilter", 9728}, {"minFilter", 9728}, {"wrapS", 33648}, {"wrapT", 33071}}};
    w.json["textures"] = {{{"source", 0}, {"sampler", 0}}};

    const glm::vec2 unit(0.5f);
    json row1 = json::array();
    row1.push_back(panel(w, {0, 0, 0}, unit, false));
    row1.back()["material"] = 0;
    row1.push_back(panel(w, {0.25f, 0, 0.05f}, {0.25f, 0.5f}, false));
    row1.back()["material"] = 3;
    row1.push_back(panel(w, {1.5f, 0, 0}, unit, false));
    row1.back()["material"] = 1;
    row1.back()["attributes"]["COLOR_0"] = w.add_integers<std::uint16_t>(
        {0, 65535, 0, 65535, 0, 65535, 0, 65535, 0, 65535, 0, 65535, 0, 65535, 0, 65535}, kUnsignedShort, "VEC4", true);
    row1.push_back(panel(w, {3, 0, 0}, unit, false));
    row1.back()["material"] = 2;
    row1.back()["attributes"]["TEXCOORD_0"] = w.add_floats({0.25f, 0.5f, 0.25f, 0.5f, 0.25f, 0.5f, 0.25f, 0.5f}, "VEC2");
    row1.back()["attributes"]["TEXCOORD_1"] = w.add_floats({1.25f, 0.5f, 1.25f, 0.5f, 1.25f, 0.5f, 1.25f, 0.5f}, "VEC2");
    row1.push_back(panel(w, {4.5f, 0, 0}, unit, false));  // no material
    w.add_mesh(row1);

    json row2 = json::array();
    const int row2_materials[] = {4, 5, 6, 7};
    for (int k = 0; k < 4; ++k) {
        row2.push_back(panel(w, {1.5f * k, 0, 0}, unit, k >= 2));
        row2.back()["material"] = row2_materials[k];
    }
    w.add_mesh(row2);
    const int first = w.add_node({{"name", "row 1"}, {"mesh", 0}});
    const int second = w.add_node({{"name", "row 2"}, {"mesh", 1}, {"translation", {0.0, -1.5, 0.0}}});
    w.set_scene({first, second});

    scene.panels = {{"red", {-0.25f, 0, 0}, true, {1, 0, 0}},
                    {"white BLEND at alpha 0.5 over red", {0.25f, 0, 0.05f}, true, {1, 0.5f, 0.5f}},
                    {"COLOR_0 green", {1.5f, 0, 0}, true, {0, 1, 0}},
                    {"texture through TEXCOORD_1, mirrored", {3, 0, 0}, true, {1, 1, 0}},
                    {"no material", {4.5f, 0, 0}, true, {1, 1, 1}},
                    {"MASK under the cutoff", {0, -1.5f, 0}, false, {}},
                    {"MASK over the cutoff", {1.5f, -1.5f, 0}, true, {0, 0, 1}},
                    {"single-sided facing away", {3, -1.5f, 0}, false, {}},
                    {"double-sided facing away", {4.5f, -1.5f, 0}, true, {1, 0.5f, 0}}};
    return scene;
}

GltfWriter arm_with_prop(bool with_turn) {
    GltfWriter w = arm_rig();
    w.json["materials"] = {material("arm", {1, 0, 0, 1}), material("prop", {0, 1, 0, 1})};
    w.json["meshes"][0]["primitives"][0]["material"] = 0;
    // A box 0.2 wide around (0, 0, 0) in its node, which sits 0.5 to the side of the elbow.
    std::vector<glm::vec3> corners;
    for (int k = 0; k < 8; ++k) corners.emplace_back(k & 1 ? 0.1f : -0.1f, k & 2 ? 0.1f : -0.1f, k & 4 ? 0.1f : -0.1f);
    const std::vector<std::uint16_t> faces = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4,
                                              2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5};
    const int box = w.add_mesh({{{"attributes", {{"POSITION", w.add_vec3(corners)}}},
                                 {"indices", w.add_integers(faces, kUnsignedShort, "SCALAR")},
                                 {"material", 1}}});
    const int prop = w.add_node({{"name", "prop"}, {"mesh", box}, {"translation", {0.5, 0.5, 0.0}}});
    w.json["nodes"][1]["children"] = nlohmann::json::array({prop});  // the elbow, at (0, 1, 0)
    if (with_turn) {
        const float s = std::sqrt(0.5f);
        w.json["animations"] = json::array(
            {one_channel_animation(w, "turned", {0.0f, 1.0f}, {0, 0, s, s, 0, 0, s, s}, 1, "rotation", "STEP")});
    }
    return w;
}

json one_channel_animation(GltfWriter& w, const std::string& name, const std::vector<float>& times,
                           const std::vector<float>& values, int node, const std::string& path,
                           const std::string& interpolation) {
    const int input = w.add_floats(times, "SCALAR");
    w.json["accessors"][static_cast<std::size_t>(input)]["min"] = json::array({times.front()});
    w.json["accessors"][static_cast<std::size_t>(input)]["max"] = json::array({times.back()});
    const int output = w.add_floats(values, path == "rotation" ? "VEC4" : "VEC3");
    json sampler = {{"input", input}, {"output", output}, {"interpolation", interpolation}};
    json target = {{"node", node}, {"path", path}};
    json channel = {{"sampler", 0}, {"target", target}};
    return {{"name", name}, {"samplers", json::array({sampler})}, {"channels", json::array({channel})}};
}

}  // namespace dynskin::test
