#pragma once
// The one place that includes the OpenGL API: glad's 3.3 core loader on the desktop, the
// OpenGL ES 3.0 headers (Emscripten's, for WebGL 2) with DYNSKIN_GLES.

#ifdef DYNSKIN_GLES
#include <GLES3/gl3.h>
// Reading a buffer back (the transform feedback capture): ES 3.0 only maps buffers, which
// Emscripten cannot do for reading; WebGL 2's getBufferSubData is what it offers, under the
// desktop name (Emscripten 2.0.17 and later), which the ES headers do not declare.
extern "C" void glGetBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, void* data);
#else
#include <glad/gl.h>
#endif

#include <stdexcept>
#include <string>

namespace dynskin::gl {

// A GL call failed, a shader did not compile, a framebuffer is incomplete.
struct GlError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Throws GlError naming `what` and every pending GL error; nothing when there is none.
void check_errors(const char* what);

}  // namespace dynskin::gl
