// Materials as drawn (run under xvfb-run by CTest): each part of a rendered picture shows its
// own material's colour, on the CPU path and the GPU path; a rigid prop is drawn where its
// joint takes it; the wild rigs' parts show their colours.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "app/viewer_app.h"
#include "dynskin/gltf_loader.h"
#include "material_scenes.h"
#include "viewer_test_support.h"

namespace dynskin::app {
namespace {

using test::headless;
using test::run_frames;
namespace scenes = dynskin::test;  // the io suite's small glTF files

struct Picture {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgba;

    // The mean colour (0..1) of the 3x3 pixels around `pixel` (y down).
    glm::vec3 at(glm::vec2 pixel) const {
        glm::vec3 sum(0.0f);
        const int cx = static_cast<int>(std::lround(pixel.x)), cy = static_cast<int>(std::lround(pixel.y));
        for (int y = cy - 1; y <= cy + 1; ++y)
            for (int x = cx - 1; x <= cx + 1; ++x) {
                const std::uint8_t* c = &rgba[(std::size_t(std::clamp(y, 0, height - 1)) * width + std::clamp(x, 0, width - 1)) * 4];
                sum += glm::vec3(c[0], c[1], c[2]) / 255.0f;
            }
        return sum / 9.0f;
    }
    glm::vec3 background() const { return at({1.0f, 1.0f}); }
};

// A viewer showing `file` alone (no panels, grid or skeleton) from straight in front (+z),
// looking at `target` from `distance`.
struct FrontView {
    std::filesystem::path file;
    ViewerApp app;

    FrontView(const scenes::GltfWriter& writer, const std::string& name, bool gpu, glm::vec3 target, float distance)
        : file(write(writer, name)), app(options(file.string(), gpu)) {
        EXPECT_TRUE(app.state().error_message.empty()) << app.state().error_message;
        app.state().display.grid = false;
        app.state().display.skeleton = false;
        app.state().frame_camera = false;
        OrbitCamera& camera = app.state().camera;
        camera.target = target;
        camera.yaw = 0.0f;
        camera.pitch = 0.0f;
        camera.distance = distance;
    }

    static std::filesystem::path write(const scenes::GltfWriter& writer, const std::string& name) {
        const std::string folder = scenes::make_temp_folder();
        return writer.write_glb(folder, name);
    }

    static ViewerOptions options(const std::string& path, bool gpu) {
        ViewerOptions o = headless(path);
        o.hide_ui = true;
        o.gpu = gpu;
        DynamicSettings lbs;
        lbs.parameters.mode = DeformerMode::LbsOnly;  // poses exactly as keyed, no lag
        o.settings = lbs;
        return o;
    }

    Picture shoot(int frames) {
        run_frames(app, frames);
        Picture p;
        p.rgba = app.read_frame(p.width, p.height);
        return p;
    }

    glm::vec2 pixel_of(glm::vec3 point) {
        glm::vec2 pixel(0.0f);
        int w = 0, h = 0;
        app.read_frame(w, h);
        EXPECT_TRUE(app.state().camera.project(point, glm::vec2(w, h), pixel));
        return pixel;
    }
};

// Lighting scales a colour and adds a little white (specular, rim): compare hues, each
// colour divided by its largest channel.
glm::vec3 hue(glm::vec3 c) { return c / std::max({c.r, c.g, c.b, 1e-3f}); }

void expect_shows(const Picture& picture, glm::vec2 pixel, const scenes::Panel& panel, const std::string& path) {
    const glm::vec3 seen = picture.at(pixel);
    const glm::vec3 background = picture.background();
    if (!panel.visible) {
        EXPECT_LT(glm::length(seen - background), 0.03f)
            << path << ", " << panel.what << ": the background should show, not (" << seen.r << ", " << seen.g << ", " << seen.b << ")";
        return;
    }
    EXPECT_GT(glm::length(seen - background), 0.1f) << path << ", " << panel.what << ": not drawn";
    const glm::vec3 difference = glm::abs(hue(seen) - hue(panel.albedo));
    EXPECT_LT(std::max({difference.r, difference.g, difference.b}), 0.22f)
        << path << ", " << panel.what << ": shows (" << seen.r << ", " << seen.g << ", " << seen.b << "), its material is ("
        << panel.albedo.r << ", " << panel.albedo.g << ", " << panel.albedo.b << ")";
}

class MaterialsDrawn : public ::testing::TestWithParam<bool> {};

TEST_P(MaterialsDrawn, EveryPanelShowsItsMaterial) {
    const bool gpu = GetParam();
    const scenes::MaterialScene scene = scenes::material_panels();
    FrontView view(scene.writer, "panels", gpu, glm::vec3(2.25f, -0.75f, 0.0f), 7.0f);
    ASSERT_GT(view.app.state().camera.position().z, 1.0f);
    const Picture picture = view.shoot(3);
    for (const scenes::Panel& panel : scene.panels)
        expect_shows(picture, view.pixel_of(panel.center), panel, gpu ? "GPU path" : "CPU path");
}

TEST_P(MaterialsDrawn, ARigidPropIsDrawnWhereItsJointTakesIt) {
    const bool gpu = GetParam();
    FrontView view(scenes::arm_with_prop(true), "prop", gpu, glm::vec3(0.0f, 1.0f, 0.0f), 5.0f);
    const Picture picture = view.shoot(10);
    // The clip holds the elbow turned 90 degrees: the prop's centre goes from (0.5, 1.5, 0) to
    // (-0.5, 1.5, 0) and the forearm points along -x.
    const scenes::Panel prop{"the prop, turned with the elbow", {-0.5f, 1.5f, 0.1f}, true, {0, 1, 0}};
    const scenes::Panel left{"where the prop was", {0.5f, 1.5f, 0.1f}, false, {}};
    const scenes::Panel forearm{"the forearm, turned", {-0.6f, 1.0f, 0.0f}, true, {1, 0, 0}};
    for (const scenes::Panel& panel : {prop, left, forearm})
        expect_shows(picture, view.pixel_of(panel.center), panel, gpu ? "GPU path" : "CPU path");
}

INSTANTIATE_TEST_SUITE_P(Paths, MaterialsDrawn, ::testing::Values(false, true),
                         [](const ::testing::TestParamInfo<bool>& info) { return info.param ? "gpu" : "cpu"; });

// MorphStressTest's eight bars are coloured by one swatch texture: each bar's top must show
// the swatch its texture coordinates point at (the rest shape; its morph targets aside).
TEST(WildMaterials, MorphStressTestBarsShowTheirSwatches) {
    const std::filesystem::path path = std::filesystem::path(DYNSKIN_SHARED_RIGS) / "wild" / "MorphStressTest.gltf";
    if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is absent (a user's clone has no ../shared)";
    const io::LoadedCharacter loaded = io::load_gltf(path.string());
    const io::DisplayLook& look = loaded.look;
    ASSERT_EQ(look.draw_ranges.size(), 2u);
    const io::DrawRange& bars = look.draw_ranges[1];
    const io::DisplayMaterial& swatches = look.materials.at(static_cast<std::size_t>(bars.material));
    ASSERT_GE(swatches.base_color_image, 0);
    const io::Image& image = look.images.at(static_cast<std::size_t>(swatches.base_color_image));
    const SkinnedMesh& mesh = loaded.character.mesh;

    ViewerOptions o = headless(path.string());
    o.hide_ui = true;
    o.clip = "none";
    ViewerApp app(o);
    ASSERT_TRUE(app.state().error_message.empty()) << app.state().error_message;
    app.state().display.grid = false;
    app.state().display.skeleton = false;
    app.state().frame_camera = false;
    app.state().camera.target = glm::vec3(0.0f, 0.25f, 0.0f);
    app.state().camera.yaw = 0.0f;
    // From a little above (every bar's top in sight) at a slant, so the key light (from the
    // camera) does not push bright swatches past 1, which would change their hue.
    app.state().camera.pitch = 0.5f;
    app.state().camera.distance = 6.0f;
    run_frames(app, 3);
    Picture picture;
    picture.rgba = app.read_frame(picture.width, picture.height);

    // The largest upward-facing triangle of each bar (bars are 0.47 wide from x = -1.875).
    std::vector<std::size_t> best(8, SIZE_MAX);
    std::vector<float> best_area(8, 0.0f);
    for (std::size_t t = bars.first_triangle; t < bars.first_triangle + bars.triangle_count; ++t) {
        const glm::vec3 a = mesh.rest_positions[mesh.triangles[3 * t]], b = mesh.rest_positions[mesh.triangles[3 * t + 1]],
                        c = mesh.rest_positions[mesh.triangles[3 * t + 2]];
        const glm::vec3 n = glm::cross(b - a, c - a);
        const float area = 0.5f * glm::length(n);
        if (area <= 0.0f || n.y < 0.9f * 2.0f * area || a.y < 0.45f) continue;
        const int bar = static_cast<int>(std::floor(((a.x + b.x + c.x) / 3.0f + 1.875f) / (3.75f / 8.0f)));
        if (bar < 0 || bar >= 8 || area <= best_area[bar]) continue;
        best[bar] = t;
        best_area[bar] = area;
    }
    int checked = 0;
    for (int bar = 0; bar < 8; ++bar) {
        if (best[bar] == SIZE_MAX) continue;
        glm::vec3 center(0.0f);
        glm::vec2 uv(0.0f);
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t v = mesh.triangles[3 * best[bar] + k];
            center += mesh.rest_positions[v] / 3.0f;
            uv += look.texture_uvs[v] / 3.0f;
        }
        const int tx = std::clamp(static_cast<int>(uv.x * image.width), 0, image.width - 1);
        const int ty = std::clamp(static_cast<int>(uv.y * image.height), 0, image.height - 1);
        const std::uint8_t* texel = &image.rgba[(std::size_t(ty) * image.width + tx) * 4];
        const scenes::Panel top{"bar " + std::to_string(bar) + "'s top", center, true,
                              glm::vec3(texel[0], texel[1], texel[2]) / 255.0f * glm::vec3(swatches.base_color_factor)};
        glm::vec2 pixel;
        ASSERT_TRUE(app.state().camera.project(center, glm::vec2(picture.width, picture.height), pixel));
        expect_shows(picture, pixel, top, "MorphStressTest");
        ++checked;
    }
    EXPECT_EQ(checked, 8) << "every bar has a top";
}

}  // namespace
}  // namespace dynskin::app
