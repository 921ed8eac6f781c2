#include "gl/gl_objects.h"

#include <algorithm>
#include <regex>
#include <sstream>

#include "gl/shader_source.h"

namespace dynskin::gl {

void delete_buffer(GLuint id) { glDeleteBuffers(1, &id); }
void delete_vertex_array(GLuint id) { glDeleteVertexArrays(1, &id); }
void delete_texture(GLuint id) { glDeleteTextures(1, &id); }
void delete_sampler(GLuint id) { glDeleteSamplers(1, &id); }
void delete_framebuffer(GLuint id) { glDeleteFramebuffers(1, &id); }
void delete_renderbuffer(GLuint id) { glDeleteRenderbuffers(1, &id); }
void delete_program(GLuint id) { glDeleteProgram(id); }

GlBuffer GlBuffer::create() {
    GLuint id = 0;
    glGenBuffers(1, &id);
    return GlBuffer(id);
}

void GlBuffer::upload(GLenum target, std::size_t bytes, const void* data, GLenum usage) const {
    glBindBuffer(target, id());
    glBufferData(target, static_cast<GLsizeiptr>(bytes), data, usage);
}

void GlBuffer::update(GLenum target, std::size_t bytes, const void* data) const {
    glBindBuffer(target, id());
    glBufferSubData(target, 0, static_cast<GLsizeiptr>(bytes), data);
}

GlVertexArray GlVertexArray::create() {
    GLuint id = 0;
    glGenVertexArrays(1, &id);
    return GlVertexArray(id);
}

GlTexture GlTexture::create() {
    GLuint id = 0;
    glGenTextures(1, &id);
    return GlTexture(id);
}

GlTexture GlTexture::drawable(int width, int height, GLint filter) {
    GlTexture texture = create();
    glBindTexture(GL_TEXTURE_2D, texture.id());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D, 0);
    return texture;
}

GlTexture GlTexture::from_rgba(int width, int height, const unsigned char* rgba) {
    GlTexture t = create();
    glBindTexture(GL_TEXTURE_2D, t.id());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    glGenerateMipmap(GL_TEXTURE_2D);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    return t;
}

GlSampler GlSampler::create(GLenum wrap_s, GLenum wrap_t, GLenum min_filter, GLenum mag_filter) {
    GLuint id = 0;
    glGenSamplers(1, &id);
    glSamplerParameteri(id, GL_TEXTURE_WRAP_S, static_cast<GLint>(wrap_s));
    glSamplerParameteri(id, GL_TEXTURE_WRAP_T, static_cast<GLint>(wrap_t));
    glSamplerParameteri(id, GL_TEXTURE_MIN_FILTER, static_cast<GLint>(min_filter));
    glSamplerParameteri(id, GL_TEXTURE_MAG_FILTER, static_cast<GLint>(mag_filter));
    return GlSampler(id);
}

GlRenderbuffer GlRenderbuffer::create() {
    GLuint id = 0;
    glGenRenderbuffers(1, &id);
    return GlRenderbuffer(id);
}

GlFramebufferName GlFramebufferName::create() {
    GLuint id = 0;
    glGenFramebuffers(1, &id);
    return GlFramebufferName(id);
}

namespace {

// "0:12(5): error: ..." (Mesa) or "0(12) : error ..." (NVIDIA) -> "name:12: error: ...".
std::string name_lines(const std::string& log, const std::string& name) {
    static const std::regex mesa(R"(^\d+:(\d+)\(\d+\):\s*)"), nvidia(R"(^\d+\((\d+)\)\s*:\s*)");
    std::istringstream in(log);
    std::string line, out;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        std::smatch m;
        if (std::regex_search(line, m, mesa) || std::regex_search(line, m, nvidia))
            line = name + ":" + m[1].str() + ": " + m.suffix().str();
        else
            line = name + ": " + line;
        out += (out.empty() ? "" : "\n") + line;
    }
    return out;
}

GLuint compile(GLenum stage, const std::string& name, const std::string& source) {
    const GLuint shader = glCreateShader(stage);
    const char* text = source.c_str();
    glShaderSource(shader, 1, &text, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        GLint length = 0;
        glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
        std::string log(static_cast<std::size_t>(std::max(length, 1)), '\0');
        glGetShaderInfoLog(shader, length, nullptr, log.data());
        glDeleteShader(shader);
        throw GlError(name_lines(log.c_str(), name));
    }
    return shader;
}

}  // namespace

GlProgram GlProgram::from_sources(const std::string& vertex_name, const std::string& vertex_source,
                                  const std::string& fragment_name, const std::string& fragment_source,
                                  const std::vector<const char*>& feedback_varyings) {
    const GLuint vs = compile(GL_VERTEX_SHADER, vertex_name, vertex_source);
    GLuint fs = 0;
    try {
        fs = compile(GL_FRAGMENT_SHADER, fragment_name, fragment_source);
    } catch (...) {
        glDeleteShader(vs);
        throw;
    }
    GlProgram program(glCreateProgram());
    glAttachShader(program.id(), vs);
    glAttachShader(program.id(), fs);
    if (!feedback_varyings.empty())
        glTransformFeedbackVaryings(program.id(), static_cast<GLsizei>(feedback_varyings.size()),
                                    feedback_varyings.data(), GL_INTERLEAVED_ATTRIBS);
    glLinkProgram(program.id());
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(program.id(), GL_LINK_STATUS, &ok);
    if (!ok) {
        GLint length = 0;
        glGetProgramiv(program.id(), GL_INFO_LOG_LENGTH, &length);
        std::string log(static_cast<std::size_t>(std::max(length, 1)), '\0');
        glGetProgramInfoLog(program.id(), length, nullptr, log.data());
        throw GlError("linking " + vertex_name + " + " + fragment_name + ": " + log.c_str());
    }
    return program;
}

GlProgram GlProgram::from_files(const std::string& vertex_file, const std::string& fragment_file,
                                const std::vector<const char*>& feedback_varyings,
                                const std::string& vertex_constants) {
    return from_sources("shaders/" + vertex_file, compose_shader(vertex_file, vertex_constants),
                        "shaders/" + fragment_file, compose_shader(fragment_file), feedback_varyings);
}

}  // namespace dynskin::gl
