// The viewer's Export panel in-process (under xvfb-run, with the viewer suite): a bake that
// runs across frames while the window lives and can be cancelled, frames recorded as PNGs,
// and a scripted joint drag recorded as a clip that joins the clip list and replays.

#include <gtest/gtest.h>

#include <filesystem>

#include "app/export/export_actions.h"
#include "app/viewer_app.h"
#include "dynskin/gltf_loader.h"
#include "viewer_test_support.h"

namespace dynskin::app {
namespace {

using test::headless;
using test::run_frames;

std::string temp_folder() {
    char pattern[] = "/tmp/dynskin-export-test-XXXXXX";
    return ::mkdtemp(pattern);
}

TEST(ViewerExport, BakeRunsAcrossFramesAndWritesThePlayableFile) {
    ViewerApp app(headless("cow"));
    ViewerState& state = app.state();
    const std::string path = temp_folder() + "/cow_baked.glb";
    state.exports.bake_fps = 30.0f;
    ASSERT_TRUE(start_bake(state, path)) << state.error_message;
    int frames = 0;
    while (state.exports.bake && frames < 2000) {
        app.frame_tick(1.0 / 60.0);
        ++frames;
    }
    EXPECT_GT(frames, 1) << "the bake is spread over frames, so the window stays alive";
    EXPECT_EQ(state.error_message, "");
    EXPECT_EQ(state.exports.status, "Baked 151 frames into " + path);
    const io::LoadedCharacter baked = io::load_gltf(path);
    EXPECT_EQ(baked.character.mesh.vertex_count(), state.scene->character().mesh.vertex_count());
    ASSERT_EQ(baked.character.clips.size(), 1u);
    EXPECT_FLOAT_EQ(baked.character.clips[0].duration, 5.0f);
}

TEST(ViewerExport, ACancelledBakeWritesNothing) {
    ViewerApp app(headless("cow"));
    ViewerState& state = app.state();
    const std::string path = temp_folder() + "/never.glb";
    ASSERT_TRUE(start_bake(state, path));
    app.frame_tick(1.0 / 60.0);
    cancel_bake(state);
    for (int f = 0; f < 5; ++f) app.frame_tick(1.0 / 60.0);
    EXPECT_FALSE(state.exports.bake);
    EXPECT_EQ(state.exports.status, "Bake cancelled");
    EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(ViewerExport, ABakeWithoutAClipIsRefused) {
    ViewerOptions o = headless("bar");
    o.clip = "none";
    ViewerApp app(o);
    EXPECT_FALSE(start_bake(app.state(), temp_folder() + "/x.glb"));
    EXPECT_NE(app.state().error_message.find("choose a clip"), std::string::npos) << app.state().error_message;
}

TEST(ViewerExport, RecordFramesWritesOnePngPerFrame) {
    ViewerApp app(headless("bar"));
    ViewerState& state = app.state();
    const std::string folder = temp_folder() + "/frames";
    ASSERT_TRUE(start_frame_recording(state, folder));
    for (int f = 0; f < 3; ++f) app.frame_tick(1.0 / 60.0);
    stop_frame_recording(state);
    app.frame_tick(1.0 / 60.0);
    EXPECT_EQ(state.exports.frames.frames_written(), 3);
    for (const char* name : {"frame_00000.png", "frame_00001.png", "frame_00002.png"})
        EXPECT_TRUE(std::filesystem::exists(folder + "/" + name)) << name;
    EXPECT_FALSE(std::filesystem::exists(folder + "/frame_00003.png"));
    EXPECT_FALSE(start_frame_recording(state, "/proc/no-such-folder/frames"));
    EXPECT_FALSE(state.error_message.empty());
}

TEST(ViewerExport, ARecordedDragJoinsTheClipsAndReplaysItsPose) {
    ViewerOptions o = headless("bar");
    o.clip = "none";
    ViewerApp app(o);
    ViewerState& state = app.state();
    const int tip = 4;
    app.set_script(test::drag_left_script(tip));
    app.frame_tick(1.0 / 60.0);
    start_clip_recording(state);
    for (int f = 0; f < 30; ++f) app.frame_tick(1.0 / 60.0);
    const Pose dragged = state.scene->deformer.pose();  // held since the release
    ASSERT_TRUE(finish_clip_recording(state));

    const Character& bar = state.scene->character();
    ASSERT_EQ(bar.clips.size(), 2u);
    const AnimationClip& recorded = bar.clips[1];
    EXPECT_EQ(recorded.name, "recorded 1");
    EXPECT_NEAR(recorded.duration, 29.0 / 60.0, 2.0 / 60.0);
    EXPECT_EQ(state.scene->input.clip, 1) << "the recorded clip is replayed";
    Pose end = Pose::rest_of(bar.skeleton);
    recorded.sample(recorded.duration, end);
    for (std::size_t j = 0; j < end.local.size(); ++j)
        EXPECT_NEAR(std::abs(glm::dot(end.local[j].rotation, dragged.local[j].rotation)), 1.0f, 1e-5f) << j;
    Pose start = Pose::rest_of(bar.skeleton);
    recorded.sample(0.0, start);
    EXPECT_LT(std::abs(glm::dot(start.local[tip - 1].rotation, end.local[tip - 1].rotation)), 0.999f)
        << "the drag happened during the recording";

    // Replaying shows the recorded motion, with the drags gone from the input (played once,
    // it ends on the dragged pose).
    state.scene->input.loop = false;
    for (int f = 0; f < 60; ++f) app.frame_tick(1.0 / 60.0);
    const Pose replayed = state.scene->deformer.pose();
    EXPECT_NEAR(std::abs(glm::dot(replayed.local[tip - 1].rotation, dragged.local[tip - 1].rotation)), 1.0f, 1e-5f);
}

}  // namespace
}  // namespace dynskin::app
