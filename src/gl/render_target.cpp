#include "gl/render_target.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace dynskin::gl {
namespace {

// Asked of GL once: a read-back waits for the GPU (in the browser, for the GPU process).
int max_samples() {
    static const int samples = [] {
        GLint max = 1;
        glGetIntegerv(GL_MAX_SAMPLES, &max);
        return std::max(max, 1);
    }();
    return samples;
}

void storage(const GlRenderbuffer& buffer, int samples, GLenum format, int width, int height) {
    glBindRenderbuffer(GL_RENDERBUFFER, buffer.id());
    if (samples > 1) glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, format, width, height);
    else glRenderbufferStorage(GL_RENDERBUFFER, format, width, height);
}

// The colour is a multisampled renderbuffer or a texture.
void attach(const GlFramebufferName& framebuffer, const GlRenderbuffer* color_samples, const GlTexture* color,
            const GlRenderbuffer* depth, const char* what) {
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer.id());
    if (color_samples) glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_samples->id());
    else glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color->id(), 0);
    if (depth) glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth->id());
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) throw GlError(std::string("the ") + what + " is incomplete");
}

}  // namespace

RenderTarget::RenderTarget(int width, int height, int samples, float scale, FrameStore store)
    : width_(std::max(width, 1)),
      height_(std::max(height, 1)),
      samples_(std::clamp(samples, 1, max_samples())),
      scale_(samples_ > 1 || !(scale > 0.0f) ? 1.0f : std::min(scale, 1.0f)),
      scene_width_(std::max(1, static_cast<int>(std::lround(width_ * scale_)))),
      scene_height_(std::max(1, static_cast<int>(std::lround(height_ * scale_)))) {
    if (store == FrameStore::Texture) {
        frame_ = GlFramebufferName::create();
        frame_color_ = GlTexture::drawable(width_, height_, GL_NEAREST);
    }
    const bool scaled = scene_width_ != width_ || scene_height_ != height_;
    if (samples_ > 1 || scaled || frame_) {  // otherwise the window's own depth buffer serves
        depth_ = GlRenderbuffer::create();
        storage(depth_, samples_, GL_DEPTH_COMPONENT24, scene_width_, scene_height_);
    }
    if (samples_ > 1) {
        scene_ = GlFramebufferName::create();
        scene_samples_ = GlRenderbuffer::create();
        storage(scene_samples_, samples_, GL_RGBA8, scene_width_, scene_height_);
        attach(scene_, &scene_samples_, nullptr, &depth_, "scene's framebuffer");
        if (frame_) attach(frame_, nullptr, &frame_color_, nullptr, "frame's framebuffer");
    } else if (scaled) {
        scene_ = GlFramebufferName::create();
        scene_color_ = GlTexture::drawable(scene_width_, scene_height_, GL_LINEAR);  // stretched smoothly
        attach(scene_, nullptr, &scene_color_, &depth_, "scene's framebuffer");
        if (frame_) attach(frame_, nullptr, &frame_color_, nullptr, "frame's framebuffer");
    } else if (frame_) {
        attach(frame_, nullptr, &frame_color_, &depth_, "frame's framebuffer");
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    check_errors("creating the render target");
}

const TextureCopy& RenderTarget::copy() const {
    if (!copy_) copy_.emplace();
    return *copy_;
}

void RenderTarget::bind_scene() const {
    glBindFramebuffer(GL_FRAMEBUFFER, scene_ ? scene_.id() : frame_framebuffer());
    glViewport(0, 0, scene_width_, scene_height_);
}

void RenderTarget::resolve() const {
    if (scene_samples_) {  // a multisampled renderbuffer is resolved by a blit (equal sizes and formats)
        glBindFramebuffer(GL_READ_FRAMEBUFFER, scene_.id());
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, frame_framebuffer());
        glBlitFramebuffer(0, 0, scene_width_, scene_height_, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, frame_framebuffer());
    glViewport(0, 0, width_, height_);
    if (scene_color_) copy().draw(scene_color_);
}

std::vector<std::uint8_t> RenderTarget::read_rgba() const {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, frame_framebuffer());
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
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, screen_width, screen_height);
    if (frame_) copy().draw(frame_color_);
}

}  // namespace dynskin::gl
