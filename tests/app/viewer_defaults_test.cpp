// A rig that comes without settings (issue 39): the viewer starts it with an unseen rig's
// defaults (the ground contact on) and its strength sized to the clip it plays, sized again
// when the clip changes, until the user sets the strength by hand; a file's saved settings
// are never sized.

#include <gtest/gtest.h>

#include <filesystem>

#include "app/viewer_app.h"
#include "dynskin/rig_defaults.h"
#include "viewer_test_support.h"
#include "wild_rig.h"

namespace dynskin::app {
namespace {

using test::headless;
using test::run_frames;

float amplitude(ViewerApp& app) { return app.state().settings.parameters.oscillation.amplitude; }

TEST(ViewerDefaults, ARigWithoutSettingsIsSizedToItsClip) {
    const std::string folder = dynskin::test::make_temp_folder();
    dynskin::test::WildRigOptions violent;
    violent.clip = dynskin::test::WildClip::Violent;
    const std::string path = dynskin::test::wild_rig(violent).write_glb(folder, "violent");
    ViewerApp app(headless(path));
    ASSERT_TRUE(app.state().error_message.empty()) << app.state().error_message;
    run_frames(app, 1);
    const StrengthSizing& sized = app.state().strength_sizing;
    const DynamicParameters& p = app.state().settings.parameters;
    EXPECT_EQ(sized.clip, 0);
    EXPECT_TRUE(sized.sizing.moves);
    EXPECT_LT(sized.sizing.scale, 1.0f) << "a violent clip: the default strength made smaller";
    EXPECT_NEAR(sized.sizing.largest, kSizedLargest, 0.3f * kSizedLargest) << "scale " << sized.sizing.scale << ", spread " << sized.sizing.spread;
    EXPECT_FLOAT_EQ(p.oscillation.amplitude, DynamicParameters{}.oscillation.amplitude * sized.sizing.scale);
    EXPECT_FLOAT_EQ(p.oscillation.drag, DynamicParameters{}.oscillation.drag * sized.sizing.scale);
    EXPECT_FLOAT_EQ(p.translation_gain, DynamicParameters{}.translation_gain * sized.sizing.scale);
    EXPECT_EQ(p.ground_contact, kDefaultGroundContact);
    EXPECT_FALSE(has_unsaved_changes(app.state())) << "sizing is not the user's change";
    std::filesystem::remove_all(folder);
}

TEST(ViewerDefaults, ClipChangesSizeAgainUntilTheUserSetsTheStrength) {
    const std::string fox = std::string(DYNSKIN_SHARED_RIGS) + "/wild/Fox.glb";
    if (!std::filesystem::exists(fox)) GTEST_SKIP() << "../shared/rigs/wild is absent: no rig with several clips";
    ViewerApp app(headless(fox));
    run_frames(app, 1);
    const float survey = amplitude(app);  // the first clip, a slow look around: made stronger
    EXPECT_GT(survey, DynamicParameters{}.oscillation.amplitude);
    app.state().scene->input.clip = 2;  // Run: made weaker
    run_frames(app, 1);
    EXPECT_EQ(app.state().strength_sizing.clip, 2);
    EXPECT_LT(amplitude(app), DynamicParameters{}.oscillation.amplitude);
    app.state().settings.parameters.oscillation.amplitude = 0.2f;  // the user's own
    app.state().scene->input.clip = 1;
    run_frames(app, 1);
    EXPECT_TRUE(app.state().strength_sizing.user_owned);
    EXPECT_EQ(amplitude(app), 0.2f) << "a strength set by hand stays when the clip changes";
}

TEST(ViewerDefaults, SettingsGivenAtTheStartAreNotSized) {
    const std::string folder = dynskin::test::make_temp_folder();
    const std::string path = dynskin::test::wild_rig({}).write_glb(folder, "creature");
    ViewerOptions options = headless(path);
    options.link = "A=0.15";  // the default A, given: the user's (as dynskin-cli render's settings, a preset)
    ViewerApp app(options);
    run_frames(app, 2);
    EXPECT_EQ(amplitude(app), 0.15f);
    EXPECT_EQ(app.state().strength_sizing.clip, -1);
    std::filesystem::remove_all(folder);
}

TEST(ViewerDefaults, SavedSettingsAreNotSized) {
    ViewerApp app(headless("cow"));
    const float saved = amplitude(app);
    run_frames(app, 2);
    EXPECT_EQ(app.state().strength_sizing.clip, -1);
    EXPECT_EQ(amplitude(app), saved);
}

}  // namespace
}  // namespace dynskin::app
