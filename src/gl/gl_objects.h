#pragma once
// Move-only RAII wrappers of GL objects: created and destroyed with a current context, so
// their lifetime is visible in the code that owns them.

#include <string>
#include <utility>
#include <vector>

#include "gl/gl.h"

namespace dynskin::gl {

template <void (*Delete)(GLuint)>
class GlName {
public:
    GlName() = default;
    explicit GlName(GLuint id) : id_(id) {}
    GlName(GlName&& other) noexcept : id_(std::exchange(other.id_, 0)) {}
    GlName& operator=(GlName&& other) noexcept {
        if (this != &other) {
            reset();
            id_ = std::exchange(other.id_, 0);
        }
        return *this;
    }
    GlName(const GlName&) = delete;
    GlName& operator=(const GlName&) = delete;
    ~GlName() { reset(); }

    GLuint id() const { return id_; }
    explicit operator bool() const { return id_ != 0; }

private:
    void reset() {
        if (id_) Delete(id_);
        id_ = 0;
    }
    GLuint id_ = 0;
};

void delete_buffer(GLuint id);
void delete_vertex_array(GLuint id);
void delete_texture(GLuint id);
void delete_sampler(GLuint id);
void delete_framebuffer(GLuint id);
void delete_renderbuffer(GLuint id);
void delete_program(GLuint id);

class GlBuffer : public GlName<delete_buffer> {
public:
    static GlBuffer create();
    // Replaces the contents (glBufferData) of this buffer bound to `target`.
    void upload(GLenum target, std::size_t bytes, const void* data, GLenum usage) const;
    // Overwrites the start of the buffer (glBufferSubData); bytes must fit.
    void update(GLenum target, std::size_t bytes, const void* data) const;

private:
    using GlName::GlName;
};

class GlVertexArray : public GlName<delete_vertex_array> {
public:
    static GlVertexArray create();

private:
    using GlName::GlName;
};

class GlTexture : public GlName<delete_texture> {
public:
    static GlTexture create();
    // An RGBA8 image with mipmaps, repeating.
    static GlTexture from_rgba(int width, int height, const unsigned char* rgba);
    // An RGBA8 texture to draw into and copy from (gl/texture_copy.h), clamped to its edges
    // and sampled with `filter` (GL_NEAREST or GL_LINEAR).
    static GlTexture drawable(int width, int height, GLint filter);

private:
    using GlName::GlName;
};

// How a texture unit samples whatever texture is bound to it: wraps and filters per use, so
// that one texture can serve materials that sample it differently.
class GlSampler : public GlName<delete_sampler> {
public:
    // wrap_s, wrap_t: GL_REPEAT, GL_CLAMP_TO_EDGE or GL_MIRRORED_REPEAT; filters as glTF's.
    static GlSampler create(GLenum wrap_s, GLenum wrap_t, GLenum min_filter, GLenum mag_filter);

private:
    using GlName::GlName;
};

class GlRenderbuffer : public GlName<delete_renderbuffer> {
public:
    static GlRenderbuffer create();

private:
    using GlName::GlName;
};

class GlFramebufferName : public GlName<delete_framebuffer> {
public:
    static GlFramebufferName create();

private:
    using GlName::GlName;
};

class GlProgram : public GlName<delete_program> {
public:
    // Compiles and links; errors are GlError with the file name and the driver's
    // line numbers ("shaders/mesh.frag:12: ...").
    // feedback_varyings: outputs captured, interleaved, by transform feedback.
    static GlProgram from_sources(const std::string& vertex_name, const std::string& vertex_source,
                                  const std::string& fragment_name, const std::string& fragment_source,
                                  const std::vector<const char*>& feedback_varyings = {});
    // Compiles shaders/`vertex_file` and shaders/`fragment_file` (embedded at build time) in
    // this build's GLSL dialect (gl/shader_source.h). vertex_constants: GLSL declarations put
    // before the vertex shader's text (the driver's line numbers still count the file's lines).
    static GlProgram from_files(const std::string& vertex_file, const std::string& fragment_file,
                                const std::vector<const char*>& feedback_varyings = {},
                                const std::string& vertex_constants = {});

    GLint uniform(const char* name) const { return glGetUniformLocation(id(), name); }

private:
    using GlName::GlName;
};

}  // namespace dynskin::gl
