#pragma once
// Where a frame is drawn: the scene, then the UI on it, at the window's resolution.
//
// The frame is the window's own framebuffer when nothing needs it afterwards: no copy at all
// when the scene is neither multisampled nor scaled, one (a resolve, a stretch) when it is.
// Headless runs, and frames recorded or saved, keep it in a texture of ours instead
// (FrameStore::Texture): a hidden window's pixels are undefined, and a window's are gone
// once swapped.
//
// The scene is drawn straight into the frame when it is neither multisampled nor scaled.
// Multisampled, it is drawn apart and resolved into the frame by a blit (GL ES resolves only
// between equal sizes and formats: the window is RGBA8, platform::window_hints); at a
// fraction of the window's resolution (fewer pixels to shade, for slow renderers), drawn
// apart and stretched into it by a draw (gl/texture_copy.h): in Chromium on SwiftShader a
// plain blit into the canvas costs more than drawing the scene, a resolving one less than a
// resolve into a texture and its copy.

#include <cstdint>
#include <optional>
#include <vector>

#include "gl/gl_objects.h"
#include "gl/texture_copy.h"

namespace dynskin::gl {

enum class FrameStore {
    Window,   // the window's framebuffer (the default one), RGBA8
    Texture,  // a texture of ours, readable until the next frame
};

class RenderTarget {
public:
    // samples > 1: multisampled (clamped to what GL offers), at full resolution only (GL ES
    // resolves between equal sizes); otherwise scale in (0, 1]: the scene's resolution.
    // The width and height are the window's framebuffer's when the frame is stored there.
    RenderTarget(int width, int height, int samples = 4, float scale = 1.0f, FrameStore store = FrameStore::Texture);

    void bind_scene() const;  // the scene's target, viewport set to scene_width/height
    // The scene into the frame (resolved or stretched when drawn apart); the frame is then
    // bound, at the window's size, for the UI.
    void resolve() const;
    // The frame as RGBA8 rows, top row first (in the window: until it is swapped).
    std::vector<std::uint8_t> read_rgba() const;
    // Shows the frame in the window (copies it there unless it is already).
    void present(int screen_width, int screen_height) const;

    int width() const { return width_; }
    int height() const { return height_; }
    int scene_width() const { return scene_width_; }
    int scene_height() const { return scene_height_; }
    int samples() const { return samples_; }
    float scale() const { return scale_; }
    FrameStore store() const { return frame_ ? FrameStore::Texture : FrameStore::Window; }
    // The frame's framebuffer: ours, or 0 (the window's).
    GLuint frame_framebuffer() const { return frame_ ? frame_.id() : 0; }
    // Whether the scene is drawn apart and copied into the frame.
    bool scene_apart() const { return static_cast<bool>(scene_); }

private:
    // The copy program, compiled at the first copy: a target drawn straight into the window,
    // or one only read back (GpuSkinning::capture), never copies.
    const TextureCopy& copy() const;

    int width_, height_;
    int samples_;
    float scale_;
    int scene_width_, scene_height_;
    GlFramebufferName frame_;  // none: the frame is the window's
    GlTexture frame_color_;
    GlFramebufferName scene_;     // when drawn apart:
    GlRenderbuffer scene_samples_;  // multisampled, or
    GlTexture scene_color_;         // scaled
    GlRenderbuffer depth_;
    mutable std::optional<TextureCopy> copy_;  // see copy()
};

}  // namespace dynskin::gl
