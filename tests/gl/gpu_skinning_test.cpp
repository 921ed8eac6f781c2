// The vertex shader against the CPU deformer: transform feedback captures the shader's
// positions and normals, which must match the CPU's within 1e-5 of the model size, for the
// bundled characters and the real rigs, in every mode the shader does, at several frames.
// Needs a display (CTest runs it under xvfb-run): a hidden GLFW window gives the context.

#include <gtest/gtest.h>

#include <filesystem>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include "characters/bundled_characters.h"
#include "characters/character_source.h"
#include "dynskin/deformer.h"
#include "dynskin/linear_blend_skinning.h"
#include "gl/gl.h"
#include "display_ready.h"
#include "gl/gpu_skinning.h"
#include "gpu_equivalence.h"
#include "morph_rigs.h"

namespace dynskin {
namespace {

class GlContext : public ::testing::Environment {
public:
    void SetUp() override {
        ASSERT_TRUE(test::wait_for_display() && glfwInit()) << "no display: run under xvfb-run -a";
        glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
        glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
        glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
        glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
        glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
        window_ = glfwCreateWindow(64, 64, "dynskin gl tests", nullptr, nullptr);
        ASSERT_NE(window_, nullptr);
        glfwMakeContextCurrent(window_);
        ASSERT_TRUE(gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress)));
    }
    void TearDown() override {
        glfwDestroyWindow(window_);
        glfwTerminate();
    }

private:
    GLFWwindow* window_ = nullptr;
};

const auto* const gl_context = ::testing::AddGlobalTestEnvironment(new GlContext);

std::vector<std::string> every_character() {
    std::vector<std::string> list = characters::bundled_character_names();
    const std::filesystem::path rigs(DYNSKIN_SHARED_RIGS);
    for (const char* rig : {"cow.glb", "dragon.glb", "giraffe.glb", "snail.glb"})
        if (std::filesystem::exists(rigs / rig)) list.push_back((rigs / rig).string());
    if (list.size() == characters::bundled_character_names().size())
        std::printf("note: ../shared/rigs is absent, only the bundled characters are compared\n");
    return list;
}

TEST(GpuSkinning, MatchesTheCpuForEveryCharacterAndMode) {
    gl::GpuSkinning gpu;
    for (const std::string& name : every_character()) {
        io::LoadedCharacter loaded = characters::load_character(name);
        test::paint_test_layers(loaded.character);
        for (const test::GpuComparison& r : test::compare_gpu_with_cpu(gpu, loaded.character)) {
            EXPECT_TRUE(r.captured) << name << ", " << r.mode << ", frame " << r.frame;
            EXPECT_LT(r.position_error, 1e-5f * r.size) << name << ", " << r.mode << ", frame " << r.frame;
            // Unit normals: float rounding grows where the deformation is close to folding
            // (the cofactor of a near-singular Jacobian); 1e-3 is 0.06 degrees.
            EXPECT_LT(r.normal_error, 1e-3f) << name << ", " << r.mode << ", frame " << r.frame;
        }
    }
}

// Morph targets: the CPU's morphed rest goes up for the groups whose weights changed, and
// the shader skins and bends it as it does the rest. The rigs' weights change and hold.
TEST(GpuSkinning, SkinsTheMorphedRestAsTheCpuDoes) {
    const std::string folder = test::make_temp_folder();
    std::vector<std::pair<std::string, std::string>> files = {
        {test::morphing_arm_rig().writer.write_glb(folder, "arm"), "wave"},
        {test::morph_only_quad().writer.write_glb(folder, "quad"), "step"}};
    const std::filesystem::path stress = std::filesystem::path(DYNSKIN_SHARED_RIGS) / "wild" / "MorphStressTest.gltf";
    if (std::filesystem::exists(stress)) files.emplace_back(stress.string(), "Pulse");
    else std::printf("note: %s is absent, only the tests' own morph rigs are compared\n", stress.c_str());
    gl::GpuSkinning gpu;
    for (const auto& file : files) {
        const io::LoadedCharacter loaded = characters::load_character(file.first);
        const Character& c = loaded.character;
        const AnimationClip* clip = nullptr;
        for (const AnimationClip& k : c.clips)
            if (k.name == file.second) clip = &k;
        ASSERT_NE(clip, nullptr) << file.first;
        const PoseSampler motion = clip_sampler(c.skeleton, *clip, false);
        for (const test::GpuMode& mode : test::gpu_modes(c.skeleton.joint_count())) {
            if (mode.settings.parameters.squash != 0.0f) continue;  // squash is checked above, morphs or not
            Deformer deformer(c);
            gpu.set_mesh(c, deformer);
            const float tolerance = 1e-5f * deformer.size();
            float morphed = 0.0f;
            for (int frame = 0; frame <= 60; ++frame) {
                const double t = frame / 30.0;  // past the end of the quad's clip: the weights hold
                deformer.update(t, motion, mode.settings);
                if (frame % 10 != 5 && frame != 60) continue;
                gpu.update_joints(deformer, mode.settings.parameters);
                std::vector<glm::vec3> positions, normals, unmorphed, unmorphed_normals;
                gpu.capture(positions, normals);
                EXPECT_LT(test::max_distance(positions, deformer.positions()), tolerance)
                    << file.first << ", " << mode.name << ", frame " << frame;
                EXPECT_LT(test::max_distance(normals, deformer.normals()), 1e-3f)
                    << file.first << ", " << mode.name << ", frame " << frame;
                gpu.capture(positions, normals, false);
                std::vector<glm::mat4> skinning;
                skinning_matrices(deformer.globals(), c.mesh.inverse_binds, skinning);
                linear_blend_skinning(c.mesh, skinning, unmorphed, unmorphed_normals);
                morphed = std::max(morphed, test::max_distance(positions, unmorphed));
            }
            if (mode.settings.parameters.mode == DeformerMode::LbsOnly) {
                EXPECT_GT(morphed, 0.01f * deformer.size()) << file.first << ": the morph is not there";
            }
        }
    }
}

TEST(GpuSkinning, TheBendIsReallyThere) {
    // Guard against a comparison that passes because neither side bends.
    const Character bar = characters::make_bar();
    Deformer deformer(bar);
    DynamicSettings s;
    const PoseSampler motion = clip_sampler(bar.skeleton, bar.clips[0], true);
    for (int frame = 0; frame <= 30; ++frame) deformer.update(frame / 60.0, motion, s);
    gl::GpuSkinning gpu;
    gpu.set_mesh(bar, deformer);
    gpu.update_joints(deformer, s.parameters);
    std::vector<glm::vec3> bent, plain, normals;
    gpu.capture(bent, normals, true);
    gpu.capture(plain, normals, false);
    EXPECT_GT(test::max_distance(bent, plain), 0.05f * deformer.size());
    EXPECT_LT(test::max_distance(plain, deformer.base_positions()), 1e-5f * deformer.size());
}

}  // namespace
}  // namespace dynskin
