// The camera that follows a travelling character (follow_camera.h): the skin's centre against
// the mean of the skinned vertices, the easing, and how far the bundled clips travel.

#include <gtest/gtest.h>

#include "app/input/follow_camera.h"
#include "characters/character_source.h"
#include "dynskin/linear_blend_skinning.h"
#include "dynskin/pose.h"
#include "dynskin/pose_sampler.h"

namespace dynskin::app {
namespace {

glm::vec3 mean_of_skin(const Character& c, const std::vector<glm::mat4>& globals) {
    std::vector<glm::mat4> skinning;
    std::vector<glm::vec3> positions, normals;
    skinning_matrices(globals, c.mesh.inverse_binds, skinning);
    linear_blend_skinning(c.mesh, skinning, positions, normals);
    glm::dvec3 sum(0.0);
    for (const glm::vec3& p : positions) sum += glm::dvec3(p);
    return glm::vec3(sum / double(positions.size()));
}

TEST(SkinCentre, IsTheMeanOfTheSkinnedVertices) {
    for (const char* name : {"cow", "train", "octopus"}) {
        const io::LoadedCharacter loaded = characters::load_character(name);
        const Character& c = loaded.character;
        ASSERT_FALSE(c.clips.empty()) << name;
        const SkinCentre centre(c.mesh);
        const PoseSampler sample = clip_sampler(c.skeleton, c.clips[0], true);
        Pose pose = Pose::rest_of(c.skeleton);
        std::vector<glm::mat4> globals;
        for (double t : {0.0, 0.37, 1.3}) {
            sample(t, pose);
            forward_kinematics(c.skeleton, pose, globals);
            const glm::vec3 reference = mean_of_skin(c, globals), fast = centre(globals);
            EXPECT_LT(glm::distance(fast, reference), 1e-4f * (1.0f + glm::length(reference))) << name << " at " << t;
        }
        // Before any pose: the rest shape's mean.
        EXPECT_TRUE(std::isfinite(centre({}).x)) << name;
    }
}

TEST(ClipTravel, TheTrainTravelsTheCowWalksInPlaceAndTheBarTurnsAboutItsBase) {
    const io::LoadedCharacter train = characters::load_character("train");
    const io::LoadedCharacter cow = characters::load_character("cow");
    const io::LoadedCharacter bar = characters::load_character("bar");
    const auto size = [](const Character& c) {
        glm::vec3 lo(1e30f), hi(-1e30f);
        for (const glm::vec3& p : c.mesh.rest_positions) lo = glm::min(lo, p), hi = glm::max(hi, p);
        return glm::length(hi - lo);
    };
    const Character& t = train.character;
    EXPECT_GT(clip_travel(t.skeleton, t.clips[0]), 0.5f * size(t));
    for (const Character* c : {&cow.character, &bar.character})
        for (const AnimationClip& clip : c->clips)
            EXPECT_LT(clip_travel(c->skeleton, clip), 0.5f * size(*c)) << clip.name;
}

TEST(CameraFollow, EasesAfterTheCentreAndKeepsThePan) {
    OrbitCamera camera;
    camera.target = glm::vec3(0.5f, 0.0f, 0.0f);  // panned half a unit off the centre
    CameraFollow follow;
    follow.reset(glm::vec3(0.0f));
    // The centre moves at 1 unit/s along x for 3 s, at 60 fps.
    glm::vec3 centre(0.0f);
    float largest_step = 0.0f;
    for (int f = 1; f <= 180; ++f) {
        centre.x = f / 60.0f;
        const glm::vec3 before = camera.target;
        follow.update(camera, centre, 2.0f, 1.0 / 60.0);
        largest_step = std::max(largest_step, glm::distance(camera.target, before));
    }
    // Behind by about speed x time constant, the pan kept, never a jump.
    EXPECT_NEAR(camera.target.x, 3.0f + 0.5f - follow.time_constant, 0.03f);
    EXPECT_LT(largest_step, 1.05f / 60.0f);
    // Standing still, it catches up.
    for (int f = 0; f < 180; ++f) follow.update(camera, centre, 2.0f, 1.0 / 60.0);
    EXPECT_NEAR(camera.target.x, 3.5f, 1e-3f);
    // A bounce of a tenth of the size at 2 Hz moves the view much less.
    float low = 1e30f, high = -1e30f;
    for (int f = 0; f < 240; ++f) {
        centre.y = 0.2f * std::sin(2.0f * 3.14159265f * 2.0f * f / 60.0f);
        follow.update(camera, centre, 2.0f, 1.0 / 60.0);
        if (f > 120) low = std::min(low, camera.target.y), high = std::max(high, camera.target.y);
    }
    EXPECT_LT(high - low, 0.3f * 0.4f);
    // A jump of more than the size (a clip looping back) is followed at once.
    centre = glm::vec3(-10.0f, 0.0f, 0.0f);
    follow.update(camera, centre, 2.0f, 1.0 / 60.0);
    EXPECT_NEAR(camera.target.x, -10.0f + 0.5f, 0.05f);
    // NaN is ignored.
    follow.update(camera, glm::vec3(NAN), 2.0f, 1.0 / 60.0);
    EXPECT_TRUE(std::isfinite(camera.target.x));
    // Stopped (Follow off, a drag), it starts again from wherever the centre then is: the
    // view does not jump after what it missed.
    follow.stop();
    const glm::vec3 before = camera.target;
    follow.update(camera, glm::vec3(0.5f, 0.0f, 0.0f), 2.0f, 1.0 / 60.0);
    EXPECT_EQ(camera.target, before);
    follow.update(camera, glm::vec3(0.6f, 0.0f, 0.0f), 2.0f, 1.0 / 60.0);
    EXPECT_GT(camera.target.x, before.x);
}

}  // namespace
}  // namespace dynskin::app
