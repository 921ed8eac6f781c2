// The dragon's anatomy, which the generic cast tests do not see: it stands off the ground on
// four legs, its wings are membranes between finger chains, its skin is soft where it
// should ring and rigid on the claws, it is one piece, and its preset delays the turns.

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <string>
#include <tuple>

#include <gtest/gtest.h>

#include "characters/bundled_characters.h"

namespace dynskin::characters {
namespace {

const BundledCharacter& dragon() {
    static const BundledCharacter made = *make_bundled_character("dragon");
    return made;
}

int joint_named(const std::string& name) {
    const auto& names = dragon().character.skeleton.names;
    const auto it = std::find(names.begin(), names.end(), name);
    return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

// The joint carrying most of a vertex's weight.
int main_joint(std::size_t vertex) {
    const SkinningWeights& w = dragon().character.mesh.weights;
    std::uint32_t best = w.offsets[vertex];
    for (std::uint32_t k = w.offsets[vertex]; k < w.offsets[vertex + 1]; ++k)
        if (w.weights[k] > w.weights[best]) best = k;
    return static_cast<int>(w.joints[best]);
}

TEST(Dragon, StandsOnFourLegsWithItsBellyOffTheGround) {
    const SkinnedMesh& mesh = dragon().character.mesh;
    float lowest_belly = 1e9f, lowest = 1e9f;
    for (const glm::vec3& p : mesh.rest_positions) {
        lowest = std::min(lowest, p.y);
        if (std::abs(p.z) < 0.1f && p.x > -0.3f && p.x < 0.3f) lowest_belly = std::min(lowest_belly, p.y);
    }
    EXPECT_NEAR(lowest, 0.0f, 0.05f) << "the feet stand on the ground";
    EXPECT_GT(lowest_belly, 0.45f) << "the belly should be well off the ground";
    for (const char* leg : {"front_l_shin", "front_r_shin", "back_l_shin", "back_r_shin"})
        EXPECT_GE(joint_named(leg), 0) << leg;
}

TEST(Dragon, EachWingIsAMembraneStretchedBetweenFingerChains) {
    const Skeleton& skeleton = dragon().character.skeleton;
    const SkinnedMesh& mesh = dragon().character.mesh;
    for (const std::string side : {"_l", "_r"}) {
        const int forearm = joint_named("wing_forearm" + side);
        ASSERT_GE(forearm, 0);
        EXPECT_EQ(skeleton.parents[static_cast<std::size_t>(forearm)], joint_named("wing_arm" + side));
        for (int f = 0; f < 3; ++f) {
            const std::string finger = "wing_finger" + std::to_string(f);
            const int base = joint_named(finger + side), tip = joint_named(finger + "_tip" + side);
            ASSERT_GE(base, 0) << finger + side;
            ASSERT_GE(tip, 0) << finger + "_tip" + side;
            EXPECT_EQ(skeleton.parents[static_cast<std::size_t>(base)], forearm);
            EXPECT_EQ(skeleton.parents[static_cast<std::size_t>(tip)], base);
            // The skin the finger carries is membrane, most of it soft.
            std::vector<float> bends;
            for (std::size_t i = 0; i < mesh.vertex_count(); ++i)
                if (main_joint(i) == tip) bends.push_back(mesh.bend_weights[i]);
            ASSERT_GT(bends.size(), 100u) << finger + "_tip" + side << " carries hardly any skin";
            std::nth_element(bends.begin(), bends.begin() + bends.size() / 2, bends.end());
            EXPECT_GT(bends[bends.size() / 2], 1.4f) << finger + "_tip" + side << ": the membrane should be soft";
        }
    }
}

TEST(Dragon, IsSoftOnTheMembraneAndBellyAndRigidOnTheClaws) {
    const SkinnedMesh& mesh = dragon().character.mesh;
    const auto& bend = mesh.bend_weights;
    const auto rigid = std::count(bend.begin(), bend.end(), 0.0f);
    EXPECT_GT(rigid, 200) << "the claws should be rigid";
    float belly = 0.0f;
    for (std::size_t i = 0; i < mesh.vertex_count(); ++i) {
        const glm::vec3& p = mesh.rest_positions[i];
        if (std::abs(p.z) < 0.1f && std::abs(p.x) < 0.2f && p.y < 0.8f) belly = std::max(belly, bend[i]);
    }
    EXPECT_GT(belly, 1.5f) << "the belly should be soft";
    // The horns sit at the top of the head: stiff.
    const int head = joint_named("head");
    ASSERT_GE(head, 0);
    for (std::size_t i = 0; i < mesh.vertex_count(); ++i) {
        if (main_joint(i) == head && mesh.rest_positions[i].y > 2.3f) {
            EXPECT_LT(bend[i], 0.3f) << "horn vertex " << i;
        }
    }
}

TEST(Dragon, IsOnePiece) {
    // Thin tips that slip between the grid's points leave crumbs floating beside the body.
    const SkinnedMesh& mesh = dragon().character.mesh;
    std::vector<std::uint32_t> parent(mesh.vertex_count());
    std::iota(parent.begin(), parent.end(), 0u);
    const auto root = [&](std::uint32_t v) {
        while (parent[v] != v) v = parent[v] = parent[parent[v]];
        return v;
    };
    for (std::size_t t = 0; t < mesh.triangles.size(); t += 3)
        for (int k = 1; k < 3; ++k) parent[root(mesh.triangles[t + k])] = root(mesh.triangles[t]);
    std::size_t pieces = 0;
    for (std::uint32_t v = 0; v < parent.size(); ++v) pieces += root(v) == v;
    EXPECT_EQ(pieces, 1u);
}

TEST(Dragon, HasAFlightAndAWalkAndItsPresetDelaysTheTurns) {
    std::vector<std::string> clips;
    for (const AnimationClip& clip : dragon().character.clips) clips.push_back(clip.name);
    EXPECT_EQ(clips, (std::vector<std::string>{"take_off", "walk"}));
    const float c = dragon().preset.parameters.propagation_speed;
    EXPECT_TRUE(std::isfinite(c) && c > 0.0f) << "delayed LBS should be on in the dragon's preset";
}

}  // namespace
}  // namespace dynskin::characters
