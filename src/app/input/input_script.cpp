#include "app/input/input_script.h"

#include <fstream>
#include <stdexcept>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <nlohmann/json.hpp>

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
    throw std::runtime_error("unknown key '" + name + "'");
}

int button(const std::string& name) {
    if (name == "left") return 0;
    if (name == "right") return 1;
    if (name == "middle") return 2;
    throw std::runtime_error("unknown mouse button '" + name + "'");
}

glm::vec2 pixel_pair(const nlohmann::json& j) {
    if (!j.is_array() || j.size() != 2 || !j[0].is_number() || !j[1].is_number())
        throw std::runtime_error("expected [x, y] in pixels");
    return glm::vec2(j[0].get<float>(), j[1].get<float>());
}

}  // namespace

std::vector<ScriptEvent> read_input_script(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read the input script " + path);
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(in);
    } catch (const nlohmann::json::exception& e) {
        throw std::runtime_error("the input script " + path + " is not JSON: " + e.what());
    }
    if (!doc.is_array()) throw std::runtime_error("the input script " + path + " must be a JSON list of events");
    std::vector<ScriptEvent> events;
    for (std::size_t n = 0; n < doc.size(); ++n) {
        const nlohmann::json& j = doc[n];
        try {
            if (!j.is_object() || !j.contains("frame") || !j["frame"].is_number_integer() || j["frame"].get<int>() < 0)
                throw std::runtime_error("each event needs a \"frame\" number >= 0");
            ScriptEvent e;
            e.frame = j["frame"].get<int>();
            for (const auto& [name, value] : j.items()) {
                if (name == "frame") continue;
                else if (name == "joint") e.joint = value.get<int>();
                else if (name == "instance") e.instance = value.get<int>();
                else if (name == "at") e.has_at = true, e.at = pixel_pair(value);
                else if (name == "move") e.has_move = true, e.move = pixel_pair(value);
                else if (name == "press") e.press = button(value.get<std::string>());
                else if (name == "release") e.release = button(value.get<std::string>());
                else if (name == "key") e.key = key_code(value.get<std::string>());
                else if (name == "ctrl") e.ctrl = value.get<bool>();
                else if (name == "shift") e.shift = value.get<bool>();
                else if (name == "wheel") e.wheel = value.get<float>();
                else throw std::runtime_error("unknown field \"" + name + "\"");
            }
            events.push_back(e);
        } catch (const std::exception& e) {
            throw std::runtime_error(path + ": event " + std::to_string(n) + ": " + e.what());
        }
    }
    return events;
}

}  // namespace dynskin::app
