// Where the opaque panel lies in the scene's pixels (panels/panel_layout.h: panel_cover), the
// rectangle the scene does not draw under: whole pixels inside the panel only, in GL's
// bottom-up rows, at any device pixel ratio and lowered resolution.

#include <gtest/gtest.h>

#include "app/panels/panel_layout.h"

namespace dynskin::app {
namespace {

PanelLayout panel_at(float x, float y, float width, float height) {
    PanelLayout panel;
    panel.x = x;
    panel.y = y;
    panel.width = width;
    panel.height = height;
    return panel;
}

TEST(PanelCover, IsThePanelsRectangleInTheScenesBottomUpPixels) {
    // The viewer's panel: 10 units from the top left, 380 wide, 700 tall, in a 1280x800 window.
    const PanelLayout panel = panel_at(10.0f, 10.0f, 380.0f, 700.0f);
    EXPECT_EQ(panel_cover(panel, glm::vec2(1280, 800), glm::ivec2(1280, 800)), glm::ivec4(10, 90, 380, 700));
    // A device pixel ratio of 2: twice as many pixels each way.
    EXPECT_EQ(panel_cover(panel, glm::vec2(1280, 800), glm::ivec2(2560, 1600)), glm::ivec4(20, 180, 760, 1400));
}

TEST(PanelCover, TakesOnlyWholePixelsInsideThePanel) {
    // At 3/4 resolution the edges fall inside pixels: 7.5 .. 292.5 across, 7.5 .. 532.5 down.
    const glm::ivec4 cover = panel_cover(panel_at(10.0f, 10.0f, 380.0f, 700.0f), glm::vec2(1280, 800), glm::ivec2(960, 600));
    EXPECT_EQ(cover, glm::ivec4(8, 600 - 532, 292 - 8, 532 - 8));
}

TEST(PanelCover, IsNothingForAnEmptyPanelOrDisplay) {
    EXPECT_EQ(panel_cover(panel_at(10.0f, 10.0f, 0.0f, 700.0f), glm::vec2(1280, 800), glm::ivec2(1280, 800)), glm::ivec4(0));
    EXPECT_EQ(panel_cover(panel_at(10.0f, 10.0f, 0.4f, 0.4f), glm::vec2(1280, 800), glm::ivec2(1280, 800)), glm::ivec4(0));
    EXPECT_EQ(panel_cover(panel_at(10.0f, 10.0f, 380.0f, 700.0f), glm::vec2(0, 0), glm::ivec2(1280, 800)), glm::ivec4(0));
}

}  // namespace
}  // namespace dynskin::app
