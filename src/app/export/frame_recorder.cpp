#include "app/export/frame_recorder.h"

#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include <stb_image_write.h>

namespace dynskin::app {

void FrameRecorder::make_folder(const std::string& folder) {
    if (folder.empty()) throw std::runtime_error("no folder to record the frames into");
    std::error_code error;
    std::filesystem::create_directories(folder, error);
    if (error || !std::filesystem::is_directory(folder))
        throw std::runtime_error("cannot make the folder " + folder + (error ? ": " + error.message() : ""));
}

void FrameRecorder::start(const std::string& folder) {
    make_folder(folder);
    folder_ = folder;
    next_ = 0;
    recording_ = true;
}

std::string FrameRecorder::frame_path(int index) const {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%05d.png", index);
    return (std::filesystem::path(folder_) / name).string();
}

void FrameRecorder::write(const std::vector<std::uint8_t>& rgba, int width, int height) {
    const std::string path = frame_path(next_);
    if (!stbi_write_png(path.c_str(), width, height, 4, rgba.data(), width * 4)) {
        recording_ = false;
        throw std::runtime_error("cannot write " + path);
    }
    ++next_;
}

}  // namespace dynskin::app
