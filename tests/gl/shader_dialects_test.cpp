// The shaders are written once for two dialects (gl/shader_source.h): every program compiles
// and links as GLSL 3.30 core (desktop) and as GLSL ES 3.00 (OpenGL ES 3.0 / WebGL 2), checked
// by the Khronos reference compiler glslangValidator (Debian's glslang-tools) on exactly the
// text GlProgram gives the driver. ES is the strict one: no texture buffers, no implicit int
// to float conversions, precisions. Skips, saying so, without the tool.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <unistd.h>

#include "dynskin/shader_layout.h"
#include "gl/shader_source.h"

namespace dynskin::gl {
namespace {

// The viewer's programs, as src/gl compiles them.
struct Program {
    const char* vertex;
    const char* fragment;
    bool skinning_constants;  // skinning_shader_constants() before the vertex text
};
const Program kPrograms[] = {
    {"mesh.vert", "mesh.frag", false},
    {"skinning.vert", "mesh.frag", true},
    {"lines.vert", "lines.frag", false},
    {"grid.vert", "grid.frag", false},
    {"ui.vert", "ui.frag", false},
    {"copy.vert", "copy.frag", false},
};

std::string validator() {
    const std::string path = DYNSKIN_GLSLANG_VALIDATOR;
    return !path.empty() && std::filesystem::exists(path) ? path : std::string();
}

std::string read_all(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Writes the two stages as the driver receives them and links them with glslangValidator;
// returns its output when it fails, "" when it passes.
std::string validate(const Program& program, GlslDialect dialect) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("dynskin_glsl_" + std::to_string(::getpid()) + (dialect == GlslDialect::Es300 ? "_es" : "_core"));
    std::filesystem::create_directories(dir);
    const auto vertex = dir / program.vertex, fragment = dir / program.fragment, log = dir / "log.txt";
    std::ofstream(vertex) << compose_shader(program.vertex, program.skinning_constants ? skinning_shader_constants() : "",
                                            dialect);
    std::ofstream(fragment) << compose_shader(program.fragment, {}, dialect);
    const std::string command = validator() + " -l '" + vertex.string() + "' '" + fragment.string() + "' > '" +
                                log.string() + "' 2>&1";
    const int status = std::system(command.c_str());
    std::string output = status == 0 ? "" : read_all(log) + "(exit status " + std::to_string(status) + ")";
    std::filesystem::remove_all(dir);
    return output;
}

TEST(ShaderDialects, EveryShaderFileBelongsToAProgramCheckedHere) {
    std::set<std::string> covered;
    for (const Program& p : kPrograms) covered.insert({p.vertex, p.fragment});
    for (const std::string& name : shader_file_names())
        EXPECT_TRUE(covered.count(name)) << name << " is embedded but not in this test's program list";
}

TEST(ShaderDialects, TheFilesLeaveTheVersionToThePrelude) {
    for (const std::string& name : shader_file_names())
        EXPECT_EQ(shader_file(name).find("#version"), std::string::npos) << name;
    EXPECT_EQ(glsl_prelude(GlslDialect::Core330), "#version 330 core\n");
    const std::string es = glsl_prelude(GlslDialect::Es300);
    EXPECT_EQ(es.rfind("#version 300 es\n", 0), 0u) << es;
    for (const char* type : {"float", "int", "sampler2D"})
        EXPECT_NE(es.find(std::string("precision highp ") + type + ";"), std::string::npos) << type;
}

TEST(ShaderDialects, EveryProgramCompilesAndLinksAsGlsl330Core) {
    if (validator().empty()) GTEST_SKIP() << "glslangValidator not found (Debian package glslang-tools)";
    for (const Program& p : kPrograms)
        EXPECT_EQ(validate(p, GlslDialect::Core330), "") << p.vertex << " + " << p.fragment;
}

TEST(ShaderDialects, EveryProgramCompilesAndLinksAsGlslEs300) {
    if (validator().empty()) GTEST_SKIP() << "glslangValidator not found (Debian package glslang-tools)";
    for (const Program& p : kPrograms)
        EXPECT_EQ(validate(p, GlslDialect::Es300), "") << p.vertex << " + " << p.fragment;
}

}  // namespace
}  // namespace dynskin::gl
