#include "gl/joint_texels.h"

#include <sstream>

#include "core/formulas/squash.h"
#include "dynskin/measurement_clock.h"
#include "gl/texel_table.h"

namespace dynskin::gl {

std::string skinning_shader_constants() {
    const std::pair<const char*, int> texels[] = {
        {"kTexelSkinning", kTexelSkinning},
        {"kTexelAngularGain", kTexelAngularGain},
        {"kTexelLinear", kTexelLinear},
        {"kTexelOrigin", kTexelOrigin},
        {"kTexelDualReal", kTexelDualReal},
        {"kTexelDualDual", kTexelDualDual},
        {"kTexelTranslationParent", kTexelTranslationParent},
        {"kTexelRotation", kTexelRotation},
        {"kTexelScale", kTexelScale},
        {"kTexelAngularDrag", kTexelAngularDrag},
        {"kTexelLinearDrag", kTexelLinearDrag},
        {"kTexelAngularVelocity", kTexelAngularVelocity},
        {"kTexelLinearVelocity", kTexelLinearVelocity},
        {"kTexelPosition", kTexelPosition},
        {"kTexelCentroid", kTexelCentroid},
        {"kTexelMedial", kTexelMedial},
        {"kJointTexelCount", kJointTexelCount},
    };
    std::ostringstream glsl;
    glsl.precision(9);
    for (const auto& [name, index] : texels) glsl << "const int " << name << " = " << index << ";\n";
    glsl << "const float kStretchLimit = " << kStretchLimit << ";\n";
    glsl << "const float kTicksPerSecond = " << kTicksPerSecond << ";\n";
    glsl << "const int kTexelTableWidth = " << kTexelTableWidth << ";\n";
    glsl << "const int kTexelTableWidthLog2 = " << kTexelTableWidthLog2 << ";\n";
    return glsl.str();
}

}  // namespace dynskin::gl
