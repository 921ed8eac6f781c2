// dynskin-cli without a desktop: its commands that draw nothing link none of the viewer's
// libraries and run without a display; `render` is dynskin-render's, next to it, and says so
// plainly when it is missing.

#include <cstdio>
#include <filesystem>
#include <string>

#include "cli_test_support.h"

namespace dynskin::test {
namespace {

TEST(CliLayers, TheCommandsThatDrawNothingLinkNoDesktopLibrary) {
    const CommandRun linked = run_command(std::string("ldd ") + DYNSKIN_CLI);
    ASSERT_EQ(linked.status, 0) << linked.err;
    for (const char* library : {"libglfw", "libGL", "libEGL", "libX11", "libwayland", "libimgui"})
        EXPECT_EQ(linked.out.find(library), std::string::npos) << library << " in\n" << linked.out;
}

TEST(CliLayers, InfoRunsWithoutADisplay) {
    const CommandRun run = run_command(std::string("env -u DISPLAY -u WAYLAND_DISPLAY ") + DYNSKIN_CLI + " info " +
                                       DYNSKIN_ASSETS + "/cow.glb");
    EXPECT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("\"joints\""), std::string::npos) << run.out;
}

TEST(CliLayers, RenderWithoutDynskinRenderNextToItSaysWhy) {
    const std::filesystem::path alone = std::filesystem::temp_directory_path() / "dynskin-cli-alone";
    std::filesystem::create_directories(alone);
    const std::filesystem::path copy = alone / "dynskin-cli";
    std::filesystem::copy_file(DYNSKIN_CLI, copy, std::filesystem::copy_options::overwrite_existing);
    const CommandRun run = run_command(copy.string() + " render cow --clip walk --frames 1 -o " + (alone / "frames").string());
    expect_one_line_error(run, "dynskin-render");
    std::filesystem::remove_all(alone);
}

}  // namespace
}  // namespace dynskin::test
