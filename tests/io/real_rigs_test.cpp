// The real rigs in ../shared/rigs (skipped when absent, as in a user's clone).

#include <sys/stat.h>

#include <cmath>

#include "dynskin/character.h"
#include "io_test_support.h"

namespace dynskin::test {
namespace {

struct RigFacts {
    const char* file;
    std::size_t vertices, triangles;
    int skeleton_joints;  // the README's joints, plus root_correction where the rig has one
    float clip_duration;  // 0: no clip
};

const RigFacts rigs[] = {{"cow.glb", 3225, 5856, 27, 13.3f},
                         {"dragon.glb", 3776, 5706, 38, 12.3f},
                         {"giraffe.glb", 1832, 3336, 59, 14.6f},
                         {"snail.glb", 8223, 14952, 17, 0.0f}};

std::string rig_path(const RigFacts& rig) { return std::string(DYNSKIN_SHARED_RIGS) + "/" + rig.file; }

bool rigs_present() {
    struct stat info {};
    return ::stat(DYNSKIN_SHARED_RIGS, &info) == 0 && S_ISDIR(info.st_mode);
}

#define SKIP_WITHOUT_RIGS()                                                                        \
    if (!rigs_present())                                                                           \
    GTEST_SKIP() << "the shared rigs folder " << DYNSKIN_SHARED_RIGS                              \
                 << " is absent (a user's clone has no ../shared); real-rig checks skipped"

class RealRig : public ::testing::TestWithParam<RigFacts> {};

TEST_P(RealRig, LoadsWithTheReadmeCounts) {
    SKIP_WITHOUT_RIGS();
    const RigFacts& rig = GetParam();
    const io::LoadedCharacter loaded = io::load_gltf(rig_path(rig));
    EXPECT_EQ(loaded.character.validate(), "");
    EXPECT_EQ(loaded.file_vertex_count, rig.vertices);
    EXPECT_EQ(loaded.file_triangle_count, rig.triangles);
    EXPECT_EQ(loaded.character.mesh.vertex_count(), rig.vertices);
    EXPECT_EQ(loaded.character.skeleton.joint_count(), rig.skeleton_joints);
    EXPECT_TRUE(loaded.warnings.empty()) << loaded.warnings.front();
    ASSERT_EQ(loaded.look.images.size(), 1u);
    EXPECT_GT(loaded.look.images[0].width, 0);
    EXPECT_EQ(loaded.character.mesh.uvs.size(), rig.vertices);
}

TEST_P(RealRig, LbsAtRestReproducesThePositions) {
    SKIP_WITHOUT_RIGS();
    const io::LoadedCharacter loaded = io::load_gltf(rig_path(GetParam()));
    const Character& c = loaded.character;
    const float size = character_size(c.skeleton, c.mesh);
    const std::vector<glm::vec3> skinned = skin_at_rest(c);
    float worst = 0.0f;
    for (std::size_t i = 0; i < skinned.size(); ++i) worst = std::max(worst, glm::length(skinned[i] - c.mesh.rest_positions[i]));
    EXPECT_LE(worst, 1e-5f * size) << "model size " << size;
}

TEST_P(RealRig, RecordedAnimationPlaysWithoutNaN) {
    SKIP_WITHOUT_RIGS();
    const RigFacts& rig = GetParam();
    const io::LoadedCharacter loaded = io::load_gltf(rig_path(rig));
    const Character& c = loaded.character;
    if (rig.clip_duration == 0.0f) {
        EXPECT_TRUE(c.clips.empty());
        return;
    }
    ASSERT_EQ(c.clips.size(), 1u);
    EXPECT_EQ(c.clips[0].name, "recorded");
    EXPECT_NEAR(c.clips[0].duration, rig.clip_duration, 1e-3f);
    Pose pose = Pose::rest_of(c.skeleton);
    float largest_motion = 0.0f;
    const std::vector<glm::vec3> rest = skin_at_rest(c);
    for (double t = 0.0; t <= rig.clip_duration + 0.5; t += 0.25) {
        c.clips[0].sample(t, pose);
        const std::vector<glm::vec3> skinned = skin_positions(c, pose);
        for (std::size_t i = 0; i < skinned.size(); ++i) {
            ASSERT_TRUE(std::isfinite(skinned[i].x) && std::isfinite(skinned[i].y) && std::isfinite(skinned[i].z));
            largest_motion = std::max(largest_motion, glm::length(skinned[i] - rest[i]));
        }
    }
    EXPECT_GT(largest_motion, 0.01f * character_size(c.skeleton, c.mesh));  // it does move
}

INSTANTIATE_TEST_SUITE_P(SharedRigs, RealRig, ::testing::ValuesIn(rigs),
                         [](const auto& info) { return std::string(info.param.file).substr(0, std::string(info.param.file).find('.')); });

}  // namespace
}  // namespace dynskin::test
