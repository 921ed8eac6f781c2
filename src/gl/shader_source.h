#pragma once
// The GLSL files (shaders/, embedded at build time) are written once for two dialects:
// GLSL 3.30 core (desktop OpenGL 3.3) and GLSL ES 3.00 (OpenGL ES 3.0, WebGL 2). The files
// have no #version line; the prelude chosen here supplies it, and for ES the precisions
// (ES has no default float precision in fragment shaders, and samplers default to lowp).

#include <string>
#include <vector>

namespace dynskin::gl {

enum class GlslDialect { Core330, Es300 };

// The dialect this build compiles its shaders in: ES with DYNSKIN_GLES (the web build).
#ifdef DYNSKIN_GLES
inline constexpr GlslDialect kBuildDialect = GlslDialect::Es300;
#else
inline constexpr GlslDialect kBuildDialect = GlslDialect::Core330;
#endif

// "#version 330 core" or "#version 300 es", without a new line (what Dear ImGui's GL
// backend takes too).
const char* glsl_version_line(GlslDialect dialect = kBuildDialect);

// The lines put before every shader: the #version line and, for ES, the precisions.
std::string glsl_prelude(GlslDialect dialect = kBuildDialect);

// The embedded file shaders/`name` as written; throws GlError for a name that is not there.
const std::string& shader_file(const std::string& name);
// Every embedded file's name ("grid.frag", ..., "skinning.vert"), sorted.
std::vector<std::string> shader_file_names();

// What the driver compiles: the prelude, `declarations` (GLSL text the program adds, such as
// skinning_shader_constants()), then the file, whose lines keep their own numbers in the
// driver's messages.
std::string compose_shader(const std::string& name, const std::string& declarations = {},
                           GlslDialect dialect = kBuildDialect);

}  // namespace dynskin::gl
