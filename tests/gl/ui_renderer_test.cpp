// The UI renderer's kept panel (gl/ui_renderer.h): frame after frame, with the panel changed
// in the ways a playing viewer changes it, the pixels it gives equal those of the panel
// drawn directly, and only the changed part is drawn again.
// Runs in dynskin_gl_tests, whose environment (gpu_skinning_test.cpp) gives the GL context.

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "gl/render_target.h"
#include "gl/ui_renderer.h"
#include "ui_quads.h"

namespace dynskin::gl {
namespace {

constexpr int kWidth = 240, kHeight = 160;

// A 4x4 atlas: a white texel at (0, 0) for plain shapes, a pattern elsewhere for "glyphs".
std::vector<unsigned char> atlas() {
    std::vector<unsigned char> rgba(4 * 4 * 4, 255);
    for (int i = 1; i < 16; ++i) {
        rgba[4 * i + 0] = static_cast<unsigned char>(40 * (i % 5));
        rgba[4 * i + 3] = static_cast<unsigned char>(i % 2 ? 255 : 96);
    }
    return rgba;
}

// A panel: a column of rows (a frame and a few "glyphs", blended over it) in one command,
// and a plot in a second command clipped to its box.
struct Panel : test::UiQuads {
    GLuint font = 0;

    void command(const glm::vec4& clip) { UiQuads::command(clip, font); }
    // A quad drawn from a texel of the atlas (`uv` its corner).
    void quad(glm::vec2 lo, glm::vec2 hi, std::uint32_t rgba, glm::vec2 uv = glm::vec2(0.0f)) {
        UiQuads::quad(lo, hi, rgba, uv, glm::vec2(0.25f));
    }

    // time: the "slider" of row 2 (its grab and its text); extra: a glyph more on row 5;
    // plot_clip: the bottom of the plot's clip; outside: a bar reaching below the backdrop.
    static Panel make(GLuint font, float time, bool extra = false, float plot_clip = 150.0f, bool outside = false) {
        Panel p;
        p.font = font;
        p.command(glm::vec4(8.0f, 8.0f, 120.0f, 150.0f));
        for (int row = 0; row < 6; ++row) {
            const float y = 10.5f + 18.0f * float(row);
            p.quad({12.0f, y}, {110.0f, y + 14.0f}, 0xff4a3a2au);  // the widget's frame
            const float grab = row == 2 ? 12.0f + 90.0f * time : 40.0f;
            p.quad({grab, y + 1.0f}, {grab + 6.0f, y + 13.0f}, 0xffd08040u);
            const int glyphs = row == 5 && extra ? 5 : 4;
            for (int g = 0; g < glyphs; ++g) {
                const float x = 60.25f + 7.0f * float(g) + (row == 2 ? 3.0f * time : 0.0f);
                p.quad({x, y + 2.0f}, {x + 6.0f, y + 12.0f}, 0xe0ffffffu, glm::vec2(0.25f * float((g + row) % 3 + 1), 0.25f));
            }
        }
        p.command(glm::vec4(8.0f, 120.0f, 120.0f, plot_clip));
        for (int i = 0; i < 20; ++i) {
            const float x = 10.0f + 5.0f * float(i), h = 5.0f + float((i * 7) % 17);
            p.quad({x, 140.0f - h}, {x + 3.0f, 140.0f}, 0xff40c0ffu);
        }
        if (outside) p.quad({20.0f, 150.0f}, {60.0f, 158.0f}, 0xff40c0ffu);
        // A border line on the backdrop's left edge, half of it outside (as ImGui's window
        // border), drawn in a command of its own like the window's last ones.
        p.command(glm::vec4(0.0f, 0.0f, 240.0f, 160.0f));
        p.quad({5.25f, 30.0f}, {6.75f, 140.0f}, 0xc0a0a0a0u);
        return p;
    }
    UiDrawList list(const glm::vec4& backdrop) const {
        UiDrawList l = view();
        l.backdrop = UiBackdrop{backdrop, glm::vec3(0.1f, 0.12f, 0.14f)};
        return l;
    }
};

// Draws a frame of kWidth x kHeight UI units, `scale` pixels each: the "scene" (a clear),
// then the panel, and a small window over it without a backdrop; returns the pixels.
std::vector<std::uint8_t> draw(UiRenderer& renderer, const RenderTarget& target, const Panel& panel,
                               const glm::vec4& backdrop, float scale) {
    target.bind_scene();
    glClearColor(0.3f, 0.5f, 0.7f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    target.resolve();
    Panel tooltip;
    tooltip.font = panel.font;
    tooltip.command(glm::vec4(0.0f, 0.0f, 240.0f, 160.0f));
    tooltip.quad({100.0f, 20.0f}, {180.0f, 40.0f}, 0xc0202020u);
    UiDrawList over = tooltip.list(backdrop);
    over.backdrop.reset();
    UiFrame frame;
    frame.size = glm::vec2(float(kWidth), float(kHeight));
    frame.framebuffer_scale = glm::vec2(scale);
    frame.framebuffer = target.frame_framebuffer();
    renderer.draw(frame, {panel.list(backdrop), over});
    return target.read_rgba();
}

std::size_t pixels_differing(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b) {
    std::size_t n = 0;
    for (std::size_t i = 0; i + 3 < a.size() && i + 3 < b.size(); i += 4)
        if (a[i] != b[i] || a[i + 1] != b[i + 1] || a[i + 2] != b[i + 2] || a[i + 3] != b[i + 3]) ++n;
    return n + (a.size() > b.size() ? a.size() - b.size() : b.size() - a.size()) / 4;
}

// The same panel with the direct renderer's atlas, which has a name of its own.
Panel with_font(Panel panel, GLuint from, GLuint to) {
    for (UiCommand& c : panel.commands)
        if (c.texture == from) c.texture = to;
    panel.font = to;
    return panel;
}

void check_frames(float scale) {
    const int width = static_cast<int>(kWidth * scale), height = static_cast<int>(kHeight * scale);
    const RenderTarget kept_target(width, height, 1, 1.0f, FrameStore::Texture);
    const RenderTarget direct_target(width, height, 1, 1.0f, FrameStore::Texture);
    UiRenderer kept, direct;
    direct.keep_opaque_lists(false);
    const std::vector<unsigned char> rgba = atlas();
    const GLuint font = kept.set_font_atlas(4, 4, rgba.data(), glm::vec2(0.0f));
    const GLuint direct_font = direct.set_font_atlas(4, 4, rgba.data(), glm::vec2(0.0f));

    struct Step {
        const char* what;
        Panel panel;
        glm::vec4 backdrop;
        bool kept;             // drawn through the kept copy
        std::size_t at_most;   // triangles drawn (again, or around the backdrop), at most
    };
    const glm::vec4 backdrop(6.0f, 6.0f, 124.0f, 154.0f), moved(6.0f, 4.0f, 124.0f, 154.0f);
    const std::size_t all = Panel::make(font, 0.0f).indices.size() / 3;
    const std::vector<Step> steps = {
        {"the first frame", Panel::make(font, 0.0f), backdrop, true, all + 2},
        {"the same again: the border's outer half alone", Panel::make(font, 0.0f), backdrop, true, 2},
        {"the slider moved", Panel::make(font, 0.4f), backdrop, true, all / 3},
        {"a glyph more (the vertices after it shifted)", Panel::make(font, 0.4f, true), backdrop, true, all / 3},
        {"the plot's clip grown", Panel::make(font, 0.4f, true, 152.0f), backdrop, true, all / 2},
        {"the backdrop moved", Panel::make(font, 0.4f, true, 152.0f), moved, true, all + 4},
        {"a bar reaching below the backdrop", Panel::make(font, 0.4f, true, 158.0f, true), moved, true, all / 2},
        {"the same again, the bar's part below drawn over the frame", Panel::make(font, 0.4f, true, 158.0f, true), moved,
         true, 6},
        {"back as it was, the slider elsewhere", Panel::make(font, 0.7f), moved, true, all + 2},
        {"the slider moved again", Panel::make(font, 0.75f), moved, true, all / 3},
    };
    for (const Step& step : steps) {
        SCOPED_TRACE(step.what);
        const std::vector<std::uint8_t> a = draw(kept, kept_target, step.panel, step.backdrop, scale);
        const std::vector<std::uint8_t> b = draw(direct, direct_target, with_font(step.panel, font, direct_font), step.backdrop, scale);
        EXPECT_EQ(pixels_differing(a, b), 0u);
        EXPECT_EQ(kept.last_drew_kept(), step.kept);
        EXPECT_LE(kept.last_triangles_drawn(), step.at_most);
        check_errors(step.what);
    }
}

TEST(UiRenderer, TheKeptPanelDrawsWhatTheDirectOneDrawsFrameAfterFrame) { check_frames(1.0f); }

// HiDPI: two framebuffer pixels a UI unit, the quads' corners on half units.
TEST(UiRenderer, TheKeptPanelDrawsWhatTheDirectOneDrawsAtTwoPixelsAUnit) { check_frames(2.0f); }

TEST(UiRenderer, ANewFontAtlasDrawsTheWholePanelAgain) {
    const RenderTarget target(kWidth, kHeight, 1, 1.0f, FrameStore::Texture);
    UiRenderer renderer;
    const std::vector<unsigned char> rgba = atlas();
    GLuint font = renderer.set_font_atlas(4, 4, rgba.data(), glm::vec2(0.0f));
    const glm::vec4 backdrop(6.0f, 6.0f, 124.0f, 154.0f);
    draw(renderer, target, Panel::make(font, 0.0f), backdrop, 1.0f);
    draw(renderer, target, Panel::make(font, 0.0f), backdrop, 1.0f);
    EXPECT_EQ(renderer.last_triangles_drawn(), 2u);  // the border's outer half, over the frame
    font = renderer.set_font_atlas(4, 4, rgba.data(), glm::vec2(0.0f));
    const Panel panel = Panel::make(font, 0.0f);
    draw(renderer, target, panel, backdrop, 1.0f);
    EXPECT_EQ(renderer.last_triangles_drawn(), panel.indices.size() / 3 + 2);
}

}  // namespace
}  // namespace dynskin::gl
