#include "app/input_script.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace dynskin::app {
namespace {

int key_code(const std::string& name) {
    if (name.size() == 1 && name[0] >= 'A' && name[0] <= 'Z') return GLFW_KEY_A + (name[0] - 'A');
    if (name.size() == 1 && name[0] >= '0' && name[0] <= '9') return GLFW_KEY_0 + (name[0] - '0');
    if (name == "SPACE") return GLFW_KEY_SPACE;
    if (name.size() >= 2 && name[0] == 'F') {
        const int n = std::atoi(name.c_str() + 1);
        if (n >= 1 && n <= 12) return GLFW_KEY_F1 + n - 1;
    }
    return -1;
}

}  // namespace

std::vector<ScriptEvent> read_input_script(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read the input script " + path);
    std::vector<ScriptEvent> events;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
        std::istringstream words(line);
        ScriptEvent e;
        std::string command;
        if (!(words >> e.frame)) {
            if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
            throw std::runtime_error(path + ":" + std::to_string(number) + ": a line starts with its frame number");
        }
        words >> command;
        bool ok = true;
        if (command == "joint") {
            e.kind = ScriptEvent::Kind::Joint;
            ok = static_cast<bool>(words >> e.joint);
        } else if (command == "move" || command == "at") {
            e.kind = command == "move" ? ScriptEvent::Kind::Move : ScriptEvent::Kind::At;
            ok = static_cast<bool>(words >> e.x >> e.y);
        } else if (command == "down" || command == "up") {
            e.kind = command == "down" ? ScriptEvent::Kind::Down : ScriptEvent::Kind::Up;
        } else if (command == "key" || command == "ctrl-key" || command == "ctrl-shift-key") {
            e.kind = ScriptEvent::Kind::Key;
            e.ctrl = command != "key";
            e.shift = command == "ctrl-shift-key";
            std::string name;
            ok = static_cast<bool>(words >> name) && (e.key = key_code(name)) >= 0;
        } else {
            ok = false;
        }
        if (!ok || e.frame < 0)
            throw std::runtime_error(path + ":" + std::to_string(number) + ": cannot read '" + line + "'");
        events.push_back(e);
    }
    return events;
}

}  // namespace dynskin::app
