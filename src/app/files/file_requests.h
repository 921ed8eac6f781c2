#pragma once
// What the viewer does with files the user hands it (dropped, picked in the browser) and the
// preset files it reads and writes. Failures go to state.error_message (the viewer's popup).

#include <string>
#include <vector>

#include "app/viewer_state.h"

namespace dynskin::app {

// The file to open among several dropped or picked together (a .gltf with its .bin and
// images): the first .gltf or .glb, else the first file (whose load then says what is wrong).
// Empty when there are none.
std::string character_file_among(const std::vector<std::string>& paths);

// Files picked in the browser since the last frame: a character becomes a load request (which
// asks first when there is unsaved work), a preset is loaded.
void receive_picked_files(ViewerState& state);

// The parameters from, or into, a preset file; in the browser, a saved preset is downloaded.
bool load_preset_file(ViewerState& state, const std::string& path);
bool save_preset_file(ViewerState& state, const std::string& path);

}  // namespace dynskin::app
