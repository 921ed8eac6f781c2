#pragma once
// The one place that includes the OpenGL API: glad's 3.3 core loader on the desktop, the
// OpenGL ES 3.0 headers (Emscripten's, for WebGL 2) with DYNSKIN_GLES.

#ifdef DYNSKIN_GLES
#include <GLES3/gl3.h>
// Reading a buffer back (the transform feedback capture): ES 3.0 only maps buffers, which
// Emscripten cannot do for reading; it offers WebGL 2's getBufferSubData under the desktop
// name, which the ES headers do not declare.
#ifdef __EMSCRIPTEN__
#include <webgl/webgl2.h>
#else
// (Only for the desktop build's check of src/gl against the ES 3.0 API: never linked.)
extern "C" void glGetBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size, void* data);
#endif
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
// The same, for what runs every frame; nothing in the browser, where glGetError is a round
// trip to the GPU process that waits for every command before it to run, so a check a frame
// would stall the page for the whole frame's drawing (the checks where things are created
// and uploaded stay).
void check_frame_errors(const char* what);

// The GL renderer's name, unmasked in the browser (WEBGL_debug_renderer_info) where it can be:
// "ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device ...))", "llvmpipe (LLVM 15.0.6, 256 bits)".
// Asked once, at startup (a read-back).
std::string renderer_name();
// Whether that renderer draws on the CPU (SwiftShader, llvmpipe, softpipe): its pixels are
// most of a frame.
bool is_software_renderer(const std::string& renderer_name);

}  // namespace dynskin::gl
