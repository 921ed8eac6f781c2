// The shader's joint layout and shared constants come from C++ (dynskin/shader_layout.h): the text
// GlProgram inserts declares every texel by the enum's name and value, the core's constants
// with their values and the texel tables' width, so changing one in its place changes the
// shader too.

#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "core/formulas/squash.h"
#include "dynskin/measurement_clock.h"
#include "dynskin/shader_layout.h"
#include "gl/shader_source.h"
#include "gl/texel_table.h"

namespace dynskin::gl {
namespace {

double declared(const std::string& glsl, const std::string& type, const std::string& name) {
    std::smatch match;
    const std::regex declaration("const " + type + " " + name + " = ([-+0-9.eE]+);");
    if (!std::regex_search(glsl, match, declaration)) ADD_FAILURE() << name << " is not declared:\n" << glsl;
    return match.empty() ? -1.0 : std::stod(match[1]);
}

TEST(ShaderConstants, DeclareTheJointLayoutByTheEnumsNames) {
    const std::string glsl = skinning_shader_constants();
    EXPECT_EQ(declared(glsl, "int", "kTexelSkinning"), kTexelSkinning);
    EXPECT_EQ(declared(glsl, "int", "kTexelAngularGain"), kTexelAngularGain);
    EXPECT_EQ(declared(glsl, "int", "kTexelScale"), kTexelScale);
    EXPECT_EQ(declared(glsl, "int", "kTexelMedial"), kTexelMedial);
    EXPECT_EQ(declared(glsl, "int", "kJointTexelCount"), kJointTexelCount);
}

TEST(ShaderConstants, CarryTheCoresValues) {
    const std::string glsl = skinning_shader_constants();
    EXPECT_EQ(declared(glsl, "float", "kTicksPerSecond"), kTicksPerSecond);
    EXPECT_EQ(static_cast<float>(declared(glsl, "float", "kStretchLimit")), kStretchLimit);
    // Written as float literals: GLSL ES takes "60" for an int and does not convert it.
    EXPECT_NE(glsl.find("kTicksPerSecond = 60.0;"), std::string::npos) << glsl;
}

TEST(ShaderConstants, DeclareTheTexelTablesWidth) {
    const std::string glsl = skinning_shader_constants();
    EXPECT_EQ(declared(glsl, "int", "kTexelTableWidth"), kTexelTableWidth);
    EXPECT_EQ(declared(glsl, "int", "kTexelTableWidthLog2"), kTexelTableWidthLog2);
    EXPECT_EQ(1 << kTexelTableWidthLog2, kTexelTableWidth);  // the shader masks and shifts
}

// The uniforms every GPU path sets from the core's table (desktop, browser, dynskin-three) are
// the stage's own, by name and type.
TEST(ShaderConstants, TheStageDeclaresEveryUniformOfTheTable) {
    const std::string& stage = shader_file("skinning.vert");
    for (const SkinningUniform& u : skinning_uniform_table()) {
        const std::regex declaration("\\buniform\\s+" + std::string(glsl_type(u.type)) + "\\s+" + u.name + "\\s*;");
        EXPECT_TRUE(std::regex_search(stage, declaration)) << "skinning.vert declares no uniform " << glsl_type(u.type) << " "
                                                           << u.name;
    }
}

}  // namespace
}  // namespace dynskin::gl
