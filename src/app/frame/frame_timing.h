#pragma once
// Where a frame's time goes, for the Performance panel: the viewer's own work on the CPU
// (deformation, UI, the GL calls' submission) apart from the waiting (for the GPU, for the
// display: the present, and in the browser the time between its animation frames that our
// code does not run). Before issue 31 the panel's "frame" mixed both.

#include <cstddef>
#include <deque>

namespace dynskin::app {

struct FrameTiming {
    static constexpr std::size_t kHistory = 180;  // frames kept for the plots

    // The last frame's figures, in ms.
    float interval_ms = 0.0f;  // from the start of the frame before to this one's
    float work_ms = 0.0f;      // our CPU time, the present excluded
    float ui_ms = 0.0f;        // panels built and drawn
    float scene_ms = 0.0f;     // the scene's GL calls submitted
    float present_ms = 0.0f;   // copy to the window and swap (waits for vsync on the desktop)
    // The panel's triangles drawn again (gl/ui_renderer.h keeps it; 0: it did not change).
    std::size_t panel_triangles_drawn = 0;
    std::deque<float> work_history, wait_history;

    // What the frame did not spend on its own work.
    float wait_ms() const { return interval_ms > work_ms ? interval_ms - work_ms : 0.0f; }
    // A finished frame: interval since the last one began, and the whole frame's CPU time
    // (present included, which is then counted as waiting).
    void record(float interval, float frame);
};

}  // namespace dynskin::app
