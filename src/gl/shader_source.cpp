#include "gl/shader_source.h"

#include <algorithm>
#include <utility>

#include "gl/gl.h"

namespace dynskin::gl {
namespace {

const std::pair<const char*, const char*> kEmbedded[] = {
#include "embedded_shaders.inc"
};

}  // namespace

const char* glsl_version_line(GlslDialect dialect) {
    return dialect == GlslDialect::Es300 ? "#version 300 es" : "#version 330 core";
}

std::string glsl_prelude(GlslDialect dialect) {
    std::string prelude = std::string(glsl_version_line(dialect)) + "\n";
    // highp everywhere: the vertex shader must compute what the CPU does within 1e-5 of the
    // size, and the integer and float lookup tables must not lose indices.
    if (dialect == GlslDialect::Es300)
        prelude +=
            "precision highp float;\n"
            "precision highp int;\n"
            "precision highp sampler2D;\n"
            "precision highp isampler2D;\n";
    return prelude;
}

const std::string& shader_file(const std::string& name) {
    static const std::vector<std::pair<std::string, std::string>> files = [] {
        std::vector<std::pair<std::string, std::string>> list;
        for (const auto& [file, text] : kEmbedded) list.emplace_back(file, text);
        return list;
    }();
    for (const auto& [file, text] : files)
        if (file == name) return text;
    throw GlError("no shader named " + name + " is embedded (shaders/ at build time)");
}

std::vector<std::string> shader_file_names() {
    std::vector<std::string> names;
    for (const auto& entry : kEmbedded) names.emplace_back(entry.first);
    std::sort(names.begin(), names.end());
    return names;
}

std::string compose_shader(const std::string& name, const std::string& declarations, GlslDialect dialect) {
    // "#line 1": the next line is the file's first. GLSL 3.30 and ES 3.00 both number the
    // line after a #line directive with its value.
    return glsl_prelude(dialect) + declarations + "#line 1\n" + shader_file(name);
}

}  // namespace dynskin::gl
