#pragma once
// Writes rendered frames as a numbered PNG sequence (frame_00000.png, ...) into a folder:
// the viewer's "Record frames" and dynskin-cli render.

#include <cstdint>
#include <string>
#include <vector>

namespace dynskin::app {

class FrameRecorder {
public:
    // Creates the folder when needed. Throws std::runtime_error when it cannot.
    void start(const std::string& folder);
    // Makes the folder (and its parents) or throws std::runtime_error saying why: what start
    // does first, for callers that check the folder before they open a window.
    static void make_folder(const std::string& folder);
    void stop() { recording_ = false; }
    // Writes one frame (RGBA8 rows, top first). Throws std::runtime_error.
    void write(const std::vector<std::uint8_t>& rgba, int width, int height);

    bool recording() const { return recording_; }
    int frames_written() const { return next_; }
    const std::string& folder() const { return folder_; }
    // Where frame index (0, 1, ...) is written.
    std::string frame_path(int index) const;

private:
    bool recording_ = false;
    std::string folder_;
    int next_ = 0;
};

}  // namespace dynskin::app
