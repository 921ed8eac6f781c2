// Saving the user's work: bend weights and settings go into a glb that reopens as it was.

#include <fstream>

#include "dynskin/gltf_saver.h"
#include "io/gltf/gltf_document.h"
#include "io_test_support.h"

namespace dynskin::test {
namespace {

DynamicSettings sample_settings(int joints) {
    DynamicSettings settings;
    settings.parameters.mode = DeformerMode::DragOnly;
    settings.parameters.oscillation.frequency = 3.25f;
    settings.parameters.propagation_speed = 4.0f;
    settings.parameters.max_angle = std::numeric_limits<float>::infinity();
    settings.joints.resize(static_cast<std::size_t>(joints));
    settings.joints[1].gain = 0.0f;
    settings.joints[1].override_oscillation = true;
    settings.joints[1].oscillation.damping = 0.123f;
    settings.joints[1].origin_offset = glm::vec3(0.1f, -0.2f, 0.3f);
    settings.parameters.squash = 0.35f;
    settings.parameters.squash_center = SquashCenter::Centroid;
    settings.joints[0].bend.translation = false;
    settings.joints[1].squash.rotation = false;
    settings.joints[1].centroid_offset = glm::vec3(-0.5f, 0.25f, 0.0f);
    return settings;
}

void expect_same_settings(const DynamicSettings& a, const DynamicSettings& b) {
    EXPECT_EQ(a.parameters.mode, b.parameters.mode);
    EXPECT_EQ(a.parameters.oscillation, b.parameters.oscillation);
    EXPECT_EQ(a.parameters.propagation_speed, b.parameters.propagation_speed);
    EXPECT_EQ(a.parameters.max_angle, b.parameters.max_angle);
    EXPECT_EQ(a.parameters.squash, b.parameters.squash);
    EXPECT_EQ(a.parameters.squash_center, b.parameters.squash_center);
    ASSERT_EQ(a.joints.size(), b.joints.size());
    for (std::size_t j = 0; j < a.joints.size(); ++j) {
        EXPECT_EQ(a.joints[j].bend, b.joints[j].bend);
        EXPECT_EQ(a.joints[j].squash, b.joints[j].squash);
        EXPECT_EQ(a.joints[j].centroid_offset, b.joints[j].centroid_offset);
        EXPECT_EQ(a.joints[j].gain, b.joints[j].gain);
        EXPECT_EQ(a.joints[j].override_oscillation, b.joints[j].override_oscillation);
        EXPECT_EQ(a.joints[j].oscillation, b.joints[j].oscillation);
        EXPECT_EQ(a.joints[j].origin_offset, b.joints[j].origin_offset);
    }
}

TEST(GltfSaver, FloppyAndSquashLayersReopenAsTheyWere) {
    const std::string folder = make_temp_folder();
    const std::string source = arm_rig().write_glb(folder, "arm");
    const std::vector<float> bend(6, 1.0f), floppy = {0.0f, 2.0f, -1.0f, 1.0f, 1.0f, 0.5f},
                             squash = {1.5f, 1.0f, 0.0f, -0.5f, 1.0f, 1.0f}, none;
    const std::string saved = folder + "/arm_layers.glb";
    io::save_character_work(source, saved, io::PaintedLayers{bend, floppy, squash}, sample_settings(2));
    io::LoadedCharacter loaded = io::load_gltf(saved);
    EXPECT_EQ(loaded.character.mesh.floppy_weights, floppy);
    EXPECT_EQ(loaded.character.mesh.squash_weights, squash);
    EXPECT_TRUE(loaded.warnings.empty());
    // Unpainted layers load empty (uniform 1); clearing a painted one resets it in the file.
    EXPECT_TRUE(io::load_gltf(source).character.mesh.floppy_weights.empty());
    io::save_character_work(saved, saved, io::PaintedLayers{bend, none, squash}, sample_settings(2));
    loaded = io::load_gltf(saved);
    EXPECT_TRUE(loaded.character.mesh.floppy_weights.empty());
    EXPECT_EQ(loaded.character.mesh.squash_weights, squash);
    // A layer of the wrong size is refused with a message.
    EXPECT_THROW(io::save_character_work(saved, saved, io::PaintedLayers{bend, std::vector<float>(5, 1.0f), none},
                                         sample_settings(2)),
                 io::SaveError);
}

std::size_t file_size(const std::string& path) {
    std::ifstream in(path, std::ios::binary | std::ios::ate);
    return static_cast<std::size_t>(in.tellg());
}

TEST(GltfSaver, BendWeightsAndSettingsReopenAsTheyWere) {
    const std::string folder = make_temp_folder();
    const std::string source = arm_rig().write_glb(folder, "arm");
    const std::vector<float> bend = {1.0f, 0.5f, -0.25f, 0.0f, 2.0f, 1.0f};
    const DynamicSettings settings = sample_settings(2);
    const std::string saved = folder + "/arm_saved.glb";
    io::save_character_work(source, saved, bend, settings);

    const io::LoadedCharacter loaded = io::load_gltf(saved);
    EXPECT_EQ(loaded.character.mesh.bend_weights, bend);
    ASSERT_TRUE(loaded.settings.has_value());
    expect_same_settings(*loaded.settings, settings);
    EXPECT_TRUE(loaded.warnings.empty());
    // Everything else is as it was.
    const io::LoadedCharacter original = io::load_gltf(source);
    EXPECT_EQ(loaded.character.mesh.rest_positions, original.character.mesh.rest_positions);
    EXPECT_EQ(loaded.character.mesh.weights.weights, original.character.mesh.weights.weights);
    EXPECT_EQ(loaded.character.mesh.inverse_binds, original.character.mesh.inverse_binds);
    EXPECT_FALSE(original.settings.has_value());

    // Saving again in place overwrites the attribute instead of growing the file.
    const std::size_t size = file_size(saved);
    io::save_character_work(saved, saved, std::vector<float>(6, 0.75f), settings);
    EXPECT_EQ(file_size(saved), size);
    EXPECT_EQ(io::load_gltf(saved).character.mesh.bend_weights, std::vector<float>(6, 0.75f));
}

TEST(GltfSaver, SavedFileIsPlainGltfWithAnUnderscoreAttribute) {
    const std::string folder = make_temp_folder();
    const std::string source = arm_rig().write_glb(folder, "arm");
    io::save_character_work(source, folder + "/out.glb", std::vector<float>(6, 1.0f), sample_settings(2));
    const io::GltfDocument document = io::parse_gltf_document(io::read_file_bytes(folder + "/out.glb"), folder);
    const nlohmann::json& primitive = document.json["meshes"][0]["primitives"][0];
    ASSERT_TRUE(primitive["attributes"].contains("_DYNSKIN_BEND"));
    EXPECT_TRUE(document.json["extensions"]["DYNSKIN_dynamic_skinning"]["parameters"].is_object());
    EXPECT_EQ(document.json["buffers"].size(), 1u);
    EXPECT_FALSE(document.json["buffers"][0].contains("uri"));
}

TEST(GltfSaver, GltfSourceWithExternalFilesBecomesASelfContainedGlb) {
    GltfWriter w = arm_rig();
    const std::string folder = make_temp_folder();
    write_bytes(folder + "/skin.png", tiny_png(2, 2, 99));
    w.json["images"] = {{{"uri", "skin.png"}}};
    w.json["textures"] = {{{"source", 0}}};
    w.json["materials"] = {{{"pbrMetallicRoughness", {{"baseColorTexture", {{"index", 0}}}}}}};
    w.json["meshes"][0]["primitives"][0]["material"] = 0;
    w.json["meshes"][0]["primitives"][0]["attributes"]["TEXCOORD_0"] = w.add_floats(std::vector<float>(12, 0.5f), "VEC2");
    const std::string source = w.write_gltf_with_bin(folder, "arm");
    const std::string other_folder = make_temp_folder();
    io::save_character_work(source, other_folder + "/arm.glb", std::vector<float>(6, 0.5f), sample_settings(2));
    const io::LoadedCharacter loaded = io::load_gltf(other_folder + "/arm.glb");
    ASSERT_EQ(loaded.look.images.size(), 1u);
    EXPECT_EQ(loaded.look.images[0].width, 2);
    EXPECT_EQ(loaded.look.images[0].rgba[0], 99);
    EXPECT_EQ(loaded.character.mesh.bend_weights, std::vector<float>(6, 0.5f));
}

TEST(GltfSaver, RecordedClipsBecomeAnimationsOfTheJointNodes) {
    // The arm under a new root node listed after it, so that joint j is not node j.
    GltfWriter w = arm_rig();
    const int world = w.add_node({{"name", "world"}, {"translation", {0.5, 0.0, 0.0}}, {"children", {0}}});
    w.set_scene({world, 2});
    const std::string folder = make_temp_folder();
    const std::string source = w.write_glb(folder, "arm");
    const io::LoadedCharacter original = io::load_gltf(source);
    ASSERT_EQ(original.character.skeleton.joint_count(), 3);
    ASSERT_EQ(original.character.skeleton.names[0], "world");
    ASSERT_TRUE(original.character.clips.empty());

    AnimationClip recorded;
    recorded.name = "recorded 1";
    AnimationChannel turn;
    turn.joint = 2;  // the elbow (node 1)
    turn.times = {0.0f, 0.5f, 1.0f};
    for (float angle : {0.0f, 0.6f, -0.3f}) {
        const glm::quat q = glm::angleAxis(angle, glm::vec3(0, 0, 1));
        turn.values.insert(turn.values.end(), {q.x, q.y, q.z, q.w});
    }
    AnimationChannel move;
    move.joint = 0;  // world (node 3)
    move.path = ChannelPath::Translation;
    move.times = {0.0f, 1.0f};
    move.values = {0.5f, 0.0f, 0.0f, 0.5f, 0.25f, 0.0f};
    recorded.channels = {turn, move};
    recorded.duration = 1.0f;

    const std::string saved = folder + "/arm_recorded.glb";
    io::save_character_work(source, saved, std::vector<float>(6, 1.0f), sample_settings(3), {recorded});
    const io::LoadedCharacter reloaded = io::load_gltf(saved);
    EXPECT_TRUE(reloaded.warnings.empty()) << reloaded.warnings.front();
    ASSERT_EQ(reloaded.character.clips.size(), 1u);
    EXPECT_EQ(reloaded.character.clips[0].name, "recorded 1");
    EXPECT_FLOAT_EQ(reloaded.character.clips[0].duration, 1.0f);
    for (double t : {0.0, 0.2, 0.5, 0.77, 1.0}) {
        Pose expected = Pose::rest_of(original.character.skeleton), got = Pose::rest_of(reloaded.character.skeleton);
        recorded.sample(t, expected);
        reloaded.character.clips[0].sample(t, got);
        for (int j = 0; j < 3; ++j) {
            EXPECT_NEAR(glm::length(got.local[j].translation - expected.local[j].translation), 0.0f, 1e-6f) << t;
            EXPECT_NEAR(std::abs(glm::dot(got.local[j].rotation, expected.local[j].rotation)), 1.0f, 1e-6f) << t;
        }
    }
}

TEST(GltfSaver, WrongBendWeightCountIsRefusedAndLeavesNoFile) {
    const std::string folder = make_temp_folder();
    const std::string source = arm_rig().write_glb(folder, "arm");
    EXPECT_THROW(io::save_character_work(source, folder + "/out.glb", {1.0f}, DynamicSettings{}), io::SaveError);
    EXPECT_FALSE(std::ifstream(folder + "/out.glb").good());
    EXPECT_THROW(io::save_character_work(folder + "/missing.glb", folder + "/out.glb", {}, DynamicSettings{}),
                 io::SaveError);
}

TEST(GltfSaver, UnreadableSavedSettingsAreAWarning) {
    GltfWriter w = arm_rig();
    w.json["asset"]["extras"] = {{"dynskin", {{"parameters", {{"mode", "wobbly"}}}}}};
    const io::LoadedCharacter loaded = load(w);
    EXPECT_FALSE(loaded.settings.has_value());
    EXPECT_TRUE(has_warning(loaded, "settings are unreadable"));
}

}  // namespace
}  // namespace dynskin::test
