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

}  // namespace
}  // namespace dynskin::test
