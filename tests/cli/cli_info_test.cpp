// The real dynskin-cli binary: `info` output and the one-line error with status 2.

#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdio>

#include "io/gltf/gltf_document.h"
#include "io_test_support.h"
#include "morph_rigs.h"

namespace dynskin::test {
namespace {

struct CliRun {
    int status = -1;
    std::string out, err;
};

CliRun run_cli(const std::string& arguments) {
    const std::string folder = make_temp_folder();
    const std::string command =
        std::string(DYNSKIN_CLI) + " " + arguments + " >" + folder + "/out 2>" + folder + "/err";
    CliRun run;
    const int raw = std::system(command.c_str());
    run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    const auto slurp = [](const std::string& path) {
        std::vector<std::uint8_t> bytes;
        try {
            bytes = io::read_file_bytes(path);
        } catch (const io::LoadError&) {
        }
        return std::string(bytes.begin(), bytes.end());
    };
    run.out = slurp(folder + "/out");
    run.err = slurp(folder + "/err");
    return run;
}

TEST(CliInfo, PrintsTheCountsAsJson) {
    const std::string folder = make_temp_folder();
    GltfWriter w = arm_rig();
    const int deltas = w.add_vec3(std::vector<glm::vec3>(6, {0, 0, 0}));
    w.json["meshes"][0]["primitives"][0]["targets"] = {{{"POSITION", deltas}}, {{"POSITION", deltas}, {"TANGENT", deltas}}};
    const CliRun run = run_cli("info " + w.write_glb(folder, "arm"));
    ASSERT_EQ(run.status, 0) << run.err;
    const nlohmann::json info = nlohmann::json::parse(run.out);
    EXPECT_EQ(info["vertices"], 6);
    EXPECT_EQ(info["triangles"], 4);
    EXPECT_EQ(info["joints"], 2);
    EXPECT_EQ(info["skeleton_nodes"], 2);
    EXPECT_EQ(info["materials"], 1);
    EXPECT_EQ(info["morph_targets"], 2);
    EXPECT_TRUE(info["animations"].is_array());
    ASSERT_EQ(info["warnings"].size(), 1u);  // the tangent deltas, which dynskin ignores
    EXPECT_NE(info["warnings"][0].get<std::string>().find("TANGENT"), std::string::npos);
}

TEST(CliInfo, RealCowMatchesTheReadme) {
    const std::string cow = std::string(DYNSKIN_SHARED_RIGS) + "/cow.glb";
    struct stat st {};
    if (::stat(cow.c_str(), &st) != 0) GTEST_SKIP() << cow << " is absent (a user's clone has no ../shared)";
    const CliRun run = run_cli("info " + cow);
    ASSERT_EQ(run.status, 0) << run.err;
    const nlohmann::json info = nlohmann::json::parse(run.out);
    EXPECT_EQ(info["vertices"], 3225);
    EXPECT_EQ(info["triangles"], 5856);
    EXPECT_EQ(info["joints"], 26) << "the skin's joints, as glTF tools count them";
    EXPECT_EQ(info["skeleton_nodes"], 27) << "the skin's joints and root_correction above them";
    ASSERT_EQ(info["animations"].size(), 1u);
    EXPECT_EQ(info["animations"][0]["name"], "recorded");
    EXPECT_NEAR(info["animations"][0]["duration"].get<double>(), 13.3, 1e-3);
    EXPECT_TRUE(info["warnings"].empty());
}

// Joints are the union of the used skins' joint nodes: not the nodes above or between them,
// not rigid mesh nodes, each shared joint once.
TEST(CliInfo, JointsCountTheSkinsJointsNotTheSkeletonsNodes) {
    const std::string folder = make_temp_folder();
    GltfWriter w = arm_rig();
    // An armature node above the root joint, and a prop mesh on the elbow.
    const int armature = w.add_node({{"name", "armature"}, {"children", {0}}});
    const int prop = w.add_node({{"name", "prop"}, {"mesh", 0}, {"translation", {0.5, 0.0, 0.0}}});
    w.json["nodes"][1]["children"] = nlohmann::json::array({prop});
    // A second skinned mesh with a skin over the same joints, listed in another order.
    w.json["skins"].push_back({{"joints", {1, 0}}});
    w.add_node({{"name", "sleeve"}, {"mesh", 0}, {"skin", 1}});
    w.set_scene({armature, 2, static_cast<int>(w.json["nodes"].size()) - 1});
    const CliRun run = run_cli("info " + w.write_glb(folder, "armature"));
    ASSERT_EQ(run.status, 0) << run.err;
    const nlohmann::json info = nlohmann::json::parse(run.out);
    EXPECT_EQ(info["joints"], 2);
    EXPECT_EQ(info["skeleton_nodes"], 3) << "the armature node is in dynskin's skeleton";
}

TEST(CliInfo, AFileWithoutSkinHasNoJoints) {
    const std::string folder = make_temp_folder();
    GltfWriter w;
    const int positions = w.add_vec3({{0, 0, 0}, {1, 0, 0}, {0, 1, 0}});
    w.add_mesh({{{"attributes", {{"POSITION", positions}}}}});
    w.set_scene({w.add_node({{"mesh", 0}})});
    const CliRun run = run_cli("info " + w.write_glb(folder, "triangle"));
    ASSERT_EQ(run.status, 0) << run.err;
    const nlohmann::json info = nlohmann::json::parse(run.out);
    EXPECT_EQ(info["joints"], 0);
    EXPECT_EQ(info["skeleton_nodes"], 1) << "the synthetic root a rigid character moves with";
    EXPECT_EQ(info["triangles"], 1);
}

TEST(CliInfo, BadFilesGiveOneErrorLineAndStatus2) {
    const std::string folder = make_temp_folder();
    write_bytes(folder + "/empty.glb", {});
    write_bytes(folder + "/noise.glb", {'g', 'l', 'T', 'F', 2, 0, 0, 0, 255, 255, 0, 0});
    const std::string json = R"({"asset": {"version": "2.0"}, "nodes": [{"children": [0]}]})";
    write_bytes(folder + "/own_child.gltf", {json.begin(), json.end()});
    for (const std::string name : {"empty.glb", "noise.glb", "own_child.gltf", "missing.glb"}) {
        const CliRun run = run_cli("info " + folder + "/" + name);
        EXPECT_EQ(run.status, 2) << name;
        EXPECT_TRUE(run.out.empty()) << name;
        EXPECT_EQ(run.err.rfind("error: ", 0), 0u) << run.err;
        EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
    }
}

}  // namespace
}  // namespace dynskin::test

namespace dynskin::test {
namespace {

// The largest distance between the LBS and the final columns of a trace's CSV.
float largest_offset(const std::string& csv) {
    float largest = 0.0f;
    std::size_t line_start = csv.find('\n') + 1;  // after the header
    while (line_start < csv.size()) {
        const std::size_t end = csv.find('\n', line_start);
        float v[7];
        if (std::sscanf(csv.c_str() + line_start, "%f,%f,%f,%f,%f,%f,%f", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
                        &v[6]) == 7)
            largest = std::max(largest, std::sqrt((v[4] - v[1]) * (v[4] - v[1]) + (v[5] - v[2]) * (v[5] - v[2]) +
                                                  (v[6] - v[3]) * (v[6] - v[3])));
        line_start = end == std::string::npos ? csv.size() : end + 1;
    }
    return largest;
}

TEST(CliTrace, SquashAndTheFloppyLimiterAreSeenFromOutside) {
    const std::string base = "trace bar --vertex 1000 --duration 1.5 --mode drag --D 0.5";
    const CliRun drag = run_cli(base);
    const CliRun squash = run_cli(base + " --squash 0.5");
    const CliRun limited = run_cli(base + " --max-angle 0.01");
    ASSERT_EQ(drag.status, 0) << drag.err;
    ASSERT_EQ(squash.status, 0) << squash.err;
    ASSERT_EQ(limited.status, 0) << limited.err;
    EXPECT_GT(largest_offset(drag.out), 1e-3f);
    EXPECT_GT(std::abs(largest_offset(squash.out) - largest_offset(drag.out)), 1e-4f);
    EXPECT_LT(largest_offset(limited.out), 0.5f * largest_offset(drag.out));
    const CliRun lbs = run_cli("trace bar --vertex 1000 --duration 1 --mode lbs --squash 0.5");
    EXPECT_EQ(largest_offset(lbs.out), 0.0f);

    const CliRun bad = run_cli(base + " --squash nan");
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("--squash must be a finite number"), std::string::npos) << bad.err;
}

// A morph-only file: trace's LBS and final columns both carry the morph, frame by frame.
TEST(CliTrace, RowsShowTheMorph) {
    const std::string file = morph_only_quad().writer.write_glb(make_temp_folder(), "quad");
    const CliRun run = run_cli("trace " + file + " --clip linear --vertex 0 --duration 3 --mode lbs");
    ASSERT_EQ(run.status, 0) << run.err;
    int rows = 0;
    std::size_t line_start = run.out.find('\n') + 1;
    while (line_start < run.out.size()) {
        float v[7];
        ASSERT_EQ(std::sscanf(run.out.c_str() + line_start, "%f,%f,%f,%f,%f,%f,%f", &v[0], &v[1], &v[2], &v[3], &v[4],
                              &v[5], &v[6]),
                  7);
        // Vertex 0 at (1, 0, 0) rises along z by 2 x 0.5 x w0 (the node's scale 2).
        const float z = 2.0f * 0.5f * morph_only_weights("linear", v[0])[0];
        EXPECT_NEAR(v[3], z, 1e-5f) << "t = " << v[0];
        EXPECT_NEAR(v[6], z, 1e-5f) << "t = " << v[0];
        ++rows;
        line_start = run.out.find('\n', line_start) + 1;
        if (line_start == 0) break;
    }
    EXPECT_EQ(rows, 181);  // every 1/60 s tick of the 3 s clip, both ends included
}

}  // namespace
}  // namespace dynskin::test
