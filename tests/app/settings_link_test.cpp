#include "app/files/settings_link.h"

#include <cmath>
#include <limits>
#include <string>

#include <gtest/gtest.h>

namespace dynskin::app {
namespace {

bool all_finite(const DynamicParameters& p) {
    // c may be infinite (dLBS off); nothing else, and nothing NaN.
    return std::isfinite(p.oscillation.frequency) && std::isfinite(p.oscillation.damping) &&
           std::isfinite(p.oscillation.amplitude) && std::isfinite(p.oscillation.drag) &&
           std::isfinite(p.translation_gain) && std::isfinite(p.squash) && !std::isnan(p.propagation_speed) &&
           !std::isnan(p.max_angle) && !std::isnan(p.max_offset);
}

TEST(SettingsLink, ReadsTheKeysOfTheIssueAndLeavesTheOthers) {
    DynamicParameters p;
    p.translation_gain = 0.5f;
    const SettingsLink link = apply_link("?character=cow&clip=walk&f=2.5&tau=0.4&A=0.2&D=0.1&c=3", p);
    EXPECT_TRUE(link.messages.empty()) << link.messages.front();
    EXPECT_EQ(link.character, "cow");
    EXPECT_EQ(link.clip, "walk");
    EXPECT_FLOAT_EQ(p.oscillation.frequency, 2.5f);
    EXPECT_FLOAT_EQ(p.oscillation.damping, 0.4f);
    EXPECT_FLOAT_EQ(p.oscillation.amplitude, 0.2f);
    EXPECT_FLOAT_EQ(p.oscillation.drag, 0.1f);
    EXPECT_FLOAT_EQ(p.propagation_speed, 3.0f);
    EXPECT_FLOAT_EQ(p.translation_gain, 0.5f);  // not in the link: kept
}

TEST(SettingsLink, ReadsEnumsOffAndPercentEncoding) {
    DynamicParameters p;
    p.propagation_speed = 2.0f;
    const SettingsLink link =
        apply_link("mode=drag&base=dq&center=centroid&c=off&bend=off&offset=0.5&T=1.5&S=0.2&clip=run%20fast&f=%32", p);
    EXPECT_TRUE(link.messages.empty()) << link.messages.front();
    EXPECT_EQ(p.mode, DeformerMode::DragOnly);
    EXPECT_EQ(p.base, SkinningBase::DualQuaternion);
    EXPECT_EQ(p.squash_center, SquashCenter::Centroid);
    EXPECT_TRUE(std::isinf(p.propagation_speed));
    EXPECT_EQ(p.max_angle, 0.0f);
    EXPECT_FLOAT_EQ(p.max_offset, 0.5f);
    EXPECT_FLOAT_EQ(p.translation_gain, 1.5f);
    EXPECT_FLOAT_EQ(p.squash, 0.2f);
    EXPECT_FLOAT_EQ(p.oscillation.frequency, 2.0f);
    EXPECT_EQ(link.clip, "run fast");
}

TEST(SettingsLink, RejectsWhatIsNotANumberAndKeepsTheValue) {
    for (const char* bad : {"f=abc", "f=", "f", "f=nan", "f=NaN", "f=inf", "f=-inf", "f=1e400", "f=2.5x", "f=off"}) {
        DynamicParameters p;
        const SettingsLink link = apply_link(bad, p);
        ASSERT_EQ(link.messages.size(), 1u) << bad;
        EXPECT_EQ(p.oscillation.frequency, DynamicParameters{}.oscillation.frequency) << bad;
        EXPECT_NE(link.messages[0].find("f stays 2"), std::string::npos) << bad << ": " << link.messages[0];
        EXPECT_TRUE(all_finite(p)) << bad;
    }
    DynamicParameters p;
    const SettingsLink link = apply_link("mode=wobbly&base=quat&c=fast", p);
    ASSERT_EQ(link.messages.size(), 3u);
    EXPECT_EQ(link.messages[0], "mode=wobbly is not one of lbs, drag, dynamic: mode stays dynamic");
    EXPECT_EQ(link.messages[1], "base=quat is not one of linear, dq: base stays linear");
    EXPECT_EQ(link.messages[2], "c=fast is not a number (nor off): c stays off");
    EXPECT_EQ(p, DynamicParameters{});
}

TEST(SettingsLink, ClampsHugeAndNegativeValuesWithAMessage) {
    DynamicParameters p;
    const SettingsLink link = apply_link("f=500&tau=-1&A=1e30&D=-1e30&c=0&T=-2&S=99&bend=10&offset=-1", p);
    ASSERT_EQ(link.messages.size(), 9u);
    EXPECT_EQ(link.messages[0], "f=500 is above 30 Hz: using 30");
    EXPECT_EQ(link.messages[1], "tau=-1 is below 0 s: using 0");
    EXPECT_FLOAT_EQ(p.oscillation.frequency, 30.0f);
    EXPECT_FLOAT_EQ(p.oscillation.damping, 0.0f);
    EXPECT_FLOAT_EQ(p.oscillation.amplitude, 10.0f);
    EXPECT_FLOAT_EQ(p.oscillation.drag, -10.0f);
    EXPECT_FLOAT_EQ(p.propagation_speed, 0.01f);
    EXPECT_FLOAT_EQ(p.translation_gain, 0.0f);
    EXPECT_FLOAT_EQ(p.squash, 10.0f);
    EXPECT_FLOAT_EQ(p.max_angle, 3.14f);
    EXPECT_FLOAT_EQ(p.max_offset, 0.01f);
    EXPECT_TRUE(all_finite(p));
}

TEST(SettingsLink, OldKeysStillOpen) {
    // bend= and offset= read like a joint's bend switches: links now say bend_limit= and
    // offset_limit=, and the links shared before still open as they did.
    DynamicParameters p;
    const SettingsLink link = apply_link("bend=0.5&offset=0.3", p);
    EXPECT_TRUE(link.messages.empty());
    EXPECT_FLOAT_EQ(p.max_angle, 0.5f);
    EXPECT_FLOAT_EQ(p.max_offset, 0.3f);
    EXPECT_EQ(link_query(p, DynamicParameters{}), "bend_limit=0.5&offset_limit=0.3");
}

TEST(SettingsLink, ReportsUnknownKeysAndIgnoresThePagesOwn) {
    DynamicParameters p;
    const SettingsLink link = apply_link("gpu&crowd=20&herd=20&&freq=3&f=3", p);
    ASSERT_EQ(link.messages.size(), 1u);
    EXPECT_NE(link.messages[0].find("unknown key 'freq'"), std::string::npos);
    EXPECT_FLOAT_EQ(p.oscillation.frequency, 3.0f);
}

TEST(SettingsLink, WritesOnlyWhatDiffersFromTheDefaults) {
    DynamicParameters defaults;
    defaults.oscillation.frequency = 3.0f;  // a character's own preset
    EXPECT_EQ(link_query(defaults, defaults), "");
    DynamicParameters p = defaults;
    p.oscillation.frequency = 2.5f;
    p.oscillation.damping = 0.4000001f;
    p.propagation_speed = 2.0f;
    p.base = SkinningBase::DualQuaternion;
    p.max_offset = std::numeric_limits<float>::infinity();  // off, written as such
    EXPECT_EQ(link_query(p, defaults), "f=2.5&tau=0.4000001&c=2&offset_limit=off&base=dq");
    DynamicParameters dlbs = defaults;
    dlbs.propagation_speed = 2.0f;
    EXPECT_EQ(link_query(defaults, dlbs), "c=off");
}

TEST(SettingsLink, RoundTrips) {
    DynamicParameters defaults;
    DynamicParameters p;
    p.mode = DeformerMode::LbsOnly;
    p.base = SkinningBase::DualQuaternion;
    p.oscillation = {7.1234567f, 0.3333333f, -0.123f, 0.9999999f};
    p.translation_gain = 2.75f;
    p.propagation_speed = 0.37f;
    p.max_angle = 0.0f;
    p.max_offset = 0.3f;
    p.squash = 0.05f;
    p.squash_center = SquashCenter::Centroid;
    DynamicParameters read = defaults;
    const SettingsLink link = apply_link(link_query(p, defaults), read);
    EXPECT_TRUE(link.messages.empty());
    EXPECT_EQ(read, p);  // bit for bit: the shortest text still reads back as the same float
    EXPECT_EQ(link_query(read, defaults), link_query(p, defaults));
}

TEST(SettingsLink, BuildsPageLinksAndCommandLines) {
    EXPECT_EQ(page_link("http://host/index.html", "cow", "walk", "f=2.5"), "http://host/index.html?character=cow&clip=walk&f=2.5");
    EXPECT_EQ(page_link("http://host/", "", "", ""), "http://host/");
    EXPECT_EQ(page_link("http://host/", "", "run fast", "f=2"), "http://host/?clip=run%20fast&f=2");
    EXPECT_EQ(command_line("cow", "walk", "f=2.5&tau=0.4"), "dynskin 'cow' --clip 'walk' --link 'f=2.5&tau=0.4'");
    EXPECT_EQ(command_line("it's.glb", "", ""), "dynskin 'it'\\''s.glb'");
    // The page's link reads back: character, clip and parameters.
    DynamicParameters p;
    const std::string url = page_link("http://host/", "cow", "run fast", "f=4");
    const SettingsLink link = apply_link(url.substr(url.find('?')), p);
    EXPECT_EQ(link.character, "cow");
    EXPECT_EQ(link.clip, "run fast");
    EXPECT_FLOAT_EQ(p.oscillation.frequency, 4.0f);
}

TEST(SettingsLink, ValuesByKey) {
    DynamicParameters p;
    p.base = SkinningBase::DualQuaternion;
    EXPECT_FLOAT_EQ(static_cast<float>(link_value(p, "f")), 2.0f);
    EXPECT_EQ(link_value(p, "base"), 1.0);
    EXPECT_EQ(link_value(p, "mode"), 2.0);
    EXPECT_TRUE(std::isinf(link_value(p, "c")));
    EXPECT_TRUE(std::isnan(link_value(p, "nope")));
}

}  // namespace
}  // namespace dynskin::app
