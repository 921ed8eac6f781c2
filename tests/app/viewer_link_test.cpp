// The viewer in-process with a shared link's settings (dynskin --link), and what its Share
// panel gives back (run under xvfb-run by CTest, with the other viewer tests).

#include <gtest/gtest.h>

#include <cmath>

#include "app/panels/panels.h"
#include "app/viewer_app.h"
#include "viewer_test_support.h"

namespace dynskin::app {
namespace {

using test::headless;
using test::run_frames;

TEST(ViewerLink, ALinkSetsItsKeysOverTheCharactersOwnAndTheShareLinkGivesThemBack) {
    DynamicParameters cow;
    {  // one viewer at a time (ImGui's context is global)
        ViewerApp own(headless("cow"));
        cow = own.state().settings.parameters;
    }

    ViewerOptions o = headless("cow");
    o.link = "f=2.5&tau=0.4&base=dq";
    ViewerApp app(o);
    ASSERT_TRUE(app.state().error_message.empty()) << app.state().error_message;
    const DynamicParameters& p = app.state().settings.parameters;
    EXPECT_FLOAT_EQ(p.oscillation.frequency, 2.5f);
    EXPECT_FLOAT_EQ(p.oscillation.damping, 0.4f);
    EXPECT_EQ(p.base, SkinningBase::DualQuaternion);
    EXPECT_EQ(p.oscillation.amplitude, cow.oscillation.amplitude);  // not in the link: the cow's own
    EXPECT_EQ(p.oscillation.drag, cow.oscillation.drag);
    run_frames(app, 3);
    // On the desktop, Copy gives the command line that reopens it.
    const std::string line = share_link(app.state());
    EXPECT_EQ(line.rfind("dynskin 'cow' ", 0), 0u) << line;
    EXPECT_NE(line.find(" --link 'f=2.5&tau=0.4&base=dq'"), std::string::npos) << line;
}

TEST(ViewerLink, BadValuesAreSaidInThePopupAndNoNaNReachesTheSkin) {
    ViewerOptions o = headless("cow");
    o.link = "f=nan&A=huge&tau=-3";
    ViewerApp app(o);
    const std::string& message = app.state().error_message;
    EXPECT_NE(message.find("f=nan is not a finite number"), std::string::npos) << message;
    EXPECT_NE(message.find("A=huge is not a number"), std::string::npos) << message;
    EXPECT_NE(message.find("tau=-3 is below 0 s: using 0"), std::string::npos) << message;
    run_frames(app, 30);
    for (const glm::vec3& v : app.state().scene->deformer.positions())
        ASSERT_TRUE(std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z));
}

}  // namespace
}  // namespace dynskin::app
