#include "app/input/touch_gestures.h"

#include <gtest/gtest.h>

namespace dynskin::app {
namespace {

TEST(TouchGestures, OneFingerIsTheLeftButtonWhereItIs) {
    TouchGestures t;
    EXPECT_FALSE(t.take_pointer().active);  // no touch: the mouse is left alone
    t.touch_start(7, {100, 50});
    TouchGestures::Pointer p = t.take_pointer();  // arrives first, up
    EXPECT_TRUE(p.active);
    EXPECT_FALSE(p.down);
    EXPECT_EQ(p.position, glm::vec2(100, 50));
    p = t.take_pointer();
    EXPECT_TRUE(p.active && p.down);
    EXPECT_EQ(p.position, glm::vec2(100, 50));
    t.touch_move(7, {120, 60});
    p = t.take_pointer();
    EXPECT_TRUE(p.down);
    EXPECT_EQ(p.position, glm::vec2(120, 60));
    t.touch_end(7);
    p = t.take_pointer();
    EXPECT_TRUE(p.active);
    EXPECT_FALSE(p.down);  // the release, shown once
    EXPECT_EQ(p.position, glm::vec2(120, 60));
    EXPECT_FALSE(t.take_pointer().active);
    const TouchGestures::CameraMotion m = t.take_camera_motion();
    EXPECT_EQ(m.pan, glm::vec2(0.0f));
    EXPECT_EQ(m.zoom, 1.0f);
}

TEST(TouchGestures, ATapBetweenTwoFramesIsDownForOneFrameThenUp) {
    TouchGestures t;
    t.touch_start(1, {30, 40});
    t.touch_end(1);
    TouchGestures::Pointer p = t.take_pointer();
    EXPECT_TRUE(p.active);
    EXPECT_FALSE(p.down);
    p = t.take_pointer();
    EXPECT_TRUE(p.active && p.down);
    EXPECT_EQ(p.position, glm::vec2(30, 40));
    p = t.take_pointer();
    EXPECT_TRUE(p.active);
    EXPECT_FALSE(p.down);
    EXPECT_FALSE(t.take_pointer().active);
}

TEST(TouchGestures, PinchZoomsAndMovingTogetherPans) {
    TouchGestures t;
    t.touch_start(1, {100, 100});
    t.take_pointer();
    EXPECT_TRUE(t.take_pointer().down);
    t.touch_start(2, {200, 100});
    // The one-finger press ends where the finger is: no jump.
    TouchGestures::Pointer p = t.take_pointer();
    EXPECT_TRUE(p.active);
    EXPECT_FALSE(p.down);
    EXPECT_EQ(p.position, glm::vec2(100, 100));
    t.touch_move(1, {50, 100});
    t.touch_move(2, {250, 100});  // spread 100 -> 200, midpoint kept
    TouchGestures::CameraMotion m = t.take_camera_motion();
    EXPECT_FLOAT_EQ(m.zoom, 2.0f);
    EXPECT_NEAR(m.pan.x, 0.0f, 1e-4f);
    EXPECT_NEAR(m.pan.y, 0.0f, 1e-4f);
    t.touch_move(1, {50, 130});
    t.touch_move(2, {250, 130});  // both down 30: a pan, no zoom
    m = t.take_camera_motion();
    EXPECT_NEAR(m.zoom, 1.0f, 1e-6f);
    EXPECT_NEAR(m.pan.y, 30.0f, 1e-4f);
    EXPECT_NEAR(m.pan.x, 0.0f, 1e-4f);
    // While two fingers are down the pointer stays up where the first finger was.
    p = t.take_pointer();
    EXPECT_TRUE(p.active);
    EXPECT_FALSE(p.down);
    EXPECT_EQ(p.position, glm::vec2(100, 100));
}

TEST(TouchGestures, TheFingerLeftAfterAPinchDoesNotOrbit) {
    TouchGestures t;
    t.touch_start(1, {100, 100});
    t.touch_start(2, {200, 100});  // in the same frame: the press is never shown
    EXPECT_FALSE(t.take_pointer().down);
    t.touch_end(2);
    t.touch_move(1, {160, 140});
    TouchGestures::Pointer left = t.take_pointer();
    EXPECT_TRUE(left.active);  // owned by the touch screen, up, where it was
    EXPECT_FALSE(left.down);
    EXPECT_EQ(left.position, glm::vec2(100, 100));
    const TouchGestures::CameraMotion m = t.take_camera_motion();
    EXPECT_EQ(m.pan, glm::vec2(0.0f));
    EXPECT_EQ(m.zoom, 1.0f);
    t.touch_start(3, {10, 10});  // still finishing: one finger is down
    EXPECT_FALSE(t.take_pointer().down);
    t.touch_end(1);
    t.touch_end(3);
    EXPECT_FALSE(t.take_pointer().active);  // all up: the mouse is back
    t.touch_start(4, {20, 20});  // all were up: a new one-finger press
    EXPECT_FALSE(t.take_pointer().down);
    const TouchGestures::Pointer p = t.take_pointer();
    EXPECT_TRUE(p.active && p.down);
    EXPECT_EQ(p.position, glm::vec2(20, 20));
}

TEST(TouchGestures, AThirdFingerIsIgnored) {
    TouchGestures t;
    t.touch_start(1, {100, 100});
    t.touch_start(2, {200, 100});
    t.touch_start(3, {300, 300});
    t.touch_move(3, {0, 0});
    t.touch_end(3);
    t.touch_move(2, {300, 100});
    const TouchGestures::CameraMotion m = t.take_camera_motion();
    EXPECT_FLOAT_EQ(m.zoom, 2.0f);
    EXPECT_FLOAT_EQ(m.pan.x, 50.0f);
}

}  // namespace
}  // namespace dynskin::app
