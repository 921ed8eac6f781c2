#pragma once
// Scripted input for headless runs and tests: timed mouse and key events replayed as if a
// user did them. One event per line, `FRAME COMMAND [ARGS]`, '#' starts a comment:
//   10 joint 4         put the cursor on joint 4 (as drawn at that frame)
//   12 move 40 -10     move the cursor by (40, -10) pixels
//   12 at 300 200      put the cursor at window pixel (300, 200)
//   11 down            press the left button; `up` releases it
//   30 key P           press a key for one frame (letters, SPACE, F1..F12); `ctrl-key Z`, `ctrl-shift-key Z`

#include <string>
#include <vector>

namespace dynskin::app {

struct ScriptEvent {
    enum class Kind { Joint, Move, At, Down, Up, Key };
    int frame = 0;
    Kind kind = Kind::Move;
    float x = 0.0f, y = 0.0f;  // pixels for Move/At
    int joint = -1;
    int key = 0;               // GLFW key code
    bool ctrl = false, shift = false;
};

// Throws std::runtime_error naming the file, the line and the problem.
std::vector<ScriptEvent> read_input_script(const std::string& path);

}  // namespace dynskin::app
