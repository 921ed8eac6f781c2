#include "app/export/export_actions.h"

#include <cstdio>
#include <filesystem>

#include "app/files/file_exchange.h"

namespace dynskin::app {

bool start_bake(ViewerState& state, const std::string& path) {
    if (!state.scene) return false;
    ExportTools& tools = state.exports;
    try {
        tools.bake = std::make_unique<BakeJob>(state.scene->loaded, state.scene->input.clip, state.settings, tools.bake_fps,
                                               tools.bake_loop, tools.bake_loop ? 0.0 : tools.bake_tail, path);
        tools.status.clear();
        return true;
    } catch (const std::exception& e) {
        state.error_message = std::string("Could not bake: ") + e.what();
        return false;
    }
}

void step_bake(ViewerState& state, double budget_ms) {
    ExportTools& tools = state.exports;
    if (!tools.bake) return;
    try {
        tools.bake->run_for(budget_ms);
    } catch (const std::exception& e) {
        state.error_message = std::string("Could not export the baked glTF:\n") + e.what();
        tools.bake.reset();
        return;
    }
    if (tools.bake->finished()) {
        const std::string path = tools.bake->output_path();
        tools.status = "Baked " + std::to_string(tools.bake->frame_count()) + " frames into " + path;
        try {  // in the browser, the file goes to the user as a download
            if (platform::offer_download(path, platform::AfterDownload::Remove))
                tools.status = "Baked " + std::to_string(tools.bake->frame_count()) + " frames: downloaded as " +
                               std::filesystem::path(path).filename().string();
        } catch (const std::exception& e) {
            state.error_message = std::string("Could not download the baked glTF: ") + e.what();
        }
        tools.bake.reset();
    }
}

void cancel_bake(ViewerState& state) {
    if (!state.exports.bake) return;
    state.exports.bake.reset();
    state.exports.status = "Bake cancelled";
}

bool start_frame_recording(ViewerState& state, const std::string& folder) {
    try {
        state.exports.frames.start(folder);
        return true;
    } catch (const std::exception& e) {
        state.error_message = e.what();
        return false;
    }
}

void stop_frame_recording(ViewerState& state) {
    FrameRecorder& frames = state.exports.frames;
    frames.stop();
    state.exports.status = std::to_string(frames.frames_written()) + " frames in " + frames.folder();
    if (frames.frames_written() == 0) return;
    // In the browser, the frames go to the user as one zip download (and leave the page's memory).
    std::vector<std::string> paths;
    for (int i = 0; i < frames.frames_written(); ++i) paths.push_back(frames.frame_path(i));
    std::filesystem::path folder = std::filesystem::path(frames.folder()).lexically_normal();
    if (folder.filename().empty()) folder = folder.parent_path();  // "frames/"
    const std::string stem = folder.filename().string();
    const std::string zip_name = (stem.empty() || stem == "." || stem == ".." ? "frames" : stem) + ".zip";
    try {
        if (platform::offer_zip_download(paths, zip_name))
            state.exports.status = std::to_string(frames.frames_written()) + " frames: downloaded as " + zip_name;
    } catch (const std::exception& e) {
        state.error_message += (state.error_message.empty() ? "" : "\n") +
                               std::string("Could not download the recorded frames: ") + e.what();
    }
}

void start_clip_recording(ViewerState& state) { state.exports.clip.start(state.world_clock.now()); }

bool finish_clip_recording(ViewerState& state) {
    ExportTools& tools = state.exports;
    if (!state.scene || !tools.clip.recording()) return false;
    Scene& scene = *state.scene;
    Character& character = scene.character();
    AnimationClip clip = tools.clip.stop(character.skeleton, "recorded " + std::to_string(tools.recorded_count + 1));
    if (clip.channels.empty()) {
        tools.status = "Nothing recorded (too short)";
        return false;
    }
    ++tools.recorded_count;
    char line[160];
    std::snprintf(line, sizeof line, "'%s' (%.2f s) added to the clips", clip.name.c_str(), clip.duration);
    tools.status = line;
    character.clips.push_back(std::move(clip));
    // Replay it: the drags are in the clip now, so they go from the input.
    scene.input.reset_drags(character.skeleton.joint_count());
    scene.input.clip = static_cast<int>(character.clips.size()) - 1;
    scene.input.clip_time = 0.0;
    state.playback.playing = true;
    state.reset_history = true;
    return true;
}

}  // namespace dynskin::app
