// The glTF skinning rules: containers, hierarchy, skins, meshes, rigid parts.

#include <glm/gtc/matrix_transform.hpp>

#include "io_test_support.h"

namespace dynskin::test {
namespace {

void expect_rest_matches_file(const io::LoadedCharacter& loaded, const std::vector<glm::vec3>& expected) {
    const std::vector<glm::vec3> skinned = skin_at_rest(loaded.character);
    ASSERT_EQ(skinned.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_VEC3_NEAR(skinned[i], expected[i], 1e-5f);
}

TEST(GltfContainers, GlbLoadsTheArm) {
    const io::LoadedCharacter loaded = load(arm_rig());
    EXPECT_EQ(loaded.character.validate(), "");
    EXPECT_EQ(loaded.character.skeleton.joint_count(), 2);
    EXPECT_EQ(loaded.character.mesh.vertex_count(), 6u);
    EXPECT_EQ(loaded.file_vertex_count, 6u);
    EXPECT_EQ(loaded.file_triangle_count, 4u);
    EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front();
    expect_rest_matches_file(loaded, arm_positions());
}

TEST(GltfContainers, EmbeddedBase64Gltf) {
    const io::LoadedCharacter loaded = io::load_gltf_from_memory(arm_rig().gltf_embedded());
    EXPECT_EQ(loaded.character.mesh.vertex_count(), 6u);
    expect_rest_matches_file(loaded, arm_positions());
}

TEST(GltfContainers, GltfWithExternalBinAndImageAndNameFromFile) {
    GltfWriter w = arm_rig();
    const std::string folder = make_temp_folder();
    write_bytes(folder + "/skin.png", tiny_png(2, 3, 200));
    w.json["images"] = {{{"uri", "skin.png"}}};
    w.json["textures"] = {{{"source", 0}}};
    w.json["materials"] = {{{"pbrMetallicRoughness", {{"baseColorTexture", {{"index", 0}}}}}}};
    w.json["meshes"][0]["primitives"][0]["material"] = 0;
    w.json["meshes"][0]["primitives"][0]["attributes"]["TEXCOORD_0"] = w.add_floats(std::vector<float>(12, 0.5f), "VEC2");
    const io::LoadedCharacter loaded = io::load_gltf(w.write_gltf_with_bin(folder, "my_arm"));
    EXPECT_EQ(loaded.character.name, "my_arm");
    EXPECT_EQ(loaded.character.mesh.vertex_count(), 6u);
    ASSERT_EQ(loaded.look.images.size(), 1u);
    EXPECT_EQ(loaded.look.images[0].width, 2);
    EXPECT_EQ(loaded.look.images[0].height, 3);
    ASSERT_EQ(loaded.look.images[0].rgba.size(), 2u * 3u * 4u);
    EXPECT_EQ(loaded.look.images[0].rgba[0], 200);
}

TEST(GltfHierarchy, JointsAreSortedParentBeforeChild) {
    GltfWriter w = arm_rig();
    // Store the elbow before the root: node 0 = elbow, node 1 = root.
    std::swap(w.json["nodes"][0], w.json["nodes"][1]);
    w.json["nodes"][1]["children"] = {0};
    w.json["skins"][0]["joints"] = {1, 0};
    w.set_scene({1, 2});
    const io::LoadedCharacter loaded = load(w);
    const Skeleton& s = loaded.character.skeleton;
    ASSERT_EQ(s.joint_count(), 2);
    EXPECT_EQ(s.names[0], "root");
    EXPECT_EQ(s.names[1], "elbow");
    EXPECT_EQ(s.parents[1], 0);
    expect_rest_matches_file(loaded, arm_positions());
}

TEST(GltfHierarchy, NonJointNodeBetweenJointsBecomesAJointWhoseTransformCounts) {
    GltfWriter w = arm_rig();
    // root -> offset (not in the skin, translates by 0.5) -> elbow (now at y = 0.5 + 0.5).
    w.json["nodes"][0]["children"] = {3};
    w.json["nodes"][1]["translation"] = {0.0, 0.5, 0.0};
    w.add_node({{"name", "offset"}, {"translation", {0.0, 0.5, 0.0}}, {"children", {1}}});
    const io::LoadedCharacter loaded = load(w);
    const Skeleton& s = loaded.character.skeleton;
    ASSERT_EQ(s.joint_count(), 3);
    const int offset = joint_named(s, "offset"), elbow = joint_named(s, "elbow");
    EXPECT_EQ(s.parents[static_cast<std::size_t>(elbow)], offset);
    EXPECT_EQ(loaded.character.mesh.inverse_binds[static_cast<std::size_t>(offset)],
              glm::translate(glm::mat4(1.0f), glm::vec3(0.0f, -0.5f, 0.0f)));
    expect_rest_matches_file(loaded, arm_positions());
    // Moving the in-between node moves the elbow's vertices.
    Pose pose = Pose::rest_of(s);
    pose.local[static_cast<std::size_t>(offset)].translation.x = 1.0f;
    EXPECT_NEAR(skin_positions(loaded.character, pose)[4].x, -0.1f + 1.0f, 1e-5f);
}

TEST(GltfHierarchy, AncestorsOfTheSkeletonRootBecomeJointsAndSkeletonHintIsOnlyAHint) {
    GltfWriter w = arm_rig();
    // A root_correction turning the arm 90 degrees about z, as in the shared rigs.
    const glm::mat4 correction = glm::rotate(glm::mat4(1.0f), glm::radians(90.0f), glm::vec3(0, 0, 1));
    const int corr = w.add_node({{"name", "root_correction"}, {"rotation", {0.0, 0.0, std::sqrt(0.5), std::sqrt(0.5)}},
                                 {"children", {0}}});
    w.json["skins"][0]["skeleton"] = 1;  // a wrong hint: the elbow
    glm::mat4 elbow_bind = correction * glm::translate(glm::mat4(1.0f), glm::vec3(0, 1, 0));
    w.json["skins"][0]["inverseBindMatrices"] = w.add_mat4({glm::inverse(correction), glm::inverse(elbow_bind)});
    std::vector<glm::vec3> corrected;
    for (const glm::vec3& p : arm_positions()) corrected.push_back(glm::vec3(correction * glm::vec4(p, 1.0f)));
    w.json["meshes"][0]["primitives"][0]["attributes"]["POSITION"] = w.add_vec3(corrected);
    w.set_scene({corr, 2});
    const io::LoadedCharacter loaded = load(w);
    ASSERT_EQ(loaded.character.skeleton.joint_count(), 3);
    EXPECT_EQ(loaded.character.skeleton.names[0], "root_correction");
    expect_rest_matches_file(loaded, corrected);
}

TEST(GltfSkins, InverseBindMatricesAreOptional) {
    const io::LoadedCharacter loaded = load(arm_rig(ArmOptions{false, true}));
    for (const glm::mat4& b : loaded.character.mesh.inverse_binds) EXPECT_EQ(b, glm::mat4(1.0f));
    // Without inverse binds the elbow's vertices are offset by the elbow's translation.
    EXPECT_NEAR(skin_at_rest(loaded.character)[4].y, 2.0f + 1.0f, 1e-5f);
}

TEST(GltfSkins, SkinnedMeshNodeTransformIsIgnored) {
    GltfWriter w = arm_rig();
    w.json["nodes"][2]["translation"] = {5.0, 0.0, 0.0};
    w.json["nodes"][2]["scale"] = {3.0, 3.0, 3.0};
    expect_rest_matches_file(load(w), arm_positions());
}

TEST(GltfSkins, MeshesAndPrimitivesSharingASkinAreConcatenatedInFileOrder) {
    GltfWriter w = arm_rig();
    nlohmann::json primitive = w.json["meshes"][0]["primitives"][0];
    nlohmann::json shifted = primitive;
    std::vector<glm::vec3> moved = arm_positions();
    for (glm::vec3& p : moved) p.z = 1.0f;
    shifted["attributes"]["POSITION"] = w.add_vec3(moved);
    w.json["meshes"][0]["primitives"] = {primitive, shifted};
    w.add_mesh(nlohmann::json::array({primitive}));
    const int second = w.add_node({{"name", "arm2"}, {"mesh", 1}, {"skin", 0}});
    w.set_scene({0, 2, second});
    const io::LoadedCharacter loaded = load(w);
    ASSERT_EQ(loaded.character.mesh.vertex_count(), 18u);
    EXPECT_EQ(loaded.file_vertex_count, 18u);
    EXPECT_EQ(loaded.file_triangle_count, 12u);
    EXPECT_EQ(loaded.character.mesh.rest_positions[6].z, 1.0f);   // second primitive
    EXPECT_EQ(loaded.character.mesh.rest_positions[12].z, 0.0f);  // second mesh node
    EXPECT_EQ(loaded.character.mesh.triangles[12], 6u);            // its indices shifted
}

TEST(GltfSkins, InstancedMeshIsCountedPerInstance) {
    GltfWriter w = arm_rig();
    const int again = w.add_node({{"mesh", 0}, {"skin", 0}});
    w.set_scene({0, 2, again});
    const io::LoadedCharacter loaded = load(w);
    EXPECT_EQ(loaded.file_vertex_count, 12u);
    EXPECT_EQ(loaded.character.mesh.vertex_count(), 12u);
}

TEST(GltfRigidParts, MeshOnAJointWithoutSkinMovesRigidlyWithThatJoint) {
    GltfWriter w = arm_rig();
    // A "sword" under the elbow, offset by (1, 0, 0) and scaled by 2 in x.
    const int sword_mesh = w.add_mesh({{{"attributes", {{"POSITION", w.add_vec3({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}})}}}}});
    const int sword = w.add_node({{"name", "sword"}, {"mesh", sword_mesh}, {"translation", {1.0, 0.0, 0.0}}, {"scale", {2.0, 1.0, 1.0}}});
    w.json["nodes"][1]["children"] = nlohmann::json::array({sword});
    const io::LoadedCharacter loaded = load(w);
    const Character& c = loaded.character;
    ASSERT_EQ(c.skeleton.joint_count(), 2);  // the sword hangs off the elbow, it is no joint
    ASSERT_EQ(c.mesh.vertex_count(), 9u);
    const std::vector<glm::vec3> rest = skin_at_rest(c);
    EXPECT_VEC3_NEAR(rest[6], glm::vec3(1, 1, 0), 1e-5f);
    EXPECT_VEC3_NEAR(rest[7], glm::vec3(3, 1, 0), 1e-5f);
    EXPECT_EQ(c.mesh.weights.joints[c.mesh.weights.offsets[6]], 1u);
    // Turning the elbow 90 degrees about z swings the sword around it.
    Pose pose = Pose::rest_of(c.skeleton);
    pose.local[1].rotation = glm::angleAxis(glm::radians(90.0f), glm::vec3(0, 0, 1));
    EXPECT_VEC3_NEAR(skin_positions(c, pose)[7], glm::vec3(0, 4, 0), 1e-5f);
}

TEST(GltfRigidParts, FileWithoutSkinIsARigidCharacterWithOneRootJoint) {
    GltfWriter w;
    const int mesh = w.add_mesh({{{"attributes", {{"POSITION", w.add_vec3({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}})}}}}});
    const int node = w.add_node({{"mesh", mesh}, {"translation", {0.0, 0.0, 2.0}}});
    w.set_scene({node});
    const io::LoadedCharacter loaded = load(w);
    EXPECT_EQ(loaded.character.skeleton.joint_count(), 1);
    EXPECT_EQ(loaded.character.validate(), "");
    EXPECT_VEC3_NEAR(loaded.character.mesh.rest_positions[1], glm::vec3(1, 0, 2), 1e-6f);
    EXPECT_VEC3_NEAR(loaded.character.mesh.rest_normals[0], glm::vec3(0, 0, 1), 1e-6f);  // computed
}

TEST(GltfRigidParts, NonUniformScaleTransformsNormalsByTheInverseTranspose) {
    GltfWriter w;
    const float s = std::sqrt(0.5f);
    const int mesh = w.add_mesh({{{"attributes",
                                   {{"POSITION", w.add_vec3({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}})},
                                    {"NORMAL", w.add_vec3({{s, s, 0}, {s, s, 0}, {s, s, 0}})}}}}});
    w.set_scene({w.add_node({{"mesh", mesh}, {"scale", {2.0, 1.0, 1.0}}})});
    const io::LoadedCharacter loaded = load(w);
    EXPECT_VEC3_NEAR(loaded.character.mesh.rest_normals[0], glm::normalize(glm::vec3(0.5f, 1.0f, 0.0f)), 1e-5f);
    EXPECT_VEC3_NEAR(loaded.character.mesh.rest_positions[1], glm::vec3(2, 0, 0), 1e-6f);
}

TEST(GltfRigidParts, UnskinnedMeshOutsideTheSkeletonBecomesItsOwnJoint) {
    GltfWriter w = arm_rig();
    const int prop_mesh = w.add_mesh({{{"attributes", {{"POSITION", w.add_vec3({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}})}}}}});
    const int prop = w.add_node({{"name", "prop"}, {"mesh", prop_mesh}, {"translation", {0.0, 0.0, 3.0}}});
    w.set_scene({0, 2, prop});
    const io::LoadedCharacter loaded = load(w);
    EXPECT_EQ(loaded.character.skeleton.joint_count(), 3);
    EXPECT_VEC3_NEAR(skin_at_rest(loaded.character)[7], glm::vec3(1, 0, 3), 1e-6f);
}

TEST(GltfMeshes, TriangleStripsAndFansAreSplitAndCountedAsStored) {
    GltfWriter w;
    const int positions = w.add_vec3({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}});
    const int mesh = w.add_mesh({{{"attributes", {{"POSITION", positions}}}, {"mode", 5}},
                                 {{"attributes", {{"POSITION", positions}}}, {"mode", 6}}});
    w.set_scene({w.add_node({{"mesh", mesh}})});
    const io::LoadedCharacter loaded = load(w);
    EXPECT_EQ(loaded.file_triangle_count, 4u);
    EXPECT_EQ(loaded.character.mesh.triangle_count(), 4u);
}

TEST(GltfMeshes, PointsAreSkippedWithAWarningButCounted) {
    GltfWriter w = arm_rig();
    w.json["meshes"][0]["primitives"].push_back({{"attributes", {{"POSITION", w.add_vec3({{0, 0, 0}})}}}, {"mode", 0}});
    const io::LoadedCharacter loaded = load(w);
    EXPECT_EQ(loaded.file_vertex_count, 7u);
    EXPECT_EQ(loaded.character.mesh.vertex_count(), 6u);
    EXPECT_TRUE(has_warning(loaded, "points or lines"));
}

TEST(GltfMeshes, MorphTargetsAreLoadedWithoutChangingTheRest) {
    GltfWriter w = arm_rig();
    w.json["meshes"][0]["primitives"][0]["targets"] = {{{"POSITION", w.add_vec3(std::vector<glm::vec3>(6, {1, 0, 0}))}}};
    const io::LoadedCharacter loaded = load(w);
    EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front();
    expect_rest_matches_file(loaded, arm_positions());  // the morph is applied per frame, by its weights
    ASSERT_EQ(loaded.character.mesh.morphs.groups.size(), 1u);
    EXPECT_EQ(loaded.character.mesh.morphs.groups[0].name, "arm");
    ASSERT_EQ(loaded.character.mesh.morphs.groups[0].targets.size(), 1u);
    EXPECT_EQ(loaded.character.mesh.morphs.groups[0].targets[0].vertices.size(), 6u);
    EXPECT_EQ(loaded.character.mesh.morphs.groups[0].default_weights, std::vector<float>{0.0f});
}

TEST(GltfMeshes, MissingNormalsAreComputed) {
    const io::LoadedCharacter loaded = load(arm_rig(ArmOptions{true, false}));
    for (const glm::vec3& n : loaded.character.mesh.rest_normals) EXPECT_VEC3_NEAR(n, glm::vec3(0, 0, 1), 1e-5f);
}

}  // namespace
}  // namespace dynskin::test
