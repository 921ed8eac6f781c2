// What changed in a UI draw list between two frames (gl/ui_damage.h): the rectangle the
// renderer draws again, and the triangles it draws there. No GL context needed.

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>

#include "gl/ui_damage.h"
#include "ui_quads.h"

namespace dynskin::gl {
namespace {

// A list of quads in commands of texture 1 (unless said), as a panel's.
struct Quads : test::UiQuads {
    void add(float x0, float y0, float x1, float y1, std::uint32_t rgba = 0xff808080u) { quad({x0, y0}, {x1, y1}, rgba); }
    void command(const glm::vec4& clip, GLuint texture = 1) { UiQuads::command(clip, texture); }
    UiDrawList list() const { return view(); }
};

const glm::vec4 kWhole(0.0f, 0.0f, 400.0f, 800.0f);

// A column of ten rows, as a panel's widgets: row k from y = 20k to 20k + 15.
Quads column() {
    Quads q;
    q.command(kWhole);
    for (int k = 0; k < 10; ++k) q.add(10.0f, 20.0f * k, 200.0f, 20.0f * k + 15.0f);
    return q;
}

TEST(UiDamage, AListDrawnAlikeChangesNothing) {
    const Quads q = column();
    EXPECT_FALSE(changed_rect(q, q.list()).has_value());
}

TEST(UiDamage, AChangedColourIsBoundedByItsQuad) {
    const Quads before = column();
    Quads now = before;
    for (int k = 16; k < 20; ++k) now.vertices[k].rgba = 0xff0000ffu;  // row 4
    EXPECT_EQ(changed_rect(before, now.list()), std::optional(glm::vec4(10.0f, 80.0f, 200.0f, 95.0f)));
}

// Text grown by a glyph shifts every vertex and index after it: those triangles are alike
// all the same (they compare by their corners, not their numbers).
TEST(UiDamage, AQuadInsertedInTheMiddleBoundsOnlyItself) {
    const Quads before = column();
    Quads now;
    now.command(kWhole);
    for (int k = 0; k < 10; ++k) {
        now.add(10.0f, 20.0f * k, 200.0f, 20.0f * k + 15.0f);
        if (k == 3) now.add(210.0f, 60.0f, 220.0f, 75.0f);  // a glyph more on row 3
    }
    EXPECT_EQ(changed_rect(before, now.list()), std::optional(glm::vec4(210.0f, 60.0f, 220.0f, 75.0f)));
    // And the other way round: a quad gone.
    EXPECT_EQ(changed_rect(now, before.list()), std::optional(glm::vec4(210.0f, 60.0f, 220.0f, 75.0f)));
}

TEST(UiDamage, AChangedClipOrTextureChangesItsTrianglesCutToTheClips) {
    Quads before;
    before.command(kWhole);
    before.add(10.0f, 0.0f, 200.0f, 15.0f);
    before.command(glm::vec4(0.0f, 100.0f, 400.0f, 150.0f));
    before.add(10.0f, 100.0f, 200.0f, 200.0f);  // drawn to y = 150 only
    Quads now = before;
    now.commands[1].clip = glm::vec4(0.0f, 100.0f, 400.0f, 160.0f);
    EXPECT_EQ(changed_rect(before, now.list()), std::optional(glm::vec4(10.0f, 100.0f, 200.0f, 160.0f)));
    now = before;
    now.commands[1].texture = 7;
    EXPECT_EQ(changed_rect(before, now.list()), std::optional(glm::vec4(10.0f, 100.0f, 200.0f, 150.0f)));
}

TEST(UiDamage, ChangesFarApartAreBoundedTogether) {
    const Quads before = column();
    Quads now = before;
    now.vertices[0].rgba = 0xff00ff00u;   // row 0
    now.vertices[36].rgba = 0xff00ff00u;  // row 9
    EXPECT_EQ(changed_rect(before, now.list()), std::optional(glm::vec4(10.0f, 0.0f, 200.0f, 195.0f)));
}

TEST(UiDamage, AnEmptyListAgainstAFullOneIsAllOfIt) {
    const Quads full = column();
    Quads empty;
    empty.command(kWhole);
    EXPECT_EQ(changed_rect(empty, full.list()), std::optional(glm::vec4(10.0f, 0.0f, 200.0f, 195.0f)));
    EXPECT_EQ(drawn_rect(full.list()), changed_rect(empty, full.list()));
    EXPECT_FALSE(drawn_rect(empty.list()).has_value());
}

TEST(UiDamage, TheTrianglesTouchingARectangleAreOneRunOfItsCommand) {
    const Quads q = column();
    const UiDrawList list = q.list();
    // Rows 3 and 4 (y 60 to 95): triangles 6 to 9, indices 18 to 30.
    const auto [first, last] = indices_touching(list, 0, glm::vec4(50.0f, 70.0f, 60.0f, 85.0f));
    EXPECT_EQ(first, 18u);
    EXPECT_EQ(last, 30u);
    const auto [none_first, none_last] = indices_touching(list, 0, glm::vec4(300.0f, 0.0f, 350.0f, 800.0f));
    EXPECT_EQ(none_first, none_last);
}

}  // namespace
}  // namespace dynskin::gl
