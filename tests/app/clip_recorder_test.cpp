// Recording drags as a clip: replaying the clip gives the poses (and so the skin) the
// measurement clock saw while the user dragged.

#include <gtest/gtest.h>

#include <cmath>

#include "app/export/clip_recorder.h"
#include "characters/bundled_characters.h"
#include "dynskin/deformer.h"

namespace dynskin::app {
namespace {

// A drag as the viewer makes it: input frames at an irregular frame rate, each with the
// drag rotations of that moment, on top of a clip (or the rest pose).
struct DragSession {
    Character bar = characters::make_bar();
    PoseTimeline timeline;
    PoseInput input;
    std::vector<double> frame_times;

    explicit DragSession(int clip) {
        input.clip = clip;
        input.reset_drags(bar.skeleton.joint_count());
        double t = 3.0;  // recording starts in the middle of a session, between ticks
        for (int f = 0; f < 120; ++f) {
            t += (f % 3 == 0) ? 0.021 : 0.013;
            frame_times.push_back(t);
        }
    }

    void frame(int f) {
        const double t = frame_times[static_cast<std::size_t>(f)];
        input.clip_time = t - 3.0;
        input.drag_rotations[2] = glm::angleAxis(1.2f * std::sin(4.0f * float(t)), glm::normalize(glm::vec3(1, 0, 0.3f)));
        input.drag_rotations[3] = glm::angleAxis(-0.8f * float(t - 3.0), glm::vec3(0, 0, 1));
        input.drag_translations[0] = glm::vec3(0.1f * float(t - 3.0), 0.0f, 0.0f);
        timeline.record(t, input);
    }
};

void expect_replays_the_drag(int clip) {
    DragSession session(clip);
    ClipRecorder recorder;
    std::vector<std::pair<double, Pose>> seen;  // the poses the clock saw, tick by tick
    for (int f = 0; f < static_cast<int>(session.frame_times.size()); ++f) {
        session.frame(f);
        const double now = session.frame_times[static_cast<std::size_t>(f)] - kTickSeconds;  // as the viewer
        if (f == 5) recorder.start(now);
        const double recorded_before = recorder.seconds();
        recorder.record(session.bar, session.timeline, now);
        if (!recorder.recording()) continue;
        // Ticks newly covered: sample them from the timeline as the deformer does.
        for (Tick n = first_tick_at_or_after(session.frame_times[5] - kTickSeconds); tick_time(n) <= now + 1e-9; ++n) {
            if (!seen.empty() && tick_time(n) <= seen.back().first + 1e-12) continue;
            Pose pose;
            session.timeline.sample(session.bar, tick_time(n), pose);
            seen.emplace_back(tick_time(n), pose);
        }
        EXPECT_GE(recorder.seconds(), recorded_before);
    }
    const AnimationClip clip_made = recorder.stop(session.bar.skeleton, "recorded 1");
    EXPECT_FALSE(recorder.recording());
    EXPECT_EQ(clip_made.validate(session.bar.skeleton.joint_count()), "");
    ASSERT_EQ(clip_made.channels.empty(), false);
    EXPECT_NEAR(clip_made.duration, (seen.size() - 1) * kTickSeconds, 1e-5);

    for (std::size_t k = 0; k < seen.size(); ++k) {
        Pose replayed = Pose::rest_of(session.bar.skeleton);
        clip_made.sample(k * kTickSeconds, replayed);
        for (std::size_t j = 0; j < replayed.local.size(); ++j) {
            EXPECT_NEAR(std::abs(glm::dot(replayed.local[j].rotation, seen[k].second.local[j].rotation)), 1.0f, 1e-6f)
                << "tick " << k << " joint " << j;
            EXPECT_LT(glm::length(replayed.local[j].translation - seen[k].second.local[j].translation), 1e-6f);
        }
    }

    // The skin replays too: the deformer fed the clip shows what it showed fed the drags.
    Deformer live(session.bar), replay(session.bar);
    const double start = seen.front().first;
    DynamicSettings settings;
    const PoseSampler from_ticks = [&](double t, Pose& pose) {
        const auto k = static_cast<std::size_t>(std::lround(std::max(0.0, t - start) / kTickSeconds));
        pose = seen[std::min(k, seen.size() - 1)].second;
    };
    const PoseSampler from_clip = clip_sampler(session.bar.skeleton, clip_made, false);
    double largest = 0.0;
    for (std::size_t k = 0; k < seen.size(); k += 7) {
        live.update(start + k * kTickSeconds, from_ticks, settings);
        replay.update(k * kTickSeconds, from_clip, settings);
        for (std::size_t i = 0; i < live.positions().size(); ++i)
            largest = std::max(largest, double(glm::length(live.positions()[i] - replay.positions()[i])));
    }
    EXPECT_LT(largest / live.size(), 1e-5);
}

TEST(ClipRecorder, DragsOnTheRestPoseReplayAsRecorded) { expect_replays_the_drag(-1); }

TEST(ClipRecorder, DragsOnTopOfAClipReplayAsRecorded) { expect_replays_the_drag(0); }

TEST(ClipRecorder, TooShortARecordingMakesNoClip) {
    const Character bar = characters::make_bar();
    PoseTimeline timeline;
    PoseInput input;
    input.reset_drags(bar.skeleton.joint_count());
    timeline.record(1.0, input);
    ClipRecorder recorder;
    recorder.start(1.0);
    recorder.record(bar, timeline, 1.0);
    EXPECT_TRUE(recorder.stop(bar.skeleton, "x").channels.empty());
}

}  // namespace
}  // namespace dynskin::app
