#pragma once
// What fingers on the view do, as the viewer understands it: one finger is the left mouse
// button (it orbits, drags the joint it lands on, presses the widget under it); two fingers
// pinch to zoom and move together to pan. Fed with touch points in the window's pixels (the
// browser's touch events: web/touch_input.cpp); read once a frame. Plain logic, no GL, no
// browser.
//
// No jump when the second finger lands or lifts: the one-finger press ends where it is when
// the second finger lands, and the finger left after a pinch does nothing until all fingers
// are up (it would otherwise start an orbit from where it happens to be).

#include <glm/glm.hpp>

namespace dynskin::app {

class TouchGestures {
public:
    void touch_start(long id, glm::vec2 position);
    void touch_move(long id, glm::vec2 position);
    void touch_end(long id);  // lifted or cancelled

    // The one-finger "mouse" for this frame. active: fingers are down (or the last one lifted
    // after this frame's previous one), and this position and button replace the mouse's; with
    // two fingers the button is up where the first finger was. A new finger shows one
    // frame up where it is, then down; a tap between two frames shows as down for one frame,
    // then up.
    struct Pointer {
        bool active = false;
        glm::vec2 position{0.0f};
        bool down = false;
    };
    Pointer take_pointer();

    // The two-finger motion since the last call: the midpoint's move in pixels (pan) and the
    // ratio of the fingers' spread, now over then (> 1: apart, zoom in).
    struct CameraMotion {
        glm::vec2 pan{0.0f};
        float zoom = 1.0f;
    };
    CameraMotion take_camera_motion();

private:
    enum class Phase { Idle, OneFinger, TwoFingers, Finishing };  // Finishing: after a pinch, until all lift
    struct Finger {
        long id = -1;
        glm::vec2 position{0.0f};
    };
    int finger_index(long id) const;

    Phase phase_ = Phase::Idle;
    Finger fingers_[2];
    int count_ = 0;            // fingers down (beyond two: ignored)
    // The pointer: where, whether the finger is down, a press no frame has seen yet, and
    // whether a release still has to be shown.
    glm::vec2 pointer_{0.0f};
    bool pointer_down_ = false, press_unseen_ = false, release_pending_ = false;
    bool shown_ = false;  // the last take_pointer was active
    CameraMotion motion_;
};

}  // namespace dynskin::app
