// dynskin-cli render under Xvfb: a PNG sequence of the character that is neither dark nor
// empty and moves; bad input gives the one-line error.

#include <gtest/gtest.h>

#include <cmath>

#include "bake_test_support.h"
#include "io/gltf/stb_image_decoder.h"
#include "xvfb_run.h"

namespace dynskin::test {
namespace {

CommandRun render(const std::string& arguments) {
    // Mesa's driver leaks at exit: the sanitizer build must not count that as a failure.
    return run_command("ASAN_OPTIONS=detect_leaks=0 " + xvfb_run() + std::string(DYNSKIN_CLI) + " render " + arguments);
}

struct ImageFacts {
    double mean = 0.0;                 // mean of R, G, B over the image, 0..255
    double away_from_background = 0.0; // share of pixels far from the top-left pixel's colour
};

ImageFacts facts_of(const io::DecodedImage& image) {
    ImageFacts facts;
    const std::uint8_t* corner = image.rgba.data();
    std::size_t away = 0;
    for (std::size_t p = 0; p < image.rgba.size(); p += 4) {
        facts.mean += (image.rgba[p] + image.rgba[p + 1] + image.rgba[p + 2]) / 3.0;
        const int d = std::abs(image.rgba[p] - corner[0]) + std::abs(image.rgba[p + 1] - corner[1]) +
                      std::abs(image.rgba[p + 2] - corner[2]);
        away += d > 60 ? 1 : 0;
    }
    const double pixels = static_cast<double>(image.rgba.size() / 4);
    facts.mean /= pixels;
    facts.away_from_background = away / pixels;
    return facts;
}

TEST(CliRender, WritesAVisibleMovingSequence) {
    const std::string folder = make_temp_folder() + "/frames";
    const CommandRun run = render("bar --clip turn_and_stop --frames 6 --fps 4 --size 200x150 -o " + folder);
    ASSERT_EQ(run.status, 0) << run.err;
    std::vector<io::DecodedImage> images;
    for (int k = 0; k < 6; ++k) {
        char name[32];
        std::snprintf(name, sizeof name, "/frame_%05d.png", k);
        ASSERT_TRUE(file_exists(folder + name)) << folder + name;
        images.push_back(io::decode_image(read_bytes(folder + name)));
        ASSERT_EQ(images.back().error, "");
        EXPECT_EQ(images.back().width, 200);
        EXPECT_EQ(images.back().height, 150);
        const ImageFacts facts = facts_of(images.back());
        EXPECT_GT(facts.mean, 25.0) << name << " is dark";
        EXPECT_GT(facts.away_from_background, 0.02) << name << " shows no character";
    }
    EXPECT_FALSE(file_exists(folder + "/frame_00006.png"));
    // The bar turns: the first and last frames differ in many pixels.
    std::size_t changed = 0;
    for (std::size_t p = 0; p < images.front().rgba.size(); ++p)
        changed += std::abs(images.front().rgba[p] - images.back().rgba[p]) > 40 ? 1 : 0;
    EXPECT_GT(changed, images.front().rgba.size() / 100);
}

// Bad input is refused before a window opens: no display, and no xvfb-run, whose own
// clean-up errors (status 5) are not the program's.
CommandRun render_without_display(const std::string& arguments) {
    return run_command("env -u DISPLAY ASAN_OPTIONS=detect_leaks=0 " + std::string(DYNSKIN_CLI) + " render " + arguments);
}

TEST(CliRender, BadInputIsAOneLineErrorBeforeAnyWindow) {
    const std::string folder = make_temp_folder();
    const std::vector<std::string> bad = {"bar --clip nope --frames 2 -o " + folder,
                                          "bar --clip 0 --frames 2 --fps 0 -o " + folder,
                                          "bar --clip 0 --frames 2 --size 10x10000 -o " + folder,
                                          "bar --clip 0 --frames 2 -o /proc/no-such-folder"};
    for (const std::string& arguments : bad) {
        const CommandRun run = render_without_display(arguments);
        EXPECT_EQ(run.status, 2) << arguments << ": " << run.err;
        EXPECT_EQ(run.err.rfind("error: ", 0), 0u) << arguments << ": " << run.err;
    }
}

}  // namespace
}  // namespace dynskin::test
