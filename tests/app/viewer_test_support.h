#pragma once
// What the in-process viewer tests share: a small off-screen viewer and stepping it.

#include <string>
#include <vector>

#include "app/viewer_app.h"

namespace dynskin::app::test {

inline ViewerOptions headless(const std::string& character) {
    ViewerOptions o;
    o.character = character;
    o.headless = true;
    o.width = 640;
    o.height = 400;
    return o;
}

inline void run_frames(ViewerApp& app, int frames) {
    for (int f = 0; f < frames; ++f) app.frame_tick(1.0 / 60.0);
}

// Grab `joint` as drawn at frame 5, press at 6, move 80 pixels left at 8, release at 12.
inline std::vector<ScriptEvent> drag_left_script(int joint) {
    ScriptEvent grab, press, move, release;
    grab.frame = 5, grab.joint = joint;
    press.frame = 6, press.press = 0;
    move.frame = 8, move.has_move = true, move.move = glm::vec2(-80.0f, 0.0f);
    release.frame = 12, release.release = 0;
    return {grab, press, move, release};
}

}  // namespace dynskin::app::test
