// dynskin-cli bake -o X.pc2 from outside: the point cache's header and size, its samples
// equal to `dynskin-cli trace` and to the baked glTF played by the tests' own player (within
// 1e-5 of the character size), Blender's axes, a loop, a shortened frame step, and one-line
// errors for a wrong extension or a misplaced --up.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "bake_test_support.h"
#include "cli_test_support.h"
#include "dynskin/gltf_loader.h"
#include "gltf_reference_player.h"
#include "point_cache_reader.h"

namespace dynskin::test {
namespace {

constexpr double kTolerance = 1e-5;  // of the character size

Pc2File bake_pc2(const std::string& arguments, const std::string& out) {
    const CommandRun run = cli("bake " + arguments + " -o " + out);
    EXPECT_EQ(run.status, 0) << run.err;
    return read_pc2(read_bytes(out));
}

// The bundled bar as the CLI loads it: its vertex count and size L.
const Character& bar() {
    static const io::LoadedCharacter loaded = io::load_gltf(std::string(DYNSKIN_ASSETS) + "/bar.glb");
    return loaded.character;
}
float bar_size() { return character_size(bar().skeleton, bar().mesh); }

// `dynskin-cli trace` of one vertex: the final position (x, y, z) at each 1/60 s tick.
std::vector<glm::vec3> trace(const std::string& arguments, std::size_t vertex, double duration) {
    const CommandRun run = cli("trace " + arguments + " --vertex " + std::to_string(vertex) +
                               " --duration " + std::to_string(duration));
    EXPECT_EQ(run.status, 0) << run.err;
    std::vector<glm::vec3> positions;
    std::size_t line = run.out.find('\n') + 1;  // after the header
    while (line < run.out.size()) {
        double t, bx, by, bz, x, y, z;
        if (std::sscanf(run.out.c_str() + line, "%lf,%lf,%lf,%lf,%lf,%lf,%lf", &t, &bx, &by, &bz, &x, &y, &z) == 7)
            positions.emplace_back(x, y, z);
        const std::size_t end = run.out.find('\n', line);
        line = end == std::string::npos ? run.out.size() : end + 1;
    }
    return positions;
}

TEST(CliBakePc2, HeaderAndSizeAreRight) {
    const std::string out = make_temp_folder() + "/bar.pc2";
    const CommandRun run = cli("bake bar --clip turn_and_stop --fps 20 -o " + out);
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.err.find("baked 81 frames"), std::string::npos) << run.err;  // 4 s * 20 + 1
    const Pc2File file = read_pc2(read_bytes(out));
    EXPECT_EQ(file.magic, std::string("POINTCACHE2\0", 12));
    EXPECT_EQ(file.version, 1);
    EXPECT_EQ(file.point_count, static_cast<int>(bar().mesh.vertex_count()));
    EXPECT_EQ(file.start_frame, 0.0f);
    EXPECT_EQ(file.sample_rate, 1.0f);  // 4 s is a whole number of 1/20 s frames
    EXPECT_EQ(file.sample_count, 81);
    EXPECT_EQ(file.byte_count, 32u + 81u * bar().mesh.vertex_count() * 12u);
}

// Frame k of a 30 fps bake is tick 2k of the trace; the baked glTF at frame k's time shows the
// same skin (its morph target rebuilt from bind space, so float rounding apart).
TEST(CliBakePc2, SamplesAreTraceAndTheGlbBake) {
    const std::string folder = make_temp_folder();
    const std::string arguments = "bar --clip turn_and_stop --f 3 --tau 0.3";
    const Pc2File file = bake_pc2(arguments + " --fps 30 --tail 0.5", folder + "/bar.pc2");
    ASSERT_EQ(file.sample_count, 136);  // 4.5 s * 30 + 1
    const std::size_t n = bar().mesh.vertex_count();
    ASSERT_EQ(static_cast<std::size_t>(file.point_count), n);
    const float size = bar_size();

    double from_trace = 0.0, moved = 0.0;
    for (std::size_t vertex : {std::size_t{0}, n / 3, n / 2, n - 1}) {
        const std::vector<glm::vec3> ticks = trace(arguments, vertex, 4.5);
        ASSERT_EQ(ticks.size(), 271u) << vertex;
        for (std::size_t k = 0; k < file.samples.size(); ++k) {
            from_trace = std::max(from_trace, static_cast<double>(glm::length(file.samples[k][vertex] - ticks[2 * k])));
            moved = std::max(moved, static_cast<double>(glm::length(file.samples[k][vertex] - file.samples[0][vertex])));
        }
    }
    from_trace /= size;
    std::printf("pc2 vs trace: %.3g of the size\n", from_trace);
    EXPECT_LT(from_trace, kTolerance);
    EXPECT_GT(moved / size, 0.05);  // the bar does turn: the comparison is not of a still mesh

    const CommandRun glb = cli("bake " + arguments + " --fps 30 --tail 0.5 -o " + folder + "/bar.glb");
    ASSERT_EQ(glb.status, 0) << glb.err;
    const GltfReferencePlayer player(read_bytes(folder + "/bar.glb"));
    double from_glb = 0.0;
    for (std::size_t k = 0; k < file.samples.size(); ++k) {
        const PlayedMesh played = player.play(0, static_cast<double>(k) / 30.0);
        ASSERT_EQ(played.positions.size(), n);
        for (std::size_t i = 0; i < n; ++i)
            from_glb = std::max(from_glb, static_cast<double>(glm::length(file.samples[k][i] - played.positions[i])));
    }
    from_glb /= size;
    std::printf("pc2 vs the glb bake played: %.3g of the size\n", from_glb);
    EXPECT_LT(from_glb, kTolerance);
}

TEST(CliBakePc2, UpZIsBlendersAxes) {
    const std::string folder = make_temp_folder();
    const Pc2File y = bake_pc2("bar --clip turn_and_stop --fps 5", folder + "/y.pc2");
    const Pc2File z = bake_pc2("bar --clip turn_and_stop --fps 5 --up z", folder + "/z.pc2");
    const Pc2File y_again = bake_pc2("bar --clip turn_and_stop --fps 5 --up y", folder + "/y-again.pc2");
    ASSERT_EQ(y.samples.size(), z.samples.size());
    for (std::size_t k = 0; k < y.samples.size(); ++k)
        for (std::size_t i = 0; i < y.samples[k].size(); ++i) {
            const glm::vec3 p = y.samples[k][i];
            ASSERT_EQ(z.samples[k][i], glm::vec3(p.x, -p.z, p.y)) << k << " " << i;
            ASSERT_EQ(y_again.samples[k][i], p);
        }
}

TEST(CliBakePc2, LoopClosesOnItself) {
    const Pc2File file = bake_pc2("bar --clip 0 --fps 30 --loop", make_temp_folder() + "/loop.pc2");
    ASSERT_GE(file.sample_count, 2);
    double wrap = 0.0;
    for (std::size_t i = 0; i < file.samples.front().size(); ++i)
        wrap = std::max(wrap, static_cast<double>(glm::length(file.samples.back()[i] - file.samples.front()[i])));
    EXPECT_LT(wrap / bar_size(), kTolerance);
}

// 4.05 s at 7 fps is 29 frames of 4.05 / 29 s (the step shortened to end on the tail's end):
// sample k is at k * 4.05 / 29 s, which is k * (7 * 4.05 / 29) frames of 7 fps.
TEST(CliBakePc2, ShortenedStepIsTheSampleRate) {
    const Pc2File file = bake_pc2("bar --clip turn_and_stop --fps 7 --tail 0.05", make_temp_folder() + "/short.pc2");
    EXPECT_EQ(file.sample_count, 30);
    EXPECT_FLOAT_EQ(file.sample_rate, static_cast<float>(7.0 * 4.05 / 29.0));
    EXPECT_EQ(file.start_frame, 0.0f);
}

TEST(CliBakePc2, WrongExtensionOrUpAreErrors) {
    const std::string folder = make_temp_folder();
    expect_one_line_error(cli("bake bar --clip 0 -o " + folder + "/x.abc"), "'.abc'");
    expect_one_line_error(cli("bake bar --clip 0 -o " + folder + "/x"), ".pc2");
    expect_one_line_error(cli("bake bar --clip 0 -o " + folder + "/x.pc2.tmp"), "'.tmp'");
    expect_one_line_error(cli("bake bar --clip 0 --up z -o " + folder + "/x.glb"), "--up");
    expect_one_line_error(cli("bake bar --clip 0 --up w -o " + folder + "/x.pc2"), "--up");
    expect_one_line_error(cli("bake bar --clip 0 --fps 5 -o /nonexistent-folder/x.pc2"), "/nonexistent-folder/x.pc2");
    for (const char* name : {"x.abc", "x", "x.pc2.tmp", "x.glb", "x.pc2"}) EXPECT_FALSE(file_exists(folder + "/" + name)) << name;
}

TEST(CliBakePc2, ExtensionIsCaseInsensitive) {
    const Pc2File file = bake_pc2("bar --clip 0 --fps 5", make_temp_folder() + "/BAR.PC2");
    EXPECT_EQ(file.magic, std::string("POINTCACHE2\0", 12));
}

}  // namespace
}  // namespace dynskin::test
