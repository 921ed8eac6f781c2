#pragma once
// Scripted input for headless runs and tests: timed mouse and key events replayed frame by
// frame as if a person did them. The file is a JSON list of events:
//   [{"frame": 10, "joint": 4},                 put the cursor on joint 4 as drawn then
//    {"frame": 10, "joint": 4, "instance": 2},  the same on a crowd's instance 2 (--crowd)
//    {"frame": 11, "press": "left"},            press a mouse button (left, middle, right)
//    {"frame": 12, "move": [40, -10]},          move the cursor by pixels
//    {"frame": 13, "at": [300, 200]},           put the cursor at a window pixel
//    {"frame": 14, "release": "left"},
//    {"frame": 20, "key": "Z", "ctrl": true, "shift": false}]   press a key for one frame
// Keys: letters, digits, SPACE, F1..F12. An event may also hold "wheel": steps.

#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace dynskin::app {

struct ScriptEvent {
    int frame = 0;
    int joint = -1;                   // >= 0: put the cursor on this joint
    int instance = 0;                 // with joint: a crowd's instance whose joint it is
    bool has_at = false, has_move = false;
    glm::vec2 at{0.0f}, move{0.0f};
    int press = -1, release = -1;     // mouse button: 0 left, 1 right, 2 middle
    int key = -1;                     // GLFW key code
    bool ctrl = false, shift = false;
    float wheel = 0.0f;
};

// Throws std::runtime_error naming the file, the event and the problem.
std::vector<ScriptEvent> read_input_script(const std::string& path);

}  // namespace dynskin::app
