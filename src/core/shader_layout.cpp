#include "dynskin/shader_layout.h"

#include <sstream>
#include <string>

#include "core/formulas/squash.h"
#include "dynskin/measurement_clock.h"

namespace dynskin {

namespace {

// A GLSL float literal: "60.0", not "60", which GLSL ES takes for an int and does not convert.
std::string float_literal(double value) {
    std::ostringstream text;
    text.precision(9);
    text << value;
    std::string literal = text.str();
    if (literal.find_first_of(".eEn") == std::string::npos) literal += ".0";
    return literal;
}

}  // namespace

JointRowParts stage_reads(const SkinningConstants& c) {
    // The uniforms that switch the blocks reading them (skinning.vert): the squash's block
    // runs only inside the bend's.
    JointRowParts parts;
    parts.dual_quaternion = c.dual_quaternion;
    parts.local_transform = c.delayed;
    parts.squash = c.bend && c.squash != 0.0f;
    return parts;
}

const char* glsl_type(UniformType type) {
    switch (type) {
    case UniformType::Float: return "float";
    case UniformType::Bool: return "bool";
    }
    return "float";
}

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
    glsl << "const float kStretchLimit = " << float_literal(kStretchLimit) << ";\n";
    glsl << "const float kTicksPerSecond = " << float_literal(kTicksPerSecond) << ";\n";
    glsl << "const int kTexelTableWidth = " << kTexelTableWidth << ";\n";
    glsl << "const int kTexelTableWidthLog2 = " << kTexelTableWidthLog2 << ";\n";
    return glsl.str();
}

}  // namespace dynskin
