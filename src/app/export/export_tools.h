#pragma once
// What the viewer's Export panel holds: a bake in progress, the frame recorder and the clip
// recorder, and the last outcome to show.

#include <memory>
#include <string>

#include "app/export/bake_job.h"
#include "app/export/clip_recorder.h"
#include "app/export/frame_recorder.h"

namespace dynskin::app {

struct ExportTools {
    std::unique_ptr<BakeJob> bake;   // null when no bake runs
    float bake_fps = 30.0f;
    bool bake_loop = false;
    float bake_tail = 0.0f;
    FrameRecorder frames;
    ClipRecorder clip;
    int recorded_count = 0;          // for the names of recorded clips
    std::string status;              // the last bake's or recording's outcome, one line
};

}  // namespace dynskin::app
