#pragma once
// Where a frame is drawn: the scene, then the UI on it, in a target of our own that is then
// shown in the window or read back (screenshots and headless runs need a complete
// framebuffer of their own).
//
// The scene is drawn straight into the frame when it is neither multisampled nor scaled: one
// copy a frame (to the window). Multisampled, it is drawn apart and resolved into the frame;
// at a fraction of the window's resolution (fewer pixels to shade, for slow renderers), drawn
// apart and stretched into it; the UI is always drawn at the window's resolution.
// The copies that can be draws are (gl/texture_copy.h: a blit into the browser's canvas on
// a software renderer cost more than drawing the scene); a resolve stays a blit.

#include <cstdint>
#include <vector>

#include "gl/gl_objects.h"
#include "gl/texture_copy.h"

namespace dynskin::gl {

class RenderTarget {
public:
    // samples > 1: multisampled (clamped to what GL offers), at full resolution only (GL ES
    // resolves between equal sizes); otherwise scale in (0, 1]: the scene's resolution.
    RenderTarget(int width, int height, int samples = 4, float scale = 1.0f);

    void bind_scene() const;  // the scene's target, viewport set to scene_width/height
    // The scene into the frame (resolved or stretched when drawn apart); the frame is then
    // bound, at the window's size, for the UI.
    void resolve() const;
    // The frame as RGBA8 rows, top row first.
    std::vector<std::uint8_t> read_rgba() const;
    // Copies the frame to the window.
    void present(int screen_width, int screen_height) const;

    int width() const { return width_; }
    int height() const { return height_; }
    int scene_width() const { return scene_width_; }
    int scene_height() const { return scene_height_; }
    int samples() const { return samples_; }
    float scale() const { return scale_; }
    // Whether the scene is drawn apart and copied into the frame.
    bool scene_apart() const { return static_cast<bool>(scene_); }

private:
    int width_, height_;
    int samples_;
    float scale_;
    int scene_width_, scene_height_;
    GlFramebufferName frame_;
    GlTexture frame_color_;
    GlFramebufferName scene_;     // when drawn apart:
    GlRenderbuffer scene_samples_;  // multisampled, or
    GlTexture scene_color_;         // scaled
    GlRenderbuffer depth_;
    TextureCopy copy_;
};

}  // namespace dynskin::gl
