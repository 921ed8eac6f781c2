// Bad input of every kind: a LoadError naming the problem (or warnings), never a crash.

#include <random>

#include "io/gltf/glb_container.h"
#include "io_test_support.h"

namespace dynskin::test {
namespace {

void expect_error(const std::vector<std::uint8_t>& bytes, const std::string& part) {
    try {
        io::load_gltf_from_memory(bytes);
        ADD_FAILURE() << "loaded, expected an error containing '" << part << "'";
    } catch (const io::LoadError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find(part), std::string::npos) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
}

void expect_error(const GltfWriter& w, const std::string& part) { expect_error(w.glb(), part); }

std::vector<std::uint8_t> text(const std::string& s) { return {s.begin(), s.end()}; }

TEST(BadFiles, EmptyTruncatedRandomBytesInvalidJson) {
    expect_error(std::vector<std::uint8_t>{}, "empty");
    std::vector<std::uint8_t> glb = arm_rig().glb();
    expect_error(std::vector<std::uint8_t>(glb.begin(), glb.begin() + 12), "truncated");
    expect_error(std::vector<std::uint8_t>(glb.begin(), glb.begin() + static_cast<std::ptrdiff_t>(glb.size() / 2)), "truncated");
    std::mt19937 random(7);
    std::vector<std::uint8_t> noise(1000);
    for (auto& b : noise) b = static_cast<std::uint8_t>(random());
    expect_error(noise, "not valid JSON");
    expect_error(text("{\"asset\": {\"version\": \"2.0\"}, "), "not valid JSON");
    expect_error(text("[1, 2]"), "not an object");
}

TEST(BadFiles, WrongVersion) {
    expect_error(text(R"({"asset": {"version": "1.0"}})"), "version 1.0");
    expect_error(text(R"({"nodes": []})"), "asset");
    std::vector<std::uint8_t> glb = arm_rig().glb();
    glb[4] = 1;
    expect_error(glb, "version 1");
}

TEST(BadFiles, UnsupportedRequiredExtension) {
    GltfWriter w = arm_rig();
    w.json["extensionsRequired"] = {"KHR_meshopt_compression"};  // (its newer codec meshoptimizer 0.18 lacks)
    expect_error(w, "the file requires extension KHR_meshopt_compression, which dynskin does not read");
}

TEST(BadFiles, IndicesAndOffsetsPastTheEndOfABuffer) {
    GltfWriter w = arm_rig();
    w.json["meshes"][0]["primitives"][0]["indices"] = w.add_integers<std::uint16_t>({0, 1, 9}, kUnsignedShort, "SCALAR");
    expect_error(w, "index 9");
    w = arm_rig();
    w.json["accessors"][0]["byteOffset"] = 4000;
    expect_error(w, "runs past the end");
    w = arm_rig();
    w.json["accessors"][0]["count"] = 1000;
    expect_error(w, "runs past the end");
    w = arm_rig();
    w.json["bufferViews"][0]["byteLength"] = 100000;
    expect_error(w, "past the end");
    w = arm_rig();
    w.json["accessors"][0]["bufferView"] = 77;
    expect_error(w, "bufferView 77");
    w = arm_rig();
    w.json["meshes"][0]["primitives"][0]["attributes"]["NORMAL"] = 55;
    expect_error(w, "accessor 55");
}

TEST(BadFiles, ImageBufferViewPastTheBuffer) {
    GltfWriter w = arm_rig();
    const int view = w.add_view("abcd", 4);
    w.json["bufferViews"][static_cast<std::size_t>(view)]["byteOffset"] = 1u << 30;
    w.json["images"] = {{{"bufferView", view}, {"mimeType", "image/png"}}};
    expect_error(w, "past the end");
}

TEST(BadFiles, HugeCountsAreRefusedBeforeAllocating) {
    GltfWriter w = arm_rig();
    w.json["accessors"][0]["count"] = 1u << 31;
    expect_error(w, "past the end");
    w = arm_rig();
    w.json["accessors"][0].erase("bufferView");
    w.json["accessors"][0]["count"] = 1u << 31;
    expect_error(w, "claims 2147483648 elements");
    w = arm_rig();
    w.json["bufferViews"][0]["byteStride"] = 1u << 30;
    expect_error(w, "byteStride");
}

TEST(BadFiles, JointIndicesPastTheSkin) {
    GltfWriter w = arm_rig();
    w.json["meshes"][0]["primitives"][0]["attributes"]["JOINTS_0"] = w.add_integers<std::uint16_t>(
        {0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, kUnsignedShort, "VEC4");
    expect_error(w, "uses joint 7 of a skin with 2 joints");
    w = arm_rig();
    w.json["skins"][0]["joints"] = {0, 40};
    expect_error(w, "joint node 40");
}

TEST(BadFiles, NodeCyclesAndOwnChild) {
    GltfWriter w = arm_rig();
    w.json["nodes"][1]["children"] = {0};
    w.set_scene({2});
    expect_error(w, "cycle");
    w = arm_rig();
    w.json["nodes"][1]["children"] = {1};
    expect_error(w, "its own child");
    w = arm_rig();
    w.json["nodes"][2]["children"] = {1};
    expect_error(w, "two parents");
    w = arm_rig();
    w.json["nodes"][0]["children"] = {12};
    expect_error(w, "child 12");
}

TEST(BadFiles, NonFiniteTransformsAndInverseBinds) {
    GltfWriter w = arm_rig();
    w.json["nodes"][1]["translation"] = {0.0, 1.0, 0.0};
    const std::string with_overflow = [&] {
        std::string j = w.json.dump();
        const std::string from = "\"translation\":[0.0,1.0,0.0]";
        j.replace(j.find(from), from.size(), "\"translation\":[0.0,1e999,0.0]");
        return j;
    }();
    // JSON cannot hold NaN or infinity: the parser refuses the overflow.
    expect_error(io::join_glb(with_overflow, w.bin), "number overflow");
    w = arm_rig();
    w.json["nodes"][1]["rotation"] = {0.0, 0.0, 0.0, 0.0};
    expect_error(w, "zero rotation");
    w = arm_rig();
    const float nan = std::nanf("");
    std::vector<float> binds(32, 0.0f);
    binds[0] = nan;
    w.json["skins"][0]["inverseBindMatrices"] = w.add_floats(binds, "MAT4");
    expect_error(w, "non-finite matrix");
    w = arm_rig();
    std::vector<float> positions(18, 0.0f);
    positions[4] = nan;
    w.json["meshes"][0]["primitives"][0]["attributes"]["POSITION"] = w.add_floats(positions, "VEC3");
    expect_error(w, "non-finite position");
    // NaN in animation keys skips the channel with a warning.
    w = arm_rig();
    w.json["animations"] = {{{"samplers", {{{"input", w.add_floats({0, 1}, "SCALAR")}, {"output", w.add_floats({0, 0, 0, nan, 0, 0}, "VEC3")}}}},
                             {"channels", {{{"sampler", 0}, {"target", {{"node", 1}, {"path", "translation"}}}}}}}};
    EXPECT_TRUE(has_warning(load(w), "non-finite value"));
}

TEST(BadFiles, SkeletonWithoutMeshAndNothingToShow) {
    GltfWriter w = arm_rig();
    w.json["nodes"][2].erase("mesh");
    expect_error(w, "a skeleton but no mesh");
    GltfWriter empty;
    empty.add_node({{"name", "lonely"}});
    expect_error(empty, "no mesh");
}

TEST(BadFiles, AnimationTargetsThatDoNotExistLoadWithWarnings) {
    GltfWriter w = arm_rig();
    w.json["animations"] = {{{"samplers", {{{"input", 0}, {"output", 0}}}},
                             {"channels", {{{"sampler", 3}, {"target", {{"node", 1}, {"path", "rotation"}}}},
                                           {{"sampler", 0}, {"target", {{"node", 50}, {"path", "rotation"}}}}}}}};
    const io::LoadedCharacter loaded = load(w);
    EXPECT_TRUE(has_warning(loaded, "sampler 3"));
    EXPECT_TRUE(has_warning(loaded, "node 50"));
}

TEST(BadFiles, ExternalUrisThatAreNotRegularFilesFailCleanly) {
    GltfWriter w = arm_rig();
    nlohmann::json j = w.json;
    j["buffers"] = {{{"byteLength", w.bin.size()}, {"uri", "/dev/zero"}}};
    const std::string s = j.dump();
    expect_error(text(s), "");
    j["buffers"] = {{{"byteLength", w.bin.size()}, {"uri", "missing.bin"}}};
    expect_error(text(j.dump()), "");
}

// Random corruption of valid files: every outcome is a load or a LoadError.
TEST(BadFiles, MutatedFilesNeverCrash) {
    const std::vector<std::vector<std::uint8_t>> seeds = {arm_rig().glb(), arm_rig().gltf_embedded()};
    std::mt19937 random(1234);
    for (int iteration = 0; iteration < 3000; ++iteration) {
        std::vector<std::uint8_t> bytes = seeds[static_cast<std::size_t>(iteration) % seeds.size()];
        const int edits = 1 + static_cast<int>(random() % 8);
        for (int e = 0; e < edits; ++e) {
            const std::size_t at = random() % bytes.size();
            switch (random() % 3) {
                case 0: bytes[at] = static_cast<std::uint8_t>(random()); break;
                case 1: bytes[at] = static_cast<std::uint8_t>("0123456789-e.,[]{}\""[random() % 19]); break;
                default: bytes.resize(at + 1); break;
            }
        }
        try {
            const io::LoadedCharacter loaded = io::load_gltf_from_memory(bytes);
            EXPECT_EQ(loaded.character.validate(), "");
        } catch (const io::LoadError&) {
        }
    }
}

}  // namespace
}  // namespace dynskin::test
