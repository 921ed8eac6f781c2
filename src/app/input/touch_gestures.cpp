#include "app/input/touch_gestures.h"

#include <algorithm>

namespace dynskin::app {

int TouchGestures::finger_index(long id) const {
    for (int k = 0; k < 2; ++k)
        if (fingers_[k].id == id) return k;
    return -1;
}

void TouchGestures::touch_start(long id, glm::vec2 position) {
    ++count_;
    switch (phase_) {
        case Phase::Idle:
            phase_ = Phase::OneFinger;
            fingers_[0] = {id, position};
            fingers_[1] = {};
            pointer_ = position;
            pointer_down_ = press_unseen_ = true;
            break;
        case Phase::OneFinger:
            phase_ = Phase::TwoFingers;
            fingers_[1] = {id, position};
            pointer_down_ = false;
            // A press no frame has seen is dropped (both fingers landed at once); one seen
            // is released where the first finger is now.
            release_pending_ = !press_unseen_;
            press_unseen_ = false;
            break;
        case Phase::TwoFingers:
        case Phase::Finishing: break;  // a third finger, or one back after a pinch: ignored
    }
}

void TouchGestures::touch_move(long id, glm::vec2 position) {
    const int k = finger_index(id);
    if (k < 0) return;
    if (phase_ == Phase::OneFinger && k == 0) {
        fingers_[0].position = pointer_ = position;
    } else if (phase_ == Phase::TwoFingers) {
        const glm::vec2 before_mid = 0.5f * (fingers_[0].position + fingers_[1].position);
        const float before_spread = glm::distance(fingers_[0].position, fingers_[1].position);
        fingers_[k].position = position;
        const glm::vec2 mid = 0.5f * (fingers_[0].position + fingers_[1].position);
        const float spread = glm::distance(fingers_[0].position, fingers_[1].position);
        motion_.pan += mid - before_mid;
        // Fingers a pixel apart give no usable ratio.
        if (before_spread > 1.0f && spread > 1.0f) motion_.zoom *= spread / before_spread;
    }
}

void TouchGestures::touch_end(long id) {
    count_ = std::max(count_ - 1, 0);
    const int k = finger_index(id);
    if (phase_ == Phase::OneFinger && k == 0) {
        pointer_down_ = false;
        release_pending_ = true;
    } else if (phase_ == Phase::TwoFingers && k >= 0) {
        phase_ = Phase::Finishing;
    }
    if (count_ == 0) {
        phase_ = Phase::Idle;
        fingers_[0] = fingers_[1] = {};
    }
}

TouchGestures::Pointer TouchGestures::take_pointer() {
    Pointer p;
    // While any finger is down the touch screen owns the pointer, even when no finger acts
    // as it: Emscripten's GLFW also reports each touch as a press at the mouse's last
    // position, which would otherwise start an orbit from there.
    p.active = count_ > 0 || pointer_down_ || press_unseen_ || release_pending_;
    p.position = pointer_;
    if (press_unseen_ && !shown_) {
        // The finger arrives one frame before it presses, as a mouse would: the press frame
        // then sees no motion from wherever the mouse was (no orbit jump), and ImGui knows
        // what is under it.
        shown_ = true;
        return p;
    }
    p.down = pointer_down_ || press_unseen_;
    press_unseen_ = false;
    if (!p.down) release_pending_ = false;
    shown_ = p.active;
    return p;
}

TouchGestures::CameraMotion TouchGestures::take_camera_motion() {
    const CameraMotion m = motion_;
    motion_ = {};
    return m;
}

}  // namespace dynskin::app
