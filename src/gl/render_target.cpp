#include "gl/render_target.h"

#include <algorithm>
#include <cstring>

namespace dynskin::gl {

RenderTarget::RenderTarget(int width, int height, int samples)
    : width_(std::max(width, 1)),
      height_(std::max(height, 1)),
      multisampled_(GlFramebufferName::create()),
      resolved_(GlFramebufferName::create()),
      color_(GlRenderbuffer::create()),
      depth_(GlRenderbuffer::create()),
      resolved_color_(GlRenderbuffer::create()) {
    GLint max_samples = 1;
    glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
    samples = std::clamp(samples, 1, std::max(max_samples, 1));

    glBindRenderbuffer(GL_RENDERBUFFER, color_.id());
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width_, height_);
    glBindRenderbuffer(GL_RENDERBUFFER, depth_.id());
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH_COMPONENT24, width_, height_);
    glBindFramebuffer(GL_FRAMEBUFFER, multisampled_.id());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_.id());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_.id());
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        throw GlError("the multisampled framebuffer is incomplete");

    glBindRenderbuffer(GL_RENDERBUFFER, resolved_color_.id());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width_, height_);
    glBindFramebuffer(GL_FRAMEBUFFER, resolved_.id());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, resolved_color_.id());
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        throw GlError("the resolve framebuffer is incomplete");
    check_errors("creating the render target");
}

void RenderTarget::bind_scene() const {
    glBindFramebuffer(GL_FRAMEBUFFER, multisampled_.id());
    glViewport(0, 0, width_, height_);
}

void RenderTarget::resolve() const {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, multisampled_.id());
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolved_.id());
    glBlitFramebuffer(0, 0, width_, height_, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, resolved_.id());
    glViewport(0, 0, width_, height_);
}

std::vector<std::uint8_t> RenderTarget::read_rgba() const {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, resolved_.id());
    std::vector<std::uint8_t> pixels(static_cast<std::size_t>(width_) * height_ * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    check_errors("reading the render target");
    // GL's rows go bottom-up; images go top-down.
    const std::size_t row = static_cast<std::size_t>(width_) * 4;
    std::vector<std::uint8_t> swap(row);
    for (int y = 0; y < height_ / 2; ++y) {
        std::uint8_t* a = pixels.data() + y * row;
        std::uint8_t* b = pixels.data() + (height_ - 1 - y) * row;
        std::memcpy(swap.data(), a, row);
        std::memcpy(a, b, row);
        std::memcpy(b, swap.data(), row);
    }
    for (std::size_t i = 3; i < pixels.size(); i += 4) pixels[i] = 255;  // the window is opaque
    return pixels;
}

void RenderTarget::present(int screen_width, int screen_height) const {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, resolved_.id());
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glBlitFramebuffer(0, 0, width_, height_, 0, 0, screen_width, screen_height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

}  // namespace dynskin::gl
