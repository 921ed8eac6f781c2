#pragma once
// What the Export panel's buttons do, apart from the buttons so that tests can drive them.
// Failures go to state.error_message (the viewer's popup); outcomes to state.exports.status.

#include <string>

#include "app/viewer_state.h"

namespace dynskin::app {

// Starts baking the current clip with the current settings (state.exports' fps, loop, tail)
// into path. False, with error_message set, when it cannot start.
bool start_bake(ViewerState& state, const std::string& path);
// Runs the bake for about budget_ms; call every frame. Writes the file once done.
void step_bake(ViewerState& state, double budget_ms);
void cancel_bake(ViewerState& state);

bool start_frame_recording(ViewerState& state, const std::string& folder);
void stop_frame_recording(ViewerState& state);

void start_clip_recording(ViewerState& state);
// Stops recording; a clip of two ticks or more is added to the clip list and replayed (the
// drags go, since the clip has them). False when nothing was recorded.
bool finish_clip_recording(ViewerState& state);

}  // namespace dynskin::app
