// The Character panel's grouping of loader warnings (warning_groups.h).

#include <gtest/gtest.h>

#include "app/panels/warning_groups.h"

namespace dynskin::app {
namespace {

const std::string ellipsis = "\xE2\x80\xA6";

TEST(WarningGroups, MessagesDifferingInNamesAndNumbersMakeOneGroup) {
    const std::vector<std::string> warnings = {
        "animation 'Run' channel 3 targets node 40, which is not part of the skeleton; it is skipped",
        "material 'Body' uses a normal texture, which is not drawn",
        "animation 'Run' channel 7 targets node 41, which is not part of the skeleton; it is skipped",
        "animation 'Walk' channel 7 targets node 41, which is not part of the skeleton; it is skipped",
    };
    const std::vector<WarningGroup> groups = group_warnings(warnings);
    ASSERT_EQ(groups.size(), 2u);
    // In the order of their first message; the members in the loader's order.
    ASSERT_EQ(groups[0].messages.size(), 3u);
    EXPECT_EQ(groups[0].messages[0], warnings[0]);
    EXPECT_EQ(groups[0].messages[1], warnings[2]);
    EXPECT_EQ(groups[0].messages[2], warnings[3]);
    // What differs is elided, what all share is kept, quotes stay around an elided name.
    EXPECT_EQ(groups[0].summary, "animation '" + ellipsis + "' channel " + ellipsis + " targets node " + ellipsis +
                                     ", which is not part of the skeleton; it is skipped");
    ASSERT_EQ(groups[1].messages.size(), 1u);
    EXPECT_EQ(groups[1].summary, warnings[1]);  // a group of one is its message
}

TEST(WarningGroups, WhatAllMembersShareStays) {
    const std::vector<WarningGroup> groups = group_warnings({
        "joint 'Hand_L' has different inverse binds in 2 skins; the first is used",
        "joint 'Hand_R' has different inverse binds in 2 skins; the first is used",
    });
    ASSERT_EQ(groups.size(), 1u);
    EXPECT_EQ(groups[0].summary, "joint '" + ellipsis + "' has different inverse binds in 2 skins; the first is used");
}

TEST(WarningGroups, DifferentWordsAreDifferentGroups) {
    const std::vector<WarningGroup> groups = group_warnings({
        "mesh 0 primitive 1 has no POSITION; it is skipped",
        "mesh 2 primitive 0 draws points or lines (mode 0); it is skipped",
        "mesh 3 primitive 0 has no POSITION; it is skipped",
        "the mesh's own node 4 is moved",  // an apostrophe is not a quote
        "the mesh's own node 5 is moved",
        "the saved settings are unreadable (\"x\" is not a number)",
    });
    ASSERT_EQ(groups.size(), 4u);
    EXPECT_EQ(groups[0].messages.size(), 2u);
    EXPECT_EQ(groups[0].summary, "mesh " + ellipsis + " primitive " + ellipsis + " has no POSITION; it is skipped");
    EXPECT_EQ(groups[1].messages.size(), 1u);
    EXPECT_EQ(groups[2].summary, "the mesh's own node " + ellipsis + " is moved");
    EXPECT_EQ(groups[3].messages.size(), 1u);
}

TEST(WarningGroups, NumbersWithSignsAndDecimalsAndOddQuotes) {
    const std::vector<WarningGroup> groups = group_warnings({
        "scale -1.5 on node 'a' is negative",
        "scale -0.25 on node 'b' is negative",
        "an unmatched ' quote stays text 3",
        "an unmatched ' quote stays text 4",
        "",
    });
    ASSERT_EQ(groups.size(), 3u);
    EXPECT_EQ(groups[0].summary, "scale " + ellipsis + " on node '" + ellipsis + "' is negative");
    EXPECT_EQ(groups[1].summary, "an unmatched ' quote stays text " + ellipsis);
    EXPECT_EQ(groups[2].summary, "");
    EXPECT_TRUE(group_warnings({}).empty());
}

TEST(WarningGroups, ManyRepeatsCollapseToOneLine) {
    std::vector<std::string> warnings;
    for (int c = 0; c < 38; ++c)
        warnings.push_back("animation 'Idle' channel " + std::to_string(c) + " animates 'pointer', which dynskin does not know; it is skipped");
    const std::vector<WarningGroup> groups = group_warnings(warnings);
    ASSERT_EQ(groups.size(), 1u);
    EXPECT_EQ(groups[0].messages.size(), 38u);
    EXPECT_EQ(groups[0].summary, "animation 'Idle' channel " + ellipsis + " animates 'pointer', which dynskin does not know; it is skipped");
}

}  // namespace
}  // namespace dynskin::app
