// A crowd in the viewer (dynskin --crowd N), in-process under Xvfb: every instance drawn,
// and a drag with the mouse on one instance's joint moves that instance alone.

#include <gtest/gtest.h>

#include <cstring>

#include "app/viewer_app.h"
#include "viewer_test_support.h"

namespace dynskin::app {
namespace {

using test::headless;
using test::run_frames;

ViewerOptions crowd_of(const std::string& character, int count) {
    ViewerOptions o = headless(character);
    o.crowd = count;
    return o;
}

TEST(ViewerCrowd, DrawsEveryInstance) {
    ViewerApp app(crowd_of("cow", 9));  // a GL error in any frame throws
    run_frames(app, 30);
    const Crowd& crowd = *app.state().scene->crowd;
    ASSERT_EQ(crowd.count(), 9);
    int w = 0, h = 0;
    const std::vector<std::uint8_t> rgba = app.read_frame(w, h);
    const std::uint8_t* background = &rgba[(std::size_t(h - 1) * w + (w - 1)) * 4];
    const std::vector<glm::vec3> joints = crowd.joint_positions();
    const auto per = static_cast<std::size_t>(crowd.joint_count());
    for (int k = 0; k < crowd.count(); ++k) {
        // The middle of the instance's joints lies in its body: some pixel around it is the cow's.
        glm::vec3 middle(0.0f);
        for (std::size_t j = 0; j < per; ++j) middle += joints[k * per + j] / float(per);
        glm::vec2 pixel;
        ASSERT_TRUE(app.state().camera.project(middle, glm::vec2(w, h), pixel)) << k;
        int covered = 0;
        for (int dy = -3; dy <= 3; ++dy)
            for (int dx = -3; dx <= 3; ++dx) {
                const int x = int(pixel.x) + dx, y = int(pixel.y) + dy;
                if (x < 0 || y < 0 || x >= w || y >= h) continue;
                const std::uint8_t* c = &rgba[(std::size_t(y) * w + x) * 4];
                covered += std::abs(c[0] - background[0]) + std::abs(c[1] - background[1]) +
                               std::abs(c[2] - background[2]) > 60;
            }
        EXPECT_GT(covered, 10) << "instance " << k << " is not drawn at pixel " << pixel.x << ", " << pixel.y;
    }
}

TEST(ViewerCrowd, AMouseDragMovesOneInstanceAndLeavesTheOthersAlone) {
    // The same crowd twice, one dragged by the mouse on instance 0's tip (its parent turns).
    auto run = [](bool drag, std::vector<JointRow>& rows, float& wobble) {
        ViewerApp app(crowd_of("bar", 4));
        if (drag) {
            std::vector<ScriptEvent> script = test::drag_left_script(4);
            script[0].instance = 0;
            app.set_script(script);
        }
        run_frames(app, 40);  // released at frame 12
        const Crowd& crowd = *app.state().scene->crowd;
        rows = crowd.rows();
        wobble = glm::length(glm::vec3(crowd.instance(0).dynamics.joint_row(3).angular_gain));
        if (drag) {
            EXPECT_EQ(app.state().selected_instance, 0);
            EXPECT_EQ(app.state().selected_joint, 3);
            EXPECT_FALSE(crowd.instance(0).input.drag_rotations.empty());
            for (int k = 1; k < crowd.count(); ++k) EXPECT_TRUE(crowd.instance(k).input.drag_rotations.empty()) << k;
        }
        return crowd.joint_count();
    };
    std::vector<JointRow> dragged, untouched;
    float wobble_dragged = 0.0f, wobble_untouched = 0.0f;
    const int joints = run(true, dragged, wobble_dragged);
    run(false, untouched, wobble_untouched);
    ASSERT_EQ(dragged.size(), untouched.size());
    auto same = [&](int k) {
        return std::memcmp(dragged.data() + k * joints, untouched.data() + k * joints, joints * sizeof(JointRow)) == 0;
    };
    EXPECT_FALSE(same(0)) << "the dragged instance moved";
    for (int k = 1; k < 4; ++k) EXPECT_TRUE(same(k)) << "instance " << k << " was left alone";
    // Released 28 frames ago, instance 0 still rings: its drive is the drag's wobble on top of the clip's.
    EXPECT_GT(std::abs(wobble_dragged - wobble_untouched), 0.05f) << wobble_dragged << " vs " << wobble_untouched;
}

}  // namespace
}  // namespace dynskin::app
