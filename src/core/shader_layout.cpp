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

const std::vector<SkinningUniform>& skinning_uniform_table() {
    using C = SkinningConstants;
    static const std::vector<SkinningUniform> table = {
        {"character_size", UniformType::Float, false, [](const C& c) -> double { return c.size; }},
        {"bend_enabled", UniformType::Bool, true, [](const C& c) -> double { return c.bend; }},
        {"dual_quaternion", UniformType::Bool, true, [](const C& c) -> double { return c.dual_quaternion; }},
        {"max_angle", UniformType::Float, true, [](const C& c) -> double { return c.max_angle; }},
        {"max_offset", UniformType::Float, true, [](const C& c) -> double { return c.max_offset; }},
        {"ground_band", UniformType::Float, true, [](const C& c) -> double { return c.ground_band; }},
        {"ground_height", UniformType::Float, false, [](const C& c) -> double { return c.ground_height; }},
        {"ground_up_x", UniformType::Float, false, [](const C& c) -> double { return c.ground_up.x; }},
        {"ground_up_y", UniformType::Float, false, [](const C& c) -> double { return c.ground_up.y; }},
        {"ground_up_z", UniformType::Float, false, [](const C& c) -> double { return c.ground_up.z; }},
        {"squash", UniformType::Float, true, [](const C& c) -> double { return c.squash; }},
        {"squash_about_centroid", UniformType::Bool, true, [](const C& c) -> double { return c.squash_about_centroid; }},
        {"delayed", UniformType::Bool, true, [](const C& c) -> double { return c.delayed; }},
        {"propagation_speed", UniformType::Float, false, [](const C& c) -> double { return c.propagation_speed; }},
        {"since_previous_tick", UniformType::Float, false, [](const C& c) -> double { return c.since_previous_tick; }},
    };
    return table;
}

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
