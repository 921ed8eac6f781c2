// Materials: one per primitive as the file says, the draw ranges, textures with their
// sampler and TEXCOORD set, what is not shown listed once, bad materials never fatal; and the
// scene shapes real rigs have (rigid props on joints, skins sharing a skeleton).

#include <sys/stat.h>

#include <cmath>

#include "dynskin/animation_clip.h"
#include "dynskin/gltf_saver.h"
#include "io/gltf/gltf_document.h"
#include "io_test_support.h"
#include "material_scenes.h"

namespace dynskin::test {
namespace {

using io::AlphaMode;
using io::TextureFilter;
using io::TextureWrap;

std::size_t warnings_containing(const io::LoadedCharacter& loaded, const std::string& part) {
    return static_cast<std::size_t>(std::count_if(loaded.warnings.begin(), loaded.warnings.end(),
                                                  [&](const std::string& w) { return w.find(part) != std::string::npos; }));
}

const io::DisplayMaterial& material_of_range(const io::LoadedCharacter& loaded, std::size_t range) {
    return loaded.look.materials.at(static_cast<std::size_t>(loaded.look.draw_ranges.at(range).material));
}

TEST(GltfMaterials, EveryPrimitiveGetsItsOwnMaterialAndTriangleRange) {
    const io::LoadedCharacter loaded = load(material_panels().writer);
    EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front();
    const io::DisplayLook& look = loaded.look;
    // 9 primitives of 2 triangles, 9 materials (8 of the file's and the default), in file order.
    ASSERT_EQ(look.draw_ranges.size(), 9u);
    ASSERT_EQ(look.materials.size(), 9u);
    for (std::size_t r = 0; r < look.draw_ranges.size(); ++r) {
        EXPECT_EQ(look.draw_ranges[r].first_triangle, 2 * r);
        EXPECT_EQ(look.draw_ranges[r].triangle_count, 2u);
    }
    const char* names[] = {"red", "blend", "vertex colours", "texture on set 1", "default",
                           "mask below cutoff", "mask above cutoff", "single-sided", "double-sided"};
    for (std::size_t r = 0; r < 9; ++r) EXPECT_EQ(material_of_range(loaded, r).name, names[r]);

    EXPECT_EQ(material_of_range(loaded, 0).base_color_factor, glm::vec4(1, 0, 0, 1));
    EXPECT_EQ(material_of_range(loaded, 0).alpha_mode, AlphaMode::Opaque);
    EXPECT_FALSE(material_of_range(loaded, 0).double_sided);
    EXPECT_EQ(material_of_range(loaded, 1).alpha_mode, AlphaMode::Blend);
    EXPECT_EQ(material_of_range(loaded, 5).alpha_mode, AlphaMode::Mask);
    EXPECT_FLOAT_EQ(material_of_range(loaded, 5).alpha_cutoff, 0.5f) << "glTF's default cutoff";
    EXPECT_FLOAT_EQ(material_of_range(loaded, 6).alpha_cutoff, 0.6f);
    EXPECT_TRUE(material_of_range(loaded, 8).double_sided);
    const io::DisplayMaterial& fallback = material_of_range(loaded, 4);
    EXPECT_EQ(fallback.base_color_factor, glm::vec4(1.0f));
    EXPECT_EQ(fallback.alpha_mode, AlphaMode::Opaque);
    EXPECT_FALSE(fallback.double_sided);
    EXPECT_EQ(fallback.base_color_image, -1);
}

TEST(GltfMaterials, TextureReadsItsTexCoordSetWithItsSampler) {
    const io::LoadedCharacter loaded = load(material_panels().writer);
    const io::DisplayMaterial& textured = material_of_range(loaded, 3);
    ASSERT_EQ(textured.base_color_image, 0);
    ASSERT_EQ(loaded.look.images.size(), 1u);
    const io::Image& image = loaded.look.images[0];
    EXPECT_EQ(image.width, 2);
    EXPECT_EQ(image.height, 1);
    EXPECT_EQ(image.rgba, (std::vector<std::uint8_t>{0, 0, 255, 255, 255, 255, 0, 255}));
    EXPECT_EQ(textured.sampler.mag_filter, TextureFilter::Nearest);
    EXPECT_EQ(textured.sampler.min_filter, TextureFilter::Nearest);
    EXPECT_EQ(textured.sampler.wrap_s, TextureWrap::MirroredRepeat);
    EXPECT_EQ(textured.sampler.wrap_t, TextureWrap::ClampToEdge);
    // Its 4 vertices (after 3 panels of 4) carry TEXCOORD_1, the others zeros.
    const std::vector<glm::vec2>& uvs = loaded.look.texture_uvs;
    ASSERT_EQ(uvs.size(), loaded.character.mesh.vertex_count());
    for (std::size_t i = 12; i < 16; ++i) EXPECT_EQ(uvs[i], glm::vec2(1.25f, 0.5f));
    EXPECT_EQ(uvs[0], glm::vec2(0.0f));
    // TEXCOORD_0 is still the mesh's own layer.
    EXPECT_EQ(loaded.character.mesh.uvs.at(12), glm::vec2(0.25f, 0.5f));
}

TEST(GltfMaterials, NormalizedIntegerVertexColoursAreReadAsFractions) {
    const io::LoadedCharacter loaded = load(material_panels().writer);
    const std::vector<glm::vec4>& colors = loaded.character.mesh.colors;
    ASSERT_EQ(colors.size(), loaded.character.mesh.vertex_count());
    EXPECT_EQ(colors[8], glm::vec4(0, 1, 0, 1));  // the COLOR_0 panel (UNSIGNED_SHORT)
    EXPECT_EQ(colors[0], glm::vec4(1.0f));        // the others white

    GltfWriter w = arm_rig();
    auto& attributes = w.json["meshes"][0]["primitives"][0]["attributes"];
    attributes["COLOR_0"] = w.add_integers<std::uint8_t>({255, 0, 51, 255, 0, 51, 0, 255, 0, 0, 255, 0, 10, 20, 30, 10, 20, 30},
                                                          kUnsignedByte, "VEC3", true);
    io::LoadedCharacter bytes = load(w);
    EXPECT_TRUE(bytes.warnings.empty());
    EXPECT_EQ(bytes.character.mesh.colors[0], glm::vec4(1, 0, 0.2f, 1));
    EXPECT_NEAR(bytes.character.mesh.colors[4].b, 30.0f / 255.0f, 1e-7f);
    // Not flagged normalized (invalid, but exporters do it): read as if it were, with a warning.
    w.json["accessors"][attributes["COLOR_0"].get<std::size_t>()].erase("normalized");
    bytes = load(w);
    EXPECT_VEC3_NEAR(glm::vec3(bytes.character.mesh.colors[0]), glm::vec3(1, 0, 0.2f), 1e-6f);
    EXPECT_EQ(bytes.character.mesh.colors[0].a, 1.0f);
    EXPECT_TRUE(has_warning(bytes, "COLOR_0 is of integer type but not normalized"));
}

TEST(GltfMaterials, PrimitivesSharingAMaterialShareOneRange) {
    GltfWriter w = arm_rig();
    w.json["materials"] = {{{"name", "skin"}, {"pbrMetallicRoughness", {{"metallicFactor", 0}}}}};
    nlohmann::json primitive = w.json["meshes"][0]["primitives"][0];
    primitive["material"] = 0;
    w.json["meshes"][0]["primitives"] = {primitive, primitive, primitive};
    const io::LoadedCharacter loaded = load(w);
    ASSERT_EQ(loaded.look.draw_ranges.size(), 1u);
    EXPECT_EQ(loaded.look.draw_ranges[0].triangle_count, 12u);
    EXPECT_EQ(loaded.look.materials.size(), 1u);
    EXPECT_TRUE(loaded.look.texture_uvs.empty()) << "no material has a texture";
}

// One vertex set drawn in two materials (two primitives with the same attribute accessors,
// as exporters and dynskin's bake write them): the vertices are loaded once, and saving the
// painted work keeps them shared.
TEST(GltfMaterials, PrimitivesSharingTheirVerticesShareThemInTheMesh) {
    GltfWriter w = arm_rig();
    w.json["materials"] = {{{"name", "upper"}, {"pbrMetallicRoughness", {{"metallicFactor", 0}}}},
                           {{"name", "lower"}, {"pbrMetallicRoughness", {{"metallicFactor", 0}}}}};
    nlohmann::json upper = w.json["meshes"][0]["primitives"][0], lower = upper;
    upper["indices"] = w.add_integers<std::uint16_t>({2, 3, 5, 2, 5, 4}, kUnsignedShort, "SCALAR");
    upper["material"] = 0;
    lower["indices"] = w.add_integers<std::uint16_t>({0, 1, 3, 0, 3, 2}, kUnsignedShort, "SCALAR");
    lower["material"] = 1;
    w.json["meshes"][0]["primitives"] = {upper, lower};
    const io::LoadedCharacter loaded = load(w);
    EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front();
    EXPECT_EQ(loaded.character.mesh.vertex_count(), 6u);
    EXPECT_EQ(loaded.file_vertex_count, 6u) << "stored once";
    EXPECT_EQ(loaded.character.mesh.triangles, (std::vector<std::uint32_t>{2, 3, 5, 2, 5, 4, 0, 1, 3, 0, 3, 2}));
    ASSERT_EQ(loaded.look.draw_ranges.size(), 2u);
    EXPECT_EQ(material_of_range(loaded, 1).name, "lower");

    const std::string folder = make_temp_folder();
    const std::string source = w.write_glb(folder, "shared");
    io::save_character_work(source, folder + "/painted.glb", std::vector<float>(6, 0.25f), DynamicSettings{});
    const io::LoadedCharacter saved = io::load_gltf(folder + "/painted.glb");
    EXPECT_EQ(saved.character.mesh.vertex_count(), 6u) << "the bend layer is one accessor for both";
    EXPECT_EQ(saved.character.mesh.bend_weights, std::vector<float>(6, 0.25f));
}

TEST(GltfMaterials, UnshownFeaturesAreListedOncePerFeatureNamingTheMaterials) {
    GltfWriter w = material_panels().writer;
    nlohmann::json& materials = w.json["materials"];
    materials[0]["normalTexture"] = {{"index", 0}};
    materials[1]["normalTexture"] = {{"index", 0}};
    materials[0]["occlusionTexture"] = {{"index", 0}, {"texCoord", 1}};
    materials[1]["emissiveTexture"] = {{"index", 0}};
    materials[5]["emissiveFactor"] = {1.0, 0.0, 0.0};
    materials[6]["pbrMetallicRoughness"]["metallicRoughnessTexture"] = {{"index", 0}};
    materials[6]["pbrMetallicRoughness"].erase("metallicFactor");  // glTF's default: metal
    materials[2]["pbrMetallicRoughness"]["baseColorTexture"]["extensions"] = {
        {"KHR_texture_transform", {{"scale", {2.0, 2.0}}}}};  // applied: no warning
    materials[7]["extensions"] = {{"KHR_materials_emissive_strength", {{"emissiveStrength", 2.0}}}};
    w.json["extensionsUsed"] = {"KHR_texture_transform", "KHR_materials_emissive_strength"};
    const io::LoadedCharacter loaded = load(w);
    ASSERT_EQ(warnings_containing(loaded, "the normal texture is not shown"), 1u);
    EXPECT_TRUE(has_warning(loaded, "material 0 ('red'), material 1 ('vertex colours'): the normal texture is not shown"));
    EXPECT_TRUE(has_warning(loaded, "material 0 ('red'): the occlusion texture is not shown"));
    EXPECT_TRUE(has_warning(loaded, "material 1 ('vertex colours'): the emissive texture is not shown"));
    EXPECT_TRUE(has_warning(loaded, "material 5 ('mask above cutoff'): the emissive colour is not shown"));
    EXPECT_TRUE(has_warning(loaded, "material 6 ('single-sided'): the metallic-roughness texture is not shown"));
    EXPECT_TRUE(has_warning(loaded, "material 6 ('single-sided'): metalness is ignored"));
    EXPECT_TRUE(has_warning(loaded, "material 7 ('double-sided'): extension KHR_materials_emissive_strength is ignored"));
    EXPECT_EQ(loaded.warnings.size(), 7u);
    // What is shown still is.
    EXPECT_EQ(material_of_range(loaded, 3).base_color_image, 0);
}

TEST(GltfMaterials, UnusedMaterialsAreNotReported) {
    GltfWriter w = material_panels().writer;
    w.json["materials"].push_back({{"name", "unused"}, {"normalTexture", {{"index", 0}}}});
    EXPECT_TRUE(load(w).warnings.empty());
}

TEST(GltfMaterials, BadMaterialsTexturesSamplersAndImagesAreWarningsNotErrors) {
    GltfWriter w = material_panels().writer;
    nlohmann::json& primitives = w.json["meshes"][0]["primitives"];
    primitives[0]["material"] = 42;                                                   // no such material
    w.json["materials"][1]["pbrMetallicRoughness"]["baseColorFactor"] = {2, -1, 0.5, 1};  // out of [0, 1]
    w.json["materials"][3]["alphaMode"] = "SOMETIMES";
    w.json["materials"][5]["alphaCutoff"] = -1.0;
    w.json["samplers"][0]["wrapS"] = 1234;
    w.json["materials"][6]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 7}};  // no such texture
    w.json["materials"][7]["pbrMetallicRoughness"]["baseColorTexture"] = {{"index", 0}};  // its panel lacks TEXCOORD_0
    const io::LoadedCharacter loaded = load(w);
    EXPECT_TRUE(has_warning(loaded, "mesh 0 primitive 0 uses material 42, which does not exist; glTF's default material is used"));
    EXPECT_TRUE(has_warning(loaded, "material 3 ('blend') has an unknown alphaMode 'SOMETIMES'"));
    EXPECT_TRUE(has_warning(loaded, "material 5 ('mask above cutoff') has an unusable alphaCutoff"));
    EXPECT_TRUE(has_warning(loaded, "sampler 0 has an unknown filter or wrap mode"));
    EXPECT_TRUE(has_warning(loaded, "mesh 1 primitive 3 has no TEXCOORD_0 for its material's base colour texture"));
    EXPECT_EQ(material_of_range(loaded, 0).name, "default");
    EXPECT_EQ(material_of_range(loaded, 2).base_color_factor, glm::vec4(1, 0, 0.5f, 1)) << "clamped to [0, 1]";
    EXPECT_EQ(material_of_range(loaded, 1).alpha_mode, AlphaMode::Opaque);
    EXPECT_EQ(material_of_range(loaded, 3).sampler.wrap_s, TextureWrap::Repeat);
    EXPECT_EQ(material_of_range(loaded, 3).sampler.wrap_t, TextureWrap::ClampToEdge);
    EXPECT_EQ(material_of_range(loaded, 8).base_color_image, -1);

    // A texture without image, a sampler out of range, an image that is not one.
    GltfWriter bad = material_panels().writer;
    bad.json["textures"] = {{{"sampler", 0}}, {{"source", 0}, {"sampler", 9}}};
    bad.json["materials"][2]["pbrMetallicRoughness"]["baseColorTexture"]["index"] = 0;
    io::LoadedCharacter loaded_bad = load(bad);
    EXPECT_TRUE(has_warning(loaded_bad, "has no image dynskin can read"));
    bad.json["materials"][2]["pbrMetallicRoughness"]["baseColorTexture"]["index"] = 1;
    loaded_bad = load(bad);
    EXPECT_TRUE(has_warning(loaded_bad, "texture 1 uses sampler 9, which does not exist"));
    EXPECT_EQ(material_of_range(loaded_bad, 3).base_color_image, 0) << "the image is still shown";
    const std::vector<std::uint8_t> junk = {'n', 'o', 't', ' ', 'p', 'n', 'g', '!'};
    bad.json["images"][0] = {{"bufferView", bad.add_view(junk.data(), junk.size())}, {"mimeType", "image/png"}};
    loaded_bad = load(bad);
    EXPECT_TRUE(has_warning(loaded_bad, "image 0 cannot be decoded"));
    EXPECT_EQ(material_of_range(loaded_bad, 3).base_color_image, -1);
    EXPECT_TRUE(loaded_bad.look.texture_uvs.empty());
}

// A prop whose node is animated under the joint it hangs from (a propeller, a blinking eye):
// it must follow its own animation on top of the joint's.
TEST(GltfRigidParts, AnimatedPropUnderAJointKeepsItsOwnAnimation) {
    GltfWriter w = arm_with_prop(false);
    const float s = std::sqrt(0.5f);
    const int prop = 3;
    w.json["animations"] = nlohmann::json::array(
        {one_channel_animation(w, "spin", {0.0f, 1.0f}, {0, 0, 0, 1, 0, s, 0, s}, prop, "rotation", "LINEAR")});
    const io::LoadedCharacter loaded = load(w);
    EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front();
    const Character& c = loaded.character;
    ASSERT_EQ(c.clips.size(), 1u);
    ASSERT_EQ(c.clips[0].channels.size(), 1u) << "the prop's channel plays";
    Pose pose = Pose::rest_of(c.skeleton);
    c.clips[0].sample(1.0, pose);
    // Box corner 7 at (0.1, 0.1, 0.1) in the prop, turned 90 degrees about +y: (0.1, 0.1, -0.1).
    EXPECT_VEC3_NEAR(skin_positions(c, pose)[6 + 7], glm::vec3(0.6f, 1.6f, -0.1f), 1e-5f);
    EXPECT_VEC3_NEAR(skin_at_rest(c)[6 + 7], glm::vec3(0.6f, 1.6f, 0.1f), 1e-5f);
}

TEST(GltfRigidParts, StillPropFollowsItsJointAndStaysOffTheSkeleton) {
    const io::LoadedCharacter loaded = load(arm_with_prop(true));
    EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front();
    const Character& c = loaded.character;
    EXPECT_EQ(c.skeleton.joint_count(), 2);
    EXPECT_EQ(loaded.skin_joint_count, 2);
    ASSERT_EQ(loaded.look.draw_ranges.size(), 2u);
    EXPECT_EQ(material_of_range(loaded, 1).name, "prop");
    EXPECT_EQ(loaded.look.draw_ranges[1].first_triangle, 4u);
    EXPECT_EQ(loaded.look.draw_ranges[1].triangle_count, 12u);
    Pose pose = Pose::rest_of(c.skeleton);
    c.clips.at(0).sample(0.5, pose);
    // The prop's centre, (0.5, 0.5, 0) from the elbow, turns to (-0.5, 0.5, 0) from it.
    const std::vector<glm::vec3> posed = skin_positions(c, pose);
    glm::vec3 center(0.0f);
    for (std::size_t i = 6; i < 14; ++i) center += posed[i] / 8.0f;
    EXPECT_VEC3_NEAR(center, glm::vec3(-0.5f, 1.5f, 0.0f), 1e-5f);
}

// Two skinned meshes (a body and a shirt) with their own skins over the same joint nodes,
// listed in another order and with their own inverse binds: one skeleton, both follow it.
TEST(GltfSkins, TwoSkinsOverOneSkeletonMoveTogether) {
    GltfWriter w = arm_rig();
    nlohmann::json shirt = w.json["meshes"][0]["primitives"][0];
    std::vector<glm::vec3> outside = arm_positions();
    for (glm::vec3& p : outside) p.z = 0.1f;
    shirt["attributes"]["POSITION"] = w.add_vec3(outside);
    // The shirt's skin lists the elbow first: its JOINTS_0 say 1 where the arm's say 0.
    shirt["attributes"]["JOINTS_0"] = w.add_integers<std::uint16_t>(
        {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, kUnsignedShort, "VEC4");
    glm::mat4 elbow_inverse(1.0f);
    elbow_inverse[3] = glm::vec4(0.0f, -1.0f, 0.0f, 1.0f);
    w.json["skins"].push_back({{"joints", {1, 0}}, {"inverseBindMatrices", w.add_mat4({elbow_inverse, glm::mat4(1.0f)})}});
    const int shirt_mesh = w.add_mesh(nlohmann::json::array({shirt}));
    const int shirt_node = w.add_node({{"name", "shirt"}, {"mesh", shirt_mesh}, {"skin", 1}});
    w.set_scene({0, 2, shirt_node});
    const io::LoadedCharacter loaded = load(w);
    EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front();
    const Character& c = loaded.character;
    EXPECT_EQ(c.skeleton.joint_count(), 2);
    EXPECT_EQ(loaded.skin_joint_count, 2);
    ASSERT_EQ(c.mesh.vertex_count(), 12u);
    Pose pose = Pose::rest_of(c.skeleton);
    pose.local[1].rotation = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 0, 1));
    const std::vector<glm::vec3> posed = skin_positions(c, pose);
    for (std::size_t i = 0; i < 6; ++i)
        EXPECT_VEC3_NEAR(posed[6 + i], posed[i] + glm::vec3(0, 0, 0.1f), 1e-5f) << "vertex " << i;
    EXPECT_VEC3_NEAR(posed[4], glm::vec3(-1, 0.9f, 0), 1e-5f);  // the tip turned about the elbow
}

// A mirroring node transform reverses the winding; the loader turns it back so that the front
// faces stay in front (back faces of single-sided materials are culled).
TEST(GltfRigidParts, MirroredMeshKeepsItsFrontFacesInFront) {
    GltfWriter w;
    const int positions = w.add_vec3({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
    w.add_mesh({{{"attributes", {{"POSITION", positions}}}}});
    w.set_scene({w.add_node({{"mesh", 0}, {"scale", {-1.0, 1.0, 1.0}}})});
    const io::LoadedCharacter loaded = load(w);
    const SkinnedMesh& m = loaded.character.mesh;
    const glm::vec3 normal = glm::cross(m.rest_positions[m.triangles[1]] - m.rest_positions[m.triangles[0]],
                                        m.rest_positions[m.triangles[2]] - m.rest_positions[m.triangles[0]]);
    EXPECT_GT(normal.z, 0.0f) << "counter-clockwise seen from +z, as in the file before the mirror";
}

std::string wild(const char* file) { return std::string(DYNSKIN_SHARED_RIGS) + "/wild/" + file; }

bool exists(const std::string& path) {
    struct stat info {};
    return ::stat(path.c_str(), &info) == 0;
}

// The shared README says 6 materials; the file has 59 (one per primitive, 49 colours).
TEST(WildRigs, BrainStemHasOneMaterialPerPrimitive) {
    const std::string path = wild("BrainStem.glb");
    if (!exists(path)) GTEST_SKIP() << path << " is absent (a user's clone has no ../shared): BrainStem not checked";
    const io::LoadedCharacter loaded = io::load_gltf(path);
    const io::DisplayLook& look = loaded.look;
    const nlohmann::json json = io::parse_gltf_document(io::read_file_bytes(path), "").json;
    ASSERT_EQ(json["materials"].size(), 59u);
    ASSERT_EQ(look.materials.size(), 59u);
    std::size_t covered = 0;
    for (const io::DrawRange& range : look.draw_ranges) {
        EXPECT_EQ(range.first_triangle, covered) << "ranges follow each other";
        covered += range.triangle_count;
    }
    EXPECT_EQ(covered, loaded.character.mesh.triangle_count());
    EXPECT_EQ(look.draw_ranges.size(), 59u);
    // Their colours are the file's factors (as read by the file's own JSON).
    std::vector<bool> seen(59, false);
    for (const io::DisplayMaterial& m : look.materials) {
        int index = -1;
        for (std::size_t k = 0; k < json["materials"].size(); ++k)
            if (json["materials"][k]["name"] == m.name) index = static_cast<int>(k);
        ASSERT_GE(index, 0) << m.name;
        seen[static_cast<std::size_t>(index)] = true;
        const nlohmann::json& factor = json["materials"][static_cast<std::size_t>(index)]["pbrMetallicRoughness"]["baseColorFactor"];
        for (int c = 0; c < 4; ++c) EXPECT_FLOAT_EQ(m.base_color_factor[c], factor[static_cast<std::size_t>(c)].get<float>());
        EXPECT_EQ(m.base_color_image, -1);
    }
    EXPECT_EQ(std::count(seen.begin(), seen.end(), true), 59);
    EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front();
    EXPECT_EQ(loaded.skin_joint_count, 18);
}

TEST(WildRigs, MorphStressTestHasItsTwoTexturedMaterials) {
    const std::string path = wild("MorphStressTest.gltf");
    if (!exists(path)) GTEST_SKIP() << path << " is absent (a user's clone has no ../shared): MorphStressTest not checked";
    const io::LoadedCharacter loaded = io::load_gltf(path);
    const io::DisplayLook& look = loaded.look;
    ASSERT_EQ(look.materials.size(), 2u);
    EXPECT_EQ(look.materials[0].name, "Base");
    EXPECT_EQ(look.materials[1].name, "TestMaterial");
    EXPECT_TRUE(look.materials[0].double_sided);
    EXPECT_EQ(look.images.size(), 2u) << "one per image the base colours use, not the occlusion map";
    EXPECT_NE(look.materials[0].base_color_image, look.materials[1].base_color_image);
    EXPECT_EQ(look.texture_uvs.size(), loaded.character.mesh.vertex_count());
    EXPECT_TRUE(has_warning(loaded, "material 0 ('Base'): the occlusion texture is not shown"));
    EXPECT_EQ(loaded.skin_joint_count, 0);
}

}  // namespace
}  // namespace dynskin::test
