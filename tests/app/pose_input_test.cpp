#include <gtest/gtest.h>

#include <cmath>
#include <utility>
#include <vector>

#include "app/input/pose_input.h"
#include "characters/bundled_characters.h"

namespace dynskin::app {
namespace {

TEST(PoseTimeline, InterpolatesClipTimeAndDragsBetweenFrames) {
    const Character bar = characters::make_bar();
    PoseTimeline timeline;
    PoseInput a;
    a.clip = 0;
    a.clip_time = 0.1;
    a.reset_drags(bar.skeleton.joint_count());
    PoseInput b = a;
    b.clip_time = 0.3;
    b.drag_rotations[2] = glm::angleAxis(0.4f, glm::vec3(1, 0, 0));
    timeline.record(1.0, a);
    timeline.record(2.0, b);

    Pose mid, expected;
    timeline.sample(bar, 1.5, mid);
    PoseInput halfway = a;
    halfway.clip_time = 0.2;
    halfway.drag_rotations[2] = glm::angleAxis(0.2f, glm::vec3(1, 0, 0));
    halfway.apply(bar, expected);
    for (int j = 0; j < bar.skeleton.joint_count(); ++j)
        EXPECT_NEAR(std::abs(glm::dot(mid.local[j].rotation, expected.local[j].rotation)), 1.0f, 1e-6f) << j;

    // Held outside the recorded span.
    Pose before, first;
    timeline.sample(bar, 0.0, before);
    a.apply(bar, first);
    EXPECT_EQ(before.local[0].rotation, first.local[0].rotation);
}

TEST(PoseTimeline, FindsTheFramesAroundAnyTimeItHolds) {
    // Frames at uneven times, the clip time not linear in the world time (a wrong pair of
    // frames would give another): any time between the first and the last frame samples the
    // clip between the two frames around it, whether they are among the newest (looked at
    // first) or far back (searched).
    const Character bar = characters::make_bar();
    PoseTimeline timeline;
    PoseInput input;
    input.clip = 0;
    std::vector<double> times, clip_times;
    for (int k = 0; k < 40; ++k) {
        times.push_back(0.01 * k + 0.004 * (k % 3));
        clip_times.push_back(3.0 * times.back() * times.back());
        input.clip_time = clip_times.back();
        timeline.record(times.back(), input);
    }
    for (double t = times.front() + 1e-4; t < times.back(); t += 0.0037) {
        std::size_t after = 1;
        while (times[after] <= t) ++after;
        const double s = (t - times[after - 1]) / (times[after] - times[after - 1]);
        Pose sampled, expected;
        timeline.sample(bar, t, sampled);
        input.clip_time = clip_times[after - 1] + float(s) * (clip_times[after] - clip_times[after - 1]);
        input.apply(bar, expected);
        for (int j = 0; j < bar.skeleton.joint_count(); ++j)
            ASSERT_NEAR(std::abs(glm::dot(sampled.local[j].rotation, expected.local[j].rotation)), 1.0f, 1e-6f)
                << "t " << t << ", joint " << j;
    }
}

TEST(PoseTimeline, HoldsItsEndFramesOutsideThem) {
    // Before the oldest frame, at it, and after the newest: those frames' poses as given,
    // with one frame kept and with several (the search starts from the newest), after the
    // timeline started over (time went back): the ring still holds the older frames.
    const Character bar = characters::make_bar();
    PoseInput input;
    input.clip = 0;
    const auto pose_of = [&bar](const PoseInput& in) {
        Pose pose;
        in.apply(bar, pose);
        return pose.local;
    };
    for (int frames : {1, 2, 5}) {
        PoseTimeline timeline;
        for (int k = 0; k < 16; ++k) {  // (the ring full: 16 frames)
            input.clip_time = 2.0 + 0.05 * k;
            timeline.record(5.0 + 0.1 * k, input);
        }
        std::vector<std::vector<Trs>> given;
        for (int k = 0; k < frames; ++k) {
            input.clip_time = 0.3 + 0.2 * k;
            timeline.record(1.0 + 0.1 * k, input);
            given.push_back(pose_of(input));
        }
        for (const auto& [t, expected] : {std::pair{0.5, given.front()}, std::pair{1.0, given.front()},
                                          std::pair{1.0 + 0.1 * (frames - 1), given.back()}, std::pair{9.0, given.back()}}) {
            Pose sampled;
            timeline.sample(bar, t, sampled);
            for (int j = 0; j < bar.skeleton.joint_count(); ++j)
                EXPECT_EQ(sampled.local[j].rotation, expected[j].rotation) << frames << " frames, t " << t << ", joint " << j;
        }
    }
}

TEST(PoseInput, LoopingWrapsTheClipTime) {
    const Character bar = characters::make_bar();
    PoseInput input;
    input.clip = 0;
    input.reset_drags(bar.skeleton.joint_count());
    const double duration = bar.clips[0].duration;
    Pose a, b;
    input.clip_time = 0.25;
    input.apply(bar, a);
    input.clip_time = 0.25 + 3 * duration;
    input.apply(bar, b);
    EXPECT_NEAR(std::abs(glm::dot(a.local[0].rotation, b.local[0].rotation)), 1.0f, 1e-6f);
}

}  // namespace
}  // namespace dynskin::app
