#pragma once
// Where a frame is drawn: the scene into a multisampled colour + depth target, resolved
// into a plain one on which the UI is drawn, then shown in the window or read back (for
// screenshots and headless runs, which need a complete framebuffer of their own).

#include <cstdint>
#include <vector>

#include "gl/gl_objects.h"

namespace dynskin::gl {

class RenderTarget {
public:
    RenderTarget(int width, int height, int samples = 4);

    void bind_scene() const;  // the multisampled target, viewport set
    void resolve() const;     // multisampled -> plain, which is then bound for the UI
    // The plain target as RGBA8 rows, top row first.
    std::vector<std::uint8_t> read_rgba() const;
    // Copies the plain target to the window.
    void present(int screen_width, int screen_height) const;

    int width() const { return width_; }
    int height() const { return height_; }

private:
    int width_, height_;
    GlFramebufferName multisampled_, resolved_;
    GlRenderbuffer color_, depth_, resolved_color_;
};

}  // namespace dynskin::gl
