#pragma once
// Files between the viewer and its user. On the desktop the viewer reads and writes the
// user's own file system (paths typed into the panels, its own file browser, dropped paths),
// so these do nothing. In the browser the page has only a memory file system that the user
// never sees: files come in through the browser's file picker and drag and drop, and what the
// viewer writes goes out as downloads. The desktop's implementation is
// file_exchange_desktop.cpp, the browser's web/file_exchange.cpp (CMake picks one).

#include <string>
#include <vector>

namespace dynskin::app::platform {

// True in the browser: the paths the panels show name files in the page's memory.
bool files_through_browser();

// What picked files are for.
enum class Picked { Character, Preset };

struct PickedFiles {
    Picked purpose = Picked::Character;
    std::vector<std::string> paths;  // in the memory file system, one folder per pick
    std::string error;               // set when the browser could not read them
};

// Opens the browser's file picker (while handling the user's click: browsers open it only
// then) for a character (.glb, or a .gltf with its .bin and images) or a preset (.json). The
// chosen files are copied into the memory file system and come out of take_picked_files(),
// a frame or more later; nothing comes when the user cancels. False where there is no picker
// (the desktop, which has its own file browser).
bool pick_files(Picked purpose);
std::vector<PickedFiles> take_picked_files();

// Dropped files, moved into a folder of their own: Emscripten writes every drop into
// /.glfw_dropped_files, where a later drop of a file with the same name would replace the
// open character's source (which Save reads). The desktop's paths stay as they are.
std::vector<std::string> keep_dropped_files(const std::vector<std::string>& paths);

// Frees the page's copies of opened files except those of the folder in_use comes from (the
// open character's, with its .bin and images, and where Save writes). The desktop's files are
// the user's own: nothing happens there.
void release_files_except(const std::string& in_use);

enum class AfterDownload { Keep, Remove };

// Hands the file at path to the user as a download named like the file; Remove then frees
// the page's copy. False, doing nothing, on the desktop (the file is the user's already).
// Throws std::runtime_error when the page cannot offer it.
bool offer_download(const std::string& path, AfterDownload after);

// The files, as one zip (stored, not compressed: PNGs are compressed already) downloaded
// under zip_name; entries are named by their file names. The files go from the page's
// memory. False, doing nothing, on the desktop. Throws std::runtime_error.
bool offer_zip_download(const std::vector<std::string>& paths, const std::string& zip_name);

}  // namespace dynskin::app::platform
