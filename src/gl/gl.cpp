#include "gl/gl.h"

#include <cstdio>

namespace dynskin::gl {

void check_errors(const char* what) {
    std::string errors;
    for (GLenum e = glGetError(); e != GL_NO_ERROR; e = glGetError()) {
        char code[16];
        std::snprintf(code, sizeof code, "0x%04x", e);
        errors += (errors.empty() ? "" : ", ") + std::string(code);
    }
    if (!errors.empty()) throw GlError(std::string("OpenGL error ") + errors + " in " + what);
}

void check_frame_errors([[maybe_unused]] const char* what) {
#ifndef __EMSCRIPTEN__
    check_errors(what);
#endif
}

}  // namespace dynskin::gl
