#include "gl/gl.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
// The page's WebGL context (Emscripten's GLctx): its unmasked renderer when the browser
// tells it, its masked one otherwise, into text (size bytes, ended by a zero).
EM_JS(void, dynskin_webgl_renderer, (char* text, int size), {
    var name = "";
    try {
        var info = GLctx.getExtension("WEBGL_debug_renderer_info");
        name = info ? GLctx.getParameter(info.UNMASKED_RENDERER_WEBGL) : GLctx.getParameter(GLctx.RENDERER);
    } catch (e) {}
    stringToUTF8(String(name || ""), text, size);
});
#endif

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

std::string renderer_name() {
#ifdef __EMSCRIPTEN__
    char text[256] = {};
    dynskin_webgl_renderer(text, sizeof text);
    return text;
#else
    const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    return name ? name : "";
#endif
}

bool is_software_renderer(const std::string& renderer_name) {
    std::string name = renderer_name;
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    for (const char* software : {"swiftshader", "llvmpipe", "softpipe", "software rasterizer"})
        if (name.find(software) != std::string::npos) return true;
    return false;
}

void check_frame_errors([[maybe_unused]] const char* what) {
#ifndef __EMSCRIPTEN__
    check_errors(what);
#endif
}

}  // namespace dynskin::gl
