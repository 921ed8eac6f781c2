#pragma once
// The one place that includes the OpenGL API (glad's 3.3 core loader).

#include <glad/gl.h>

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
