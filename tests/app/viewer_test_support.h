#pragma once
// What the in-process viewer tests share: a small off-screen viewer and stepping it.

#include <string>

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

}  // namespace dynskin::app::test
