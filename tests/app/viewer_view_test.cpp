// What the user sees of the view (issue 31): the panel that hides and shows (its tab and H)
// with the character centred in what it leaves free, a panel that fits a 1280x800 window with
// its default sections, the camera that follows a travelling character, and the skeleton
// overlay off for rigs from files.

#include <gtest/gtest.h>

#include <filesystem>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "app/viewer_app.h"
#include "viewer_test_support.h"
#include "wild_rig.h"

namespace dynskin::app {
namespace {

using test::headless;
using test::run_frames;

ViewerOptions window_1280x800(const std::string& character) {
    ViewerOptions o = headless(character);
    o.width = 1280;
    o.height = 800;
    return o;
}

// Where the framed centre (the orbit target) is drawn, in window pixels.
glm::vec2 target_pixel(ViewerApp& app, glm::vec2 viewport) {
    glm::vec2 pixel(-1.0f);
    EXPECT_TRUE(app.state().camera.project(app.state().camera.target, viewport, pixel));
    return pixel;
}

ScriptEvent key_at(int frame, int key) {
    ScriptEvent e;
    e.frame = frame;
    e.key = key;
    return e;
}

TEST(ViewerView, TheDefaultSectionsFitA1280x800Window) {
    for (const char* character : {"cow", "bar", "train"}) {
        ViewerApp app(window_1280x800(character));
        run_frames(app, 4);
        const PanelLayout& panel = app.state().panel;
        EXPECT_TRUE(panel.shown) << character;
        EXPECT_EQ(panel.scroll_max_y, 0.0f) << character << ": the panel scrolls";
        EXPECT_LE(panel.y + panel.height, 800.0f) << character;
        EXPECT_GT(panel.height, 300.0f) << character << ": the Character, Animation and Dynamics sections are open";
    }
}

TEST(ViewerView, TheTabAndHHideAndShowThePanelAndTheViewCentresOnWhatIsLeft) {
    ViewerApp app(window_1280x800("cow"));
    const glm::vec2 viewport(1280.0f, 800.0f);
    // H at frames 4 and 8.
    app.set_script({key_at(4, GLFW_KEY_H), key_at(8, GLFW_KEY_H)});
    run_frames(app, 4);
    const PanelLayout shown = app.state().panel;
    ASSERT_TRUE(shown.shown);
    ASSERT_GT(shown.width, 100.0f);
    // Shown: the character in the middle of the free part, right of the panel.
    const float free_left = shown.x + shown.width;
    EXPECT_NEAR(target_pixel(app, viewport).x, 0.5f * (free_left + viewport.x), 2.0f);
    run_frames(app, 2);
    EXPECT_FALSE(app.state().panel.shown) << "H hides the panel";
    EXPECT_EQ(app.state().camera.center_shift, 0.0f);
    EXPECT_NEAR(target_pixel(app, viewport).x, 0.5f * viewport.x, 2.0f) << "hidden: centred in the window";
    run_frames(app, 4);
    EXPECT_TRUE(app.state().panel.shown) << "H shows it again";
    EXPECT_NEAR(target_pixel(app, viewport).x, 0.5f * (free_left + viewport.x), 2.0f);
    // The tab at the panel's top right edge: a click there (frames 12 to 14) hides it, and
    // a click on it where it then is, the window's top left corner (16 to 18), shows it.
    ScriptEvent to_tab, press, release, to_corner, press_again, release_again;
    to_tab.frame = 12, to_tab.has_at = true, to_tab.at = glm::vec2(free_left + 14.0f, shown.y + 14.0f);
    press.frame = 13, press.press = 0;
    release.frame = 14, release.release = 0;
    to_corner.frame = 16, to_corner.has_at = true, to_corner.at = glm::vec2(shown.x + 14.0f, shown.y + 14.0f);
    press_again.frame = 17, press_again.press = 0;
    release_again.frame = 18, release_again.release = 0;
    app.set_script({to_tab, press, release, to_corner, press_again, release_again});
    run_frames(app, 6);
    EXPECT_FALSE(app.state().panel.shown) << "a click on the tab hides the panel";
    EXPECT_NEAR(target_pixel(app, viewport).x, 0.5f * viewport.x, 2.0f);
    run_frames(app, 4);
    EXPECT_TRUE(app.state().panel.shown) << "a click on the tab shows the panel again";
}

// The share of the posed character's projected box outside the view (0: all of it in view).
float outside_share(ViewerApp& app, glm::vec2 viewport) {
    glm::vec3 lo, hi;
    posed_bounds(*app.state().scene, lo, hi);
    glm::vec2 pixel_lo(1e30f), pixel_hi(-1e30f);
    for (int corner = 0; corner < 8; ++corner) {
        const glm::vec3 p(corner & 1 ? hi.x : lo.x, corner & 2 ? hi.y : lo.y, corner & 4 ? hi.z : lo.z);
        glm::vec2 pixel;
        if (!app.state().camera.project(p, viewport, pixel)) return 1.0f;
        pixel_lo = glm::min(pixel_lo, pixel), pixel_hi = glm::max(pixel_hi, pixel);
    }
    const glm::vec2 inside_lo = glm::max(pixel_lo, glm::vec2(0.0f)), inside_hi = glm::min(pixel_hi, viewport);
    const glm::vec2 whole = glm::max(pixel_hi - pixel_lo, glm::vec2(1e-6f));
    const glm::vec2 inside = glm::max(inside_hi - inside_lo, glm::vec2(0.0f));
    return 1.0f - (inside.x * inside.y) / (whole.x * whole.y);
}

TEST(ViewerView, TheCameraFollowsTheTravellingTrainThroughItsClip) {
    // A small window and 1/20 s frames: the clip's few hundred frames stay quick under llvmpipe.
    const glm::vec2 viewport(640.0f, 400.0f);
    float worst[2] = {0.0f, 0.0f};  // following, not following
    for (int follow = 1; follow >= 0; --follow) {
        ViewerApp app(headless("train"));
        run_frames(app, 1);
        EXPECT_TRUE(app.state().display.follow) << "the train's clip travels: Follow is on by itself";
        app.state().display.follow = follow == 1;
        const float duration = app.state().scene->character().clips[0].duration;
        ASSERT_GT(duration, 0.5f);
        for (int f = 0; f < int(duration * 20.0f) - 1; ++f) {
            app.frame_tick(1.0 / 20.0);
            worst[1 - follow] = std::max(worst[1 - follow], outside_share(app, viewport));
        }
    }
    EXPECT_EQ(worst[0], 0.0f) << "followed, the train stays whole in the view";
    EXPECT_GT(worst[1], 0.2f) << "unfollowed it drives out (the test would see a camera that does not follow)";
}

TEST(ViewerView, TheCowWalkingInPlaceIsNotFollowed) {
    ViewerApp app(window_1280x800("cow"));
    run_frames(app, 2);
    EXPECT_FALSE(app.state().display.follow);
}

TEST(ViewerView, TheSkeletonShowsOnBundledCharactersNotOnFiles) {
    {
        ViewerApp app(headless("bar"));
        run_frames(app, 1);
        EXPECT_TRUE(app.state().display.skeleton);
    }
    const std::string folder = dynskin::test::make_temp_folder();
    const std::string path = dynskin::test::wild_rig({}).write_glb(folder, "creature");
    {
        ViewerApp app(headless(path));
        ASSERT_TRUE(app.state().error_message.empty()) << app.state().error_message;
        run_frames(app, 1);
        EXPECT_FALSE(app.state().display.skeleton) << "a rig from a file opens without its skeleton drawn";
    }
    std::filesystem::remove_all(folder);
}

}  // namespace
}  // namespace dynskin::app
