// Morph targets from glTF files: what the loader reads (dense and sparse targets, placed
// like their vertices; node weights over mesh weights; weights channels with every
// interpolation, counted in the clip's duration), what the deformer then shows against the
// glTF specification evaluated by the test, morph-only files that play, bad input, and the
// shared MorphStressTest rig.

#include <sys/stat.h>

#include <cmath>

#include "dynskin/deformer.h"
#include "io_test_support.h"
#include "morph_rigs.h"

namespace dynskin::test {
namespace {

DynamicSettings lbs_only() {
    DynamicSettings s;
    s.parameters.mode = DeformerMode::LbsOnly;
    return s;
}

const AnimationClip& clip_named(const Character& c, const std::string& name) {
    for (const AnimationClip& clip : c.clips)
        if (clip.name == name) return clip;
    throw std::runtime_error("no clip " + name);
}

// The arm's skin by the formula, over the given (morphed) rest positions.
std::vector<glm::vec3> skin_morphed(const Character& c, const Pose& pose, const std::vector<glm::vec3>& morphed) {
    Character copy = c;
    copy.mesh.rest_positions = morphed;
    return skin_positions(copy, pose);
}

TEST(GltfMorphTargets, DenseSparseAndNodeWeightsAreRead) {
    const MorphRig rig = morphing_arm_rig();
    const io::LoadedCharacter loaded = load(rig.writer);
    EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front();
    const MorphTargets& morphs = loaded.character.mesh.morphs;
    ASSERT_EQ(morphs.groups.size(), 1u);
    EXPECT_EQ(morphs.groups[0].default_weights, (std::vector<float>{0.25f, 1.0f}));  // the node's, not the mesh's
    ASSERT_EQ(morphs.groups[0].targets.size(), 2u);
    // Sparse storage: only the vertices a target moves.
    EXPECT_EQ(morphs.groups[0].targets[0].vertices, (std::vector<std::uint32_t>{0, 1, 2, 3, 4, 5}));  // normals move all
    EXPECT_EQ(morphs.groups[0].targets[1].vertices, (std::vector<std::uint32_t>{4, 5}));
    EXPECT_TRUE(morphs.groups[0].targets[1].normal_deltas.empty());
    EXPECT_VEC3_NEAR(morphs.groups[0].targets[1].position_deltas[1], glm::vec3(0.0f, 0.3f, -0.1f), 1e-7f);

    // Without node weights the mesh's are the defaults.
    MorphRig plain = morphing_arm_rig();
    plain.writer.json["nodes"][2].erase("weights");
    EXPECT_EQ(load(plain.writer).character.mesh.morphs.groups[0].default_weights, (std::vector<float>{0.5f, 0.5f}));
}

TEST(GltfMorphTargets, TheClipCountsItsWeightsChannelAndMorphsThenSkins) {
    const MorphRig rig = morphing_arm_rig();
    const io::LoadedCharacter loaded = load(rig.writer);
    const Character& c = loaded.character;
    ASSERT_EQ(c.clips.size(), 1u);
    EXPECT_FLOAT_EQ(c.clips[0].duration, 2.0f);  // the weights run a second longer than the joints
    const PoseSampler sampler = clip_sampler(c.skeleton, c.clips[0], false);
    const int elbow = joint_named(c.skeleton, "elbow");
    for (DeformerMode mode : {DeformerMode::LbsOnly, DeformerMode::DynamicSkinning}) {
        DynamicSettings settings = lbs_only();
        settings.parameters.mode = mode;
        Deformer deformer(c);
        for (double t : {0.0, 0.5, 1.0, 1.5, 2.0, 2.5}) {
            deformer.update(t, sampler, settings);
            Pose pose = Pose::rest_of(c.skeleton);
            pose.local[static_cast<std::size_t>(elbow)].rotation = glm::angleAxis(wave_elbow_angle(t), glm::vec3(0, 0, 1));
            const std::vector<float> w = wave_weights(t);
            EXPECT_NEAR(deformer.pose().morph_weights[0], w[0], 1e-6f) << t;
            EXPECT_NEAR(deformer.pose().morph_weights[1], w[1], 1e-6f) << t;
            const std::vector<glm::vec3> expected = skin_morphed(c, pose, rig.morphed_positions(w));
            for (std::size_t i = 0; i < expected.size(); ++i)
                EXPECT_VEC3_NEAR(deformer.base_positions()[i], expected[i], 1e-5f);
            if (mode == DeformerMode::LbsOnly) {
                // Vertices 0 and 1 hang on the root alone: their normals are the morphed ones.
                const std::vector<glm::vec3> normals = rig.morphed_normals(w);
                EXPECT_VEC3_NEAR(deformer.normals()[0], normals[0], 1e-5f);
                EXPECT_VEC3_NEAR(deformer.normals()[1], normals[1], 1e-5f);
            }
        }
    }
}

TEST(GltfMorphTargets, AMorphOnlyFilePlaysEveryInterpolation) {
    const MorphRig rig = morph_only_quad();
    const io::LoadedCharacter loaded = load(rig.writer);
    EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front();
    const Character& c = loaded.character;
    EXPECT_EQ(c.skeleton.joint_count(), 1);  // the rigid character's synthetic root
    ASSERT_EQ(c.clips.size(), 3u);
    EXPECT_FLOAT_EQ(clip_named(c, "linear").duration, 3.0f);
    EXPECT_FLOAT_EQ(clip_named(c, "step").duration, 1.5f);
    EXPECT_FLOAT_EQ(clip_named(c, "cubic").duration, 2.0f);
    for (const char* name : {"linear", "step", "cubic"}) {
        const PoseSampler sampler = clip_sampler(c.skeleton, clip_named(c, name), false);
        Deformer deformer(c);
        float moved = 0.0f;
        for (int k = 0; k <= 32; ++k) {
            const double t = k / 10.0;  // exactly on the keys at 0.5 and 1.5 s
            deformer.update(t, sampler, lbs_only());
            const std::vector<float> w = morph_only_weights(name, t);
            const std::vector<glm::vec3> positions = rig.morphed_positions(w), normals = rig.morphed_normals(w);
            for (std::size_t i = 0; i < positions.size(); ++i) {
                EXPECT_VEC3_NEAR(deformer.positions()[i], positions[i], 1e-5f);
                EXPECT_VEC3_NEAR(deformer.normals()[i], normals[i], 1e-5f);
            }
            moved = std::max(moved, glm::length(deformer.positions()[0] - rig.morphed_positions({0, 0})[0]));
        }
        EXPECT_GT(moved, 0.4f) << name;  // the placement's scale 2 doubles the 0.5 delta at full weight
    }
}

TEST(GltfMorphTargets, BadMorphDataIsAWarningNeverACrash) {
    {  // a target with the wrong count, and one with NaN deltas
        MorphRig rig = morph_only_quad();
        GltfWriter& w = rig.writer;
        w.json["meshes"][0]["primitives"][0]["targets"][0]["POSITION"] =
            w.add_vec3(std::vector<glm::vec3>(3, {0.0f, 0.0f, 1.0f}));
        w.json["meshes"][0]["primitives"][0]["targets"][1]["POSITION"] =
            w.add_vec3({{0, 0, 0}, {NAN, 0, 0}, {0.25f, 0.25f, 0}, {0, 0, 0}});
        const io::LoadedCharacter loaded = load(w);
        EXPECT_TRUE(has_warning(loaded, "morph target 0 POSITION has 3 elements for 4 vertices; it is ignored"));
        EXPECT_TRUE(has_warning(loaded, "morph target 1 POSITION has 1 non-finite deltas; they are set to zero"));
        EXPECT_EQ(loaded.character.validate(), "");
        Deformer deformer(loaded.character);
        deformer.update(2.0, clip_sampler(loaded.character.skeleton, clip_named(loaded.character, "linear"), false),
                        lbs_only());
        EXPECT_TRUE(all_of(deformer.positions().begin(), deformer.positions().end(),
                           [](const glm::vec3& p) { return std::isfinite(p.x + p.y + p.z); }));
    }
    {  // weights of the wrong length, a weights channel on a node without mesh, wrong key counts
        MorphRig rig = morph_only_quad();
        GltfWriter& w = rig.writer;
        w.json["meshes"][0]["weights"] = {1.0, 2.0, 3.0};
        const int empty = w.add_node({{"name", "empty"}});
        w.json["scenes"][0]["nodes"].push_back(empty);
        w.json["animations"][0]["channels"].push_back({{"sampler", 0}, {"target", {{"node", empty}, {"path", "weights"}}}});
        w.json["animations"][1]["samplers"][0]["output"] = w.add_floats({0, 0, 1, 1, 0.5f}, "SCALAR");
        const io::LoadedCharacter loaded = load(w);
        EXPECT_TRUE(has_warning(loaded, "mesh 0 has 3 morph weights for 2 morph targets; they are ignored"));
        EXPECT_TRUE(has_warning(loaded, "animates the morph weights of node 1, which has no mesh; it is skipped"));
        EXPECT_TRUE(has_warning(loaded, "animation 'step' channel 0 has 5 values for 3 keys of 2 morph weights"));
        EXPECT_EQ(loaded.character.mesh.morphs.groups[0].default_weights, (std::vector<float>{0.0f, 0.0f}));
        EXPECT_EQ(clip_named(loaded.character, "step").channels.size(), 0u);
        EXPECT_FLOAT_EQ(clip_named(loaded.character, "linear").duration, 3.0f);
    }
    {  // a weights channel on a mesh without targets; a CUBICSPLINE channel without tangents
        MorphRig rig = morph_only_quad();
        GltfWriter& w = rig.writer;
        w.json["meshes"][0]["primitives"][0].erase("targets");
        const io::LoadedCharacter loaded = load(w);
        EXPECT_TRUE(has_warning(loaded, "whose mesh has no morph targets; it is skipped"));
        MorphRig cubic = morph_only_quad();
        cubic.writer.json["animations"][2]["samplers"][0]["output"] = cubic.writer.add_floats({0, 0, 1, 0.5f}, "SCALAR");
        EXPECT_TRUE(has_warning(load(cubic.writer), "has 4 values for 2 keys of 2 morph weights (3 per weight a key)"));
    }
    {  // tangent deltas: one warning, however many targets have them
        MorphRig rig = morph_only_quad();
        GltfWriter& w = rig.writer;
        const int tangents = w.add_vec3(std::vector<glm::vec3>(4, {1.0f, 0.0f, 0.0f}));
        for (auto& target : w.json["meshes"][0]["primitives"][0]["targets"]) target["TANGENT"] = tangents;
        const io::LoadedCharacter loaded = load(w);
        ASSERT_EQ(loaded.warnings.size(), 1u);
        EXPECT_NE(loaded.warnings[0].find("TANGENT deltas; dynskin ignores morph target tangents"), std::string::npos);
    }
}

bool shared_rigs_present() {
    struct stat info {};
    return ::stat(DYNSKIN_SHARED_RIGS, &info) == 0 && S_ISDIR(info.st_mode);
}

TEST(GltfMorphTargets, MorphStressTestLoadsAndPlaysItsThreeClips) {
    const std::string path = std::string(DYNSKIN_SHARED_RIGS) + "/wild/MorphStressTest.gltf";
    struct stat info {};
    if (!shared_rigs_present() || ::stat(path.c_str(), &info) != 0)
        GTEST_SKIP() << path << " is absent (a user's clone has no ../shared); MorphStressTest checks skipped";
    const io::LoadedCharacter loaded = io::load_gltf(path);
    const Character& c = loaded.character;
    EXPECT_EQ(c.validate(), "");
    for (const std::string& w : loaded.warnings) EXPECT_EQ(w.find("ignores them"), std::string::npos) << w;
    ASSERT_EQ(c.mesh.morphs.groups.size(), 1u);  // one node, two primitives (materials) sharing 8 weights
    EXPECT_EQ(c.mesh.morphs.weight_count(), 8u);
    ASSERT_EQ(c.clips.size(), 3u);
    EXPECT_NEAR(clip_named(c, "Individuals").duration, 9.3333, 1e-3);
    EXPECT_NEAR(clip_named(c, "Pulse").duration, 6.3333, 1e-3);
    EXPECT_NEAR(clip_named(c, "TheWave").duration, 1.9583, 1e-3);
    for (const AnimationClip& clip : c.clips) {
        Deformer deformer(c);
        const PoseSampler sampler = clip_sampler(c.skeleton, clip, true);
        deformer.update(0.0, sampler, lbs_only());
        const std::vector<glm::vec3> start = deformer.positions();
        float moved = 0.0f;
        for (double t = 0.1; t < clip.duration; t += 0.1) {
            deformer.update(t, sampler, lbs_only());
            for (std::size_t i = 0; i < start.size(); ++i) moved = std::max(moved, glm::length(deformer.positions()[i] - start[i]));
        }
        EXPECT_GT(moved, 0.05f * deformer.size()) << clip.name;
    }
}

}  // namespace
}  // namespace dynskin::test
