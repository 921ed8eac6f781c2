// The real dynskin-cli binary: `info` output and the one-line error with status 2.

#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdio>

#include "io/gltf_document.h"
#include "io_test_support.h"

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
    w.json["meshes"][0]["primitives"][0]["targets"] = {{{"POSITION", w.add_vec3(std::vector<glm::vec3>(6, {0, 0, 0}))}}};
    const CliRun run = run_cli("info " + w.write_glb(folder, "arm"));
    ASSERT_EQ(run.status, 0) << run.err;
    const nlohmann::json info = nlohmann::json::parse(run.out);
    EXPECT_EQ(info["vertices"], 6);
    EXPECT_EQ(info["triangles"], 4);
    EXPECT_EQ(info["joints"], 2);
    EXPECT_TRUE(info["animations"].is_array());
    ASSERT_EQ(info["warnings"].size(), 1u);
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
    EXPECT_EQ(info["joints"], 27);
    ASSERT_EQ(info["animations"].size(), 1u);
    EXPECT_EQ(info["animations"][0]["name"], "recorded");
    EXPECT_NEAR(info["animations"][0]["duration"].get<double>(), 13.3, 1e-3);
    EXPECT_TRUE(info["warnings"].empty());
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
