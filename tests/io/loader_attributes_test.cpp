// Vertex attributes: influence sets, weight formats and fixes, sparse and quantized accessors,
// colours, texture coordinates and images.

#include "io_test_support.h"

namespace dynskin::test {
namespace {

std::vector<std::pair<std::uint32_t, float>> influences_of(const SkinnedMesh& mesh, std::size_t vertex) {
    std::vector<std::pair<std::uint32_t, float>> out;
    for (std::uint32_t k = mesh.weights.offsets[vertex]; k < mesh.weights.offsets[vertex + 1]; ++k)
        out.emplace_back(mesh.weights.joints[k], mesh.weights.weights[k]);
    return out;
}

// The arm with n joints in a chain (each 1/n apart) and a single vertex weighted on all.
GltfWriter chain_with_sets(int joints, int sets, int weight_type) {
    GltfWriter w;
    nlohmann::json attributes = {{"POSITION", w.add_vec3({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}})}};
    for (int s = 0; s < sets; ++s) {
        std::vector<std::uint8_t> joint_indices;
        std::vector<float> weights;
        for (int v = 0; v < 3; ++v)
            for (int c = 0; c < 4; ++c) {
                joint_indices.push_back(static_cast<std::uint8_t>((s * 4 + c) % joints));
                weights.push_back(1.0f / static_cast<float>(sets * 4));
            }
        attributes["JOINTS_" + std::to_string(s)] = w.add_integers(joint_indices, kUnsignedByte, "VEC4");
        if (weight_type == kFloat) {
            attributes["WEIGHTS_" + std::to_string(s)] = w.add_floats(weights, "VEC4");
        } else if (weight_type == kUnsignedByte) {
            std::vector<std::uint8_t> q;
            for (float x : weights) q.push_back(static_cast<std::uint8_t>(x * 255.0f + 0.5f));
            attributes["WEIGHTS_" + std::to_string(s)] = w.add_integers(q, kUnsignedByte, "VEC4", true);
        } else {
            std::vector<std::uint16_t> q;
            for (float x : weights) q.push_back(static_cast<std::uint16_t>(x * 65535.0f + 0.5f));
            attributes["WEIGHTS_" + std::to_string(s)] = w.add_integers(q, kUnsignedShort, "VEC4", true);
        }
    }
    w.add_mesh({{{"attributes", attributes}}});
    std::vector<int> chain;
    for (int j = 0; j < joints; ++j) {
        nlohmann::json node = {{"name", "j" + std::to_string(j)}};
        if (j + 1 < joints) node["children"] = {j + 1};
        chain.push_back(w.add_node(node));
    }
    w.json["skins"] = {{{"joints", chain}}};
    const int mesh_node = w.add_node({{"mesh", 0}, {"skin", 0}});
    w.set_scene({0, mesh_node});
    return w;
}

TEST(GltfWeights, EveryInfluenceSetIsKept) {
    const io::LoadedCharacter loaded = load(chain_with_sets(8, 2, kFloat));
    const auto influences = influences_of(loaded.character.mesh, 0);
    ASSERT_EQ(influences.size(), 8u);
    for (const auto& [joint, weight] : influences) EXPECT_NEAR(weight, 0.125f, 1e-6f);
    EXPECT_TRUE(loaded.warnings.empty());
}

TEST(GltfWeights, Unorm8AndUnorm16Weights) {
    for (int type : {kUnsignedByte, kUnsignedShort}) {
        const io::LoadedCharacter loaded = load(chain_with_sets(4, 1, type));
        const auto influences = influences_of(loaded.character.mesh, 1);
        ASSERT_EQ(influences.size(), 4u);
        float sum = 0.0f;
        for (const auto& influence : influences) sum += influence.second;
        EXPECT_NEAR(sum, 1.0f, 1e-6f);
        EXPECT_NEAR(influences[0].second, 0.25f, 0.01f);
    }
}

TEST(GltfWeights, DuplicateJointsInASetAreMerged) {
    const io::LoadedCharacter loaded = load(chain_with_sets(2, 1, kFloat));
    const auto influences = influences_of(loaded.character.mesh, 0);
    ASSERT_EQ(influences.size(), 2u);
    EXPECT_NEAR(influences[0].second, 0.5f, 1e-6f);
}

TEST(GltfWeights, OffSumsAreRenormalisedAndUnweightedVerticesFollowTheNearestJoint) {
    GltfWriter w = arm_rig();
    w.json["meshes"][0]["primitives"][0]["attributes"]["WEIGHTS_0"] = w.add_floats(
        {2, 0, 0, 0, 0, 0, 0, 0, 0.5f, 0.5f, 0, 0, 0.5f, 0.5f, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, "VEC4");
    w.json["nodes"][1]["children"] = {2};  // the mesh node under the elbow
    w.set_scene({0});
    const io::LoadedCharacter loaded = load(w);
    EXPECT_TRUE(has_warning(loaded, "1 vertices have skinning weights that do not sum to 1"));
    EXPECT_TRUE(has_warning(loaded, "1 vertices have no skinning weight"));
    EXPECT_EQ(influences_of(loaded.character.mesh, 0), (std::vector<std::pair<std::uint32_t, float>>{{0, 1.0f}}));
    EXPECT_EQ(influences_of(loaded.character.mesh, 1), (std::vector<std::pair<std::uint32_t, float>>{{1, 1.0f}}));
}

TEST(GltfAccessors, SparseAccessorWithBufferView) {
    GltfWriter w = arm_rig();
    const int position = w.json["meshes"][0]["primitives"][0]["attributes"]["POSITION"];
    const std::vector<std::uint8_t> indices = {1, 4};
    const std::vector<float> values = {0.2f, 0.0f, 0.0f, -0.2f, 2.0f, 0.0f};
    w.json["accessors"][static_cast<std::size_t>(position)]["sparse"] = {
        {"count", 2},
        {"indices", {{"bufferView", w.add_view(indices.data(), 2)}, {"componentType", kUnsignedByte}}},
        {"values", {{"bufferView", w.add_view(values.data(), values.size() * 4)}}}};
    const io::LoadedCharacter loaded = load(w);
    EXPECT_VEC3_NEAR(loaded.character.mesh.rest_positions[1], glm::vec3(0.2f, 0, 0), 1e-7f);
    EXPECT_VEC3_NEAR(loaded.character.mesh.rest_positions[4], glm::vec3(-0.2f, 2, 0), 1e-7f);
    EXPECT_VEC3_NEAR(loaded.character.mesh.rest_positions[0], arm_positions()[0], 1e-7f);
}

TEST(GltfAccessors, SparseAccessorWithoutBufferViewStartsFromZeros) {
    GltfWriter w;
    const std::vector<std::uint16_t> indices = {1, 2};
    const std::vector<float> values = {1.0f, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f};
    const int positions = w.add_accessor(-1, kFloat, 3, "VEC3");
    w.json["accessors"][static_cast<std::size_t>(positions)]["sparse"] = {
        {"count", 2},
        {"indices", {{"bufferView", w.add_view(indices.data(), 4)}, {"componentType", kUnsignedShort}}},
        {"values", {{"bufferView", w.add_view(values.data(), values.size() * 4)}}}};
    const int mesh = w.add_mesh({{{"attributes", {{"POSITION", positions}}}}});
    w.set_scene({w.add_node({{"mesh", mesh}})});
    const io::LoadedCharacter loaded = load(w);
    ASSERT_EQ(loaded.character.mesh.vertex_count(), 3u);
    EXPECT_EQ(loaded.character.mesh.rest_positions[0], glm::vec3(0.0f));
    EXPECT_EQ(loaded.character.mesh.rest_positions[1], glm::vec3(1, 0, 0));
    EXPECT_EQ(loaded.character.mesh.rest_positions[2], glm::vec3(0, 1, 0));
}

TEST(GltfAccessors, MeshQuantizationShortPositionsByteNormalsAndUnormTexcoords) {
    GltfWriter w;
    w.json["extensionsUsed"] = {"KHR_mesh_quantization"};
    w.json["extensionsRequired"] = {"KHR_mesh_quantization"};
    // Normalized SHORT positions, each VEC3 padded to 8 bytes, dequantised by the node scale.
    const std::vector<std::int16_t> positions = {0, 0, 0, 0, 10000, 0, 0, 0, 0, 10000, 0, 0};
    const int position = w.add_accessor(w.add_view(positions.data(), positions.size() * 2, 8), kShort, 3, "VEC3", true);
    const std::vector<std::int8_t> normals = {0, 0, 127, 0, 0, 0, 127, 0, 0, 0, 127, 0};
    const int normal = w.add_accessor(w.add_view(normals.data(), normals.size(), 4), kByte, 3, "VEC3", true);
    const std::vector<std::uint16_t> uvs = {0, 65535, 65535, 0, 32768, 32768};
    const int uv = w.add_integers(uvs, kUnsignedShort, "VEC2", true);
    const int mesh = w.add_mesh({{{"attributes", {{"POSITION", position}, {"NORMAL", normal}, {"TEXCOORD_0", uv}}}}});
    w.set_scene({w.add_node({{"mesh", mesh}, {"scale", {327.67, 327.67, 327.67}}})});
    const io::LoadedCharacter loaded = load(w);
    const SkinnedMesh& m = loaded.character.mesh;
    ASSERT_EQ(m.vertex_count(), 3u);
    EXPECT_VEC3_NEAR(m.rest_positions[1], glm::vec3(100, 0, 0), 1e-3f);
    EXPECT_VEC3_NEAR(m.rest_positions[2], glm::vec3(0, 100, 0), 1e-3f);
    EXPECT_VEC3_NEAR(m.rest_normals[0], glm::vec3(0, 0, 1), 1e-6f);
    ASSERT_EQ(m.uvs.size(), 3u);
    EXPECT_NEAR(m.uvs[0].y, 1.0f, 1e-6f);
    EXPECT_NEAR(m.uvs[2].x, 0.5f, 1e-4f);
}

TEST(GltfAccessors, VertexColoursAndTexcoordsAreKept) {
    GltfWriter w = arm_rig();
    auto& attributes = w.json["meshes"][0]["primitives"][0]["attributes"];
    std::vector<std::uint8_t> colors(18, 0);
    for (std::size_t v = 0; v < 6; ++v) colors[3 * v] = 255;
    attributes["COLOR_0"] = w.add_integers(colors, kUnsignedByte, "VEC3", true);
    std::vector<float> uvs;
    for (int v = 0; v < 6; ++v) uvs.insert(uvs.end(), {0.25f * static_cast<float>(v % 2), 0.5f});
    attributes["TEXCOORD_0"] = w.add_floats(uvs, "VEC2");
    const io::LoadedCharacter loaded = load(w);
    ASSERT_EQ(loaded.character.mesh.colors.size(), 6u);
    EXPECT_EQ(loaded.character.mesh.colors[3], glm::vec4(1, 0, 0, 1));
    ASSERT_EQ(loaded.character.mesh.uvs.size(), 6u);
    EXPECT_EQ(loaded.character.mesh.uvs[1], glm::vec2(0.25f, 0.5f));
}

GltfWriter arm_with_image(const nlohmann::json& image) {
    GltfWriter w = arm_rig();
    w.json["images"] = nlohmann::json::array({image});
    w.json["textures"] = {{{"source", 0}}};
    w.json["materials"] = {{{"pbrMetallicRoughness", {{"baseColorTexture", {{"index", 0}}}, {"baseColorFactor", {1, 0.5, 1, 1}}, {"metallicFactor", 0}}}}};
    w.json["meshes"][0]["primitives"][0]["material"] = 0;
    w.json["meshes"][0]["primitives"][0]["attributes"]["TEXCOORD_0"] = w.add_floats(std::vector<float>(12, 0.5f), "VEC2");
    return w;
}

TEST(GltfImages, EmbeddedPngIsDecodedToRgba8) {
    GltfWriter w = arm_rig();
    const std::vector<std::uint8_t> png = tiny_png(4, 4, 10);
    const int view = w.add_view(png.data(), png.size());
    w.json["images"] = {{{"bufferView", view}, {"mimeType", "image/png"}}};
    w.json["textures"] = {{{"source", 0}}};
    w.json["materials"] = {{{"pbrMetallicRoughness", {{"baseColorTexture", {{"index", 0}}}, {"baseColorFactor", {1, 0.5, 1, 1}}, {"metallicFactor", 0}}}}};
    w.json["meshes"][0]["primitives"][0]["material"] = 0;
    w.json["meshes"][0]["primitives"][0]["attributes"]["TEXCOORD_0"] = w.add_floats(std::vector<float>(12, 0.5f), "VEC2");
    const io::LoadedCharacter loaded = load(w);
    ASSERT_EQ(loaded.look.images.size(), 1u);
    EXPECT_EQ(loaded.look.images[0].width, 4);
    EXPECT_EQ(loaded.look.images[0].rgba[0], 10);
    ASSERT_EQ(loaded.look.materials.size(), 1u);
    EXPECT_EQ(loaded.look.materials[0].base_color_image, 0);
    EXPECT_EQ(loaded.look.materials[0].base_color_factor, glm::vec4(1, 0.5f, 1, 1));
    EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front();
}

TEST(GltfImages, MissingImageIsAWarning) {
    const io::LoadedCharacter loaded = load(arm_with_image({{"uri", "no_such_file.png"}}));
    EXPECT_TRUE(has_warning(loaded, "is missing"));
    EXPECT_TRUE(loaded.look.images.empty());
    EXPECT_EQ(loaded.look.materials.at(0).base_color_image, -1);
    EXPECT_EQ(loaded.character.mesh.vertex_count(), 6u);
}

TEST(GltfImages, UnreadableImageIsAWarning) {
    const std::vector<std::uint8_t> garbage = {1, 2, 3, 4, 5, 6, 7, 8};
    const io::LoadedCharacter loaded =
        load(arm_with_image({{"uri", "data:image/png;base64," + base64(garbage)}}));
    EXPECT_TRUE(has_warning(loaded, "cannot be decoded"));
    EXPECT_TRUE(loaded.look.images.empty());
    EXPECT_EQ(loaded.look.materials.at(0).base_color_image, -1);
}

}  // namespace
}  // namespace dynskin::test
