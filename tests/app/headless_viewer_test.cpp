// The real viewer binary, headless under Xvfb: it renders the character, and a bad file
// gives a clear error and status 2.

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include <stb_image.h>

#include "characters/bundled_characters.h"
#include "xvfb_run.h"

namespace {

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("dynskin_app_test_" + name)).string();
}

int run_viewer(const std::string& arguments) {
    // In the sanitizer build, Mesa's dlopen'ed driver leaks at exit from a module it has
    // already unloaded, which no suppression can name: leak checks stay on for every other
    // test, and AddressSanitizer's other checks stay on here.
    const std::string command = "ASAN_OPTIONS=detect_leaks=0 " + dynskin::test::xvfb_run() + std::string(DYNSKIN_VIEWER_BINARY) +
                                " " + arguments + " > " + temp_path("log.txt") + " 2>&1";
    const int status = std::system(command.c_str());
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    if (code != 0) {  // what the viewer said, so that a failure explains itself
        std::ifstream log(temp_path("log.txt"));
        std::cerr << "dynskin " << arguments << " exited with " << code << ":\n" << log.rdbuf() << "\n";
    }
    return code;
}

struct Picture {
    int width = 0, height = 0;
    std::vector<unsigned char> rgb;
};

Picture read_png(const std::string& path) {
    Picture p;
    int channels = 0;
    unsigned char* data = stbi_load(path.c_str(), &p.width, &p.height, &channels, 3);
    if (!data) return p;
    p.rgb.assign(data, data + std::size_t(p.width) * p.height * 3);
    stbi_image_free(data);
    return p;
}

// Pixels of the right 40 % (where no panel is) that differ clearly from the background.
double foreground_fraction(const Picture& p) {
    const unsigned char* bg = &p.rgb[(std::size_t(p.height - 1) * p.width + (p.width - 1)) * 3];
    std::size_t count = 0, total = 0;
    for (int y = 0; y < p.height; ++y)
        for (int x = p.width * 6 / 10; x < p.width; ++x, ++total) {
            const unsigned char* c = &p.rgb[(std::size_t(y) * p.width + x) * 3];
            if (std::abs(c[0] - bg[0]) + std::abs(c[1] - bg[1]) + std::abs(c[2] - bg[2]) > 60) ++count;
        }
    return double(count) / double(total);
}

TEST(HeadlessViewer, RendersTheDefaultCharacter) {
    const std::string shot = temp_path("bar.png");
    std::filesystem::remove(shot);
    ASSERT_EQ(run_viewer("--headless --frames 90 --size 640x400 --screenshot " + shot), 0);
    const Picture p = read_png(shot);
    ASSERT_EQ(p.width, 640);
    ASSERT_EQ(p.height, 400);
    const double fraction = foreground_fraction(p);
    EXPECT_GT(fraction, 0.03) << "the character should be visible";
    EXPECT_LT(fraction, 0.9) << "the picture should not be one colour";
}

TEST(HeadlessViewer, RendersARealRig) {
    const std::string rig = std::string(DYNSKIN_SHARED_RIGS) + "/cow.glb";
    if (!std::filesystem::exists(rig)) GTEST_SKIP() << "../shared/rigs is absent: no real rig to render";
    const std::string shot = temp_path("cow.png");
    ASSERT_EQ(run_viewer(rig + " --headless --frames 60 --size 640x400 --screenshot " + shot), 0);
    EXPECT_GT(foreground_fraction(read_png(shot)), 0.03);
}

std::string write_script(const std::string& name, const std::string& text) {
    const std::string path = temp_path(name);
    FILE* f = std::fopen(path.c_str(), "w");
    std::fputs(text.c_str(), f);
    std::fclose(f);
    return path;
}

Picture scripted_run(const std::string& name, const std::string& script) {
    const std::string shot = temp_path(name + ".png");
    std::filesystem::remove(shot);
    const std::string args = "--clip none --headless --frames 40 --size 640x400 --screenshot " + shot +
                             (script.empty() ? "" : " --script " + write_script(name + ".json", script));
    EXPECT_EQ(run_viewer(args), 0) << name;
    return read_png(shot);
}

// Fraction of the viewport's pixels (the right 40 %: no panel) whose channels differ by
// more than 5/255.
double changed_fraction(const Picture& a, const Picture& b) {
    if (a.rgb.size() != b.rgb.size() || a.rgb.empty()) return 1.0;
    std::size_t changed = 0, total = 0;
    for (int y = 0; y < a.height; ++y)
        for (int x = a.width * 6 / 10; x < a.width; ++x, ++total) {
            const std::size_t i = (std::size_t(y) * a.width + x) * 3;
            for (int c = 0; c < 3; ++c)
                if (std::abs(int(a.rgb[i + c]) - int(b.rgb[i + c])) > 5) {
                    ++changed;
                    break;
                }
        }
    return double(changed) / double(total);
}

TEST(HeadlessViewer, DraggingAJointBendsTheSkinAndRunsAreRepeatable) {
    const std::string drag = R"([{"frame": 5, "joint": 4}, {"frame": 6, "press": "left"},
        {"frame": 8, "move": [-40, 0]}, {"frame": 10, "move": [-40, 0]}, {"frame": 12, "move": [-40, 0]},
        {"frame": 14, "release": "left"}])";
    const Picture still = scripted_run("still", "");
    const Picture dragged = scripted_run("dragged", drag);
    const Picture again = scripted_run("dragged_again", drag);
    EXPECT_GT(changed_fraction(still, dragged), 0.01) << "the drag should move the bar";
    EXPECT_LT(changed_fraction(dragged, again), 0.001) << "the same input should give the same picture";
}

TEST(HeadlessViewer, PaintingShowsInTheColourMapAndUndoes) {
    const std::string paint_tool = R"({"frame": 1, "key": "P"})";
    const std::string stroke = R"(, {"frame": 5, "joint": 2}, {"frame": 6, "press": "left"},
        {"frame": 8, "move": [0, -15]}, {"frame": 10, "release": "left"})";
    const std::string undo = R"(, {"frame": 20, "key": "Z", "ctrl": true})";
    const std::string away = R"(, {"frame": 30, "at": [630, 20]})";  // the brush circle off the bar
    const Picture before = scripted_run("paint_none", "[" + paint_tool + away + "]");
    const Picture painted = scripted_run("paint_stroke", "[" + paint_tool + stroke + away + "]");
    const Picture undone = scripted_run("paint_undone", "[" + paint_tool + stroke + undo + away + "]");
    EXPECT_GT(changed_fraction(before, painted), 0.002) << "the stroke should show in the bend weight map";
    EXPECT_LT(changed_fraction(before, undone), 0.001) << "Ctrl+Z should take the stroke back";
}

// Share of pixels (the whole picture) differing by more than `tolerance` in some channel.
double differing(const Picture& a, const Picture& b, int tolerance) {
    if (a.rgb.size() != b.rgb.size() || a.rgb.empty()) return 1.0;
    std::size_t n = 0;
    for (std::size_t i = 0; i < a.rgb.size(); i += 3)
        for (int c = 0; c < 3; ++c)
            if (std::abs(int(a.rgb[i + c]) - int(b.rgb[i + c])) > tolerance) {
                ++n;
                break;
            }
    return double(n) / double(a.rgb.size() / 3);
}

TEST(HeadlessViewer, TheGpuPathLooksTheSameAsTheCpuPath) {
    for (const std::string& character : dynskin::characters::bundled_character_names()) {
        const std::string cpu = temp_path(character + "_cpu.png"), gpu = temp_path(character + "_gpu.png");
        const std::string args = character + " --headless --frames 100 --size 640x400 --screenshot ";
        ASSERT_EQ(run_viewer(args + cpu), 0);
        ASSERT_EQ(run_viewer(args + gpu + " --gpu"), 0);
        EXPECT_LT(differing(read_png(cpu), read_png(gpu), 2), 0.001) << character;
    }
}

TEST(HeadlessViewer, ABadScriptIsAClearError) {
    EXPECT_EQ(run_viewer("--headless --frames 2 --script " + write_script("bad.json", R"([{"frame": 3, "jump": 1}])")), 2);
}

TEST(HeadlessViewer, ABadFileIsAClearErrorAndStatusTwo) {
    const std::string bad = temp_path("bad.glb");
    FILE* f = std::fopen(bad.c_str(), "wb");
    std::fputs("glTF this is not", f);
    std::fclose(f);
    EXPECT_EQ(run_viewer(bad + " --headless --frames 2"), 2);
}

}  // namespace
