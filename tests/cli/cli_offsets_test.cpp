// dynskin-cli offsets from outside: per clip, how far the dynamics move the skin, how much of
// it moves far, and how far the parts on the ground move.

#include <nlohmann/json.hpp>

#include "cli_test_support.h"

namespace dynskin::test {
namespace {

nlohmann::json offsets_of(const std::string& arguments) {
    const CommandRun run = cli("offsets " + arguments);
    EXPECT_EQ(run.status, 0) << run.err;
    return nlohmann::json::parse(run.out);
}

TEST(CliOffsets, TellsAFoldFromAWobbleAndWatchesWhatStandsOnTheGround) {
    // The bundled bar stands on the ground on its root joint: its top whips back and forth
    // (far offsets on much of it) while its foot stays where it stands.
    const nlohmann::json bar = offsets_of(std::string(DYNSKIN_ASSETS) + "/bar.glb")["clips"][0];
    EXPECT_GT(bar["largest"].get<double>(), 0.2);
    EXPECT_GT(bar["far_share"].get<double>(), 0.3);
    EXPECT_LE(bar["far_share"].get<double>(), 1.0);
    EXPECT_LT(bar["grounded_largest"].get<double>(), 0.01);
    EXPECT_LE(bar["grounded_largest"].get<double>(), bar["largest"].get<double>());
    // Without dynamics nothing moves, on the ground or elsewhere.
    const nlohmann::json still = offsets_of(std::string(DYNSKIN_ASSETS) + "/bar.glb --mode lbs")["clips"][0];
    EXPECT_EQ(still["largest"].get<double>(), 0.0);
    EXPECT_EQ(still["far_share"].get<double>(), 0.0);
    EXPECT_EQ(still["grounded_largest"].get<double>(), 0.0);
}

// Rigs from the wild come without settings: the ground contact is on by default, so the
// feet their clips plant keep their plain-skinning place within 0.02 L, while the rest of
// the body still moves; switched off, the same feet move (the Fox's 0.09 L, CesiumMan's 0.06).
TEST(CliOffsets, PlantedFeetOfRigsFromTheWildStayPlanted) {
    int surveyed = 0;
    double freest = 0.0;
    for (const char* rig : {"Fox.glb", "CesiumMan.glb", "BrainStem.glb"}) {
        const std::string path = std::string(DYNSKIN_SHARED_RIGS) + "/wild/" + rig;
        if (!file_exists(path)) continue;
        ++surveyed;
        const nlohmann::json held = offsets_of(path)["clips"], free = offsets_of(path + " --ground-contact 0")["clips"];
        ASSERT_EQ(held.size(), free.size());
        for (std::size_t c = 0; c < held.size(); ++c) {
            const std::string clip = std::string(rig) + " " + held[c]["name"].get<std::string>();
            EXPECT_LE(held[c]["grounded_largest"].get<double>(), 0.02) << clip;
            EXPECT_GT(held[c]["largest"].get<double>(), 0.02) << clip << ": the rest of the body still moves";
            freest = std::max(freest, free[c]["grounded_largest"].get<double>());
        }
    }
    if (surveyed == 0) GTEST_SKIP() << "../shared/rigs/wild is absent: the rigs from the wild are not surveyed";
    EXPECT_GT(freest, 0.05) << "without the ground contact, planted feet move";
}

// Rigs from the wild come without settings: each clip plays with the strength sized to it, so
// that a fast run or a dance no longer folds the body and a slow look around still shows: its
// largest offset within 0.03 to 0.12 L, no tick moves more than 5 % of the skin past 0.1 L.
TEST(CliOffsets, TheStrengthOfRigsFromTheWildIsSizedToEachClip) {
    int surveyed = 0;
    for (const char* rig : {"Fox.glb", "CesiumMan.glb", "RiggedFigure.glb", "BrainStem.glb"}) {
        const std::string path = std::string(DYNSKIN_SHARED_RIGS) + "/wild/" + rig;
        if (!file_exists(path)) continue;
        ++surveyed;
        const nlohmann::json survey = offsets_of(path);  // (kept: a loop over a temporary's member dangles)
        for (const nlohmann::json& clip : survey["clips"]) {
            const std::string name = std::string(rig) + " " + clip["name"].get<std::string>();
            EXPECT_GE(clip["largest"].get<double>(), 0.03) << name;
            EXPECT_LE(clip["largest"].get<double>(), 0.12) << name;
            EXPECT_LE(clip["far_share"].get<double>(), 0.05) << name;
            EXPECT_LE(clip["grounded_largest"].get<double>(), 0.02) << name;
        }
    }
    if (surveyed == 0) GTEST_SKIP() << "../shared/rigs/wild is absent: the rigs from the wild are not surveyed";
}

}  // namespace
}  // namespace dynskin::test
