// What a library user can do with the public headers alone (this target does not see src/):
// build a character from plain arrays, play a clip, read the deformed skin, and get clear
// errors for bad input.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <glm/gtc/quaternion.hpp>

#include "dynskin/character_arrays.h"
#include "dynskin/deformer.h"
#include "dynskin/gltf_loader.h"
#include "dynskin/measurement_clock.h"
#include "dynskin/settings_json.h"

namespace dynskin {
namespace {

// A two-bone strip along +X, from arrays: rest positions, weights, parents, rest transforms,
// and a clip that swings the root by 60 degrees in a quarter of a second, then holds.
Character strip() {
    Character c;
    c.name = "strip";
    c.skeleton.add_joint("root", -1, Trs{});
    Trs elbow;
    elbow.translation = glm::vec3(1, 0, 0);
    c.skeleton.add_joint("tip", 0, elbow);
    for (int i = 0; i <= 20; ++i) {
        const float x = 0.1f * float(i);
        for (float z : {-0.05f, 0.05f}) {
            c.mesh.rest_positions.emplace_back(x, 0.0f, z);
            c.mesh.rest_normals.emplace_back(0, 1, 0);
            const float w = std::clamp(x - 0.5f, 0.0f, 1.0f);
            c.mesh.weights.add_vertex({{0u, 1.0f - w}, {1u, w}});
        }
    }
    for (std::uint32_t i = 0; i + 3 < c.mesh.rest_positions.size(); i += 2)
        c.mesh.triangles.insert(c.mesh.triangles.end(), {i, i + 2, i + 1, i + 1, i + 2, i + 3});
    c.mesh.inverse_binds = {glm::mat4(1.0f), glm::inverse(elbow.to_matrix())};
    c.mesh.bend_weights.assign(c.mesh.rest_positions.size(), 1.0f);

    AnimationClip swing;
    swing.name = "swing";
    AnimationChannel turn;
    turn.joint = 0;
    turn.path = ChannelPath::Rotation;
    turn.times = {0.0f, 0.25f};
    const glm::quat end = glm::angleAxis(glm::radians(60.0f), glm::vec3(0, 0, 1));
    turn.values = {0, 0, 0, 1, end.x, end.y, end.z, end.w};
    swing.channels.push_back(turn);
    swing.duration = 0.25f;
    c.clips.push_back(swing);
    return c;
}

TEST(PublicApi, DeformsACharacterBuiltFromArrays) {
    const Character c = strip();
    ASSERT_EQ(c.validate(), "");
    Deformer deformer(c);
    deformer.set_thread_count(1);
    DynamicSettings settings;  // the defaults: Dynamic Skinning, safe limits on
    const PoseSampler sampler = clip_sampler(c.skeleton, c.clips[0], false);

    // After the swing stops the tip wobbles about where LBS holds it, and settles.
    double largest_late_offset = 0.0, last_offset = 0.0;
    for (int frame = 0; frame <= 180; ++frame) {  // three seconds at 60 fps
        const double t = frame / 60.0;
        deformer.update(t, sampler, settings);
        ASSERT_EQ(deformer.positions().size(), c.mesh.vertex_count());
        const std::size_t tip = c.mesh.vertex_count() - 1;
        const double offset = glm::length(deformer.positions()[tip] - deformer.base_positions()[tip]);
        ASSERT_TRUE(std::isfinite(offset)) << "frame " << frame;
        if (t > 0.3 && t < 1.0) largest_late_offset = std::max(largest_late_offset, offset);
        last_offset = offset;
        for (const glm::vec3& n : deformer.normals()) ASSERT_NEAR(glm::length(n), 1.0f, 1e-4f);
    }
    EXPECT_GT(largest_late_offset, 0.01 * deformer.size());  // it wobbles after the joint stops
    EXPECT_LT(last_offset, 0.1 * largest_late_offset);        // and the wobble dies out

    // The same clip with the method off is plain LBS.
    settings.parameters.mode = DeformerMode::LbsOnly;
    deformer.update(3.0, sampler, settings);
    EXPECT_EQ(deformer.positions(), deformer.base_positions());
}

TEST(PublicApi, BadInputIsRefusedWithAMessage) {
    Character c = strip();
    c.skeleton.parents[1] = 5;
    EXPECT_THROW(Deformer{c}, std::invalid_argument);
    const std::vector<std::uint8_t> garbage = {'n', 'o', 't', ' ', 'g', 'l', 'T', 'F'};
    try {
        io::load_gltf_from_memory(garbage);
        FAIL() << "garbage loaded";
    } catch (const io::LoadError& e) {
        EXPECT_GT(std::string(e.what()).size(), 5u);
    }
}

TEST(PublicApi, TheClockRunsAtItsRate) {
    EXPECT_EQ(tick_time(60), 1.0);
    EXPECT_EQ(first_tick_at_or_after(1.0), Tick(kTicksPerSecond));
}

// The example of docs/library.md, as written there.
TEST(PublicApi, TheReadmeExampleRuns) {
    const std::string path = std::string(DYNSKIN_SOURCE_DIR) + "/assets/cow.glb";
    dynskin::io::LoadedCharacter cow = dynskin::io::load_gltf(path);  // throws LoadError
    dynskin::Deformer deformer(cow.character);  // throws std::invalid_argument for a broken rig
    const dynskin::DynamicSettings settings = cow.settings.value_or(dynskin::DynamicSettings{});
    const dynskin::PoseSampler walk = dynskin::clip_sampler(cow.character.skeleton, cow.character.clips[0], true);
    for (int frame = 0; frame < 120; ++frame) {
        deformer.update(frame / 60.0, walk, settings);  // any times, at any rate
        ASSERT_EQ(deformer.positions().size(), cow.character.mesh.vertex_count());
    }
    double largest = 0.0;
    for (std::size_t i = 0; i < deformer.positions().size(); ++i) {
        ASSERT_TRUE(std::isfinite(deformer.positions()[i].x));
        largest = std::max(largest, double(glm::length(deformer.positions()[i] - deformer.base_positions()[i])));
    }
    EXPECT_GT(largest, 1e-3 * deformer.size());  // the walk moves the skin beyond LBS
}

// Settings through the API, as the JSON text the viewer saves.
TEST(PublicApi, SettingsRoundTripThroughTheViewersJson) {
    DynamicSettings settings;
    settings.parameters.oscillation.frequency = 3.5f;
    settings.parameters.propagation_speed = 2.0f;
    settings.joints.resize(2);
    settings.joints[1].gain = 0.25f;
    EXPECT_EQ(io::settings_from_json_text(io::settings_to_json_text(settings)), settings);
    EXPECT_THROW(io::settings_from_json_text("{"), io::SettingsError);
    EXPECT_THROW(io::settings_from_json_text("[1, 2]"), io::SettingsError);
}

// The same strip from plain arrays, and the arrays' problems named.
TEST(PublicApi, CharacterFromArraysChecksWhatItIsGiven) {
    const Character built = strip();
    CharacterArrays a;
    a.positions = built.mesh.rest_positions;
    a.triangles = built.mesh.triangles;
    a.influences_per_vertex = 2;
    for (std::size_t i = 0; i < a.positions.size(); ++i) {
        const float w = std::clamp(a.positions[i].x - 0.5f, 0.0f, 1.0f);
        a.joints.insert(a.joints.end(), {0, 1});
        a.weights.insert(a.weights.end(), {1.0f - w, w});
    }
    a.parents = {-1, 0};
    a.rest = {glm::mat4(1.0f), built.skeleton.rest[1].to_matrix()};
    Character c = character_from_arrays(a);
    EXPECT_EQ(c.validate(), "");
    EXPECT_EQ(c.mesh.inverse_binds[1], built.mesh.inverse_binds[1]);
    c.clips = built.clips;  // both play the swing: the same skin (zero weights, dropped here, add nothing)
    Deformer from_arrays(c), from_structs(built);
    for (int frame = 0; frame <= 30; ++frame) {
        from_arrays.update(frame / 60.0, clip_sampler(c.skeleton, c.clips[0], false), DynamicSettings{});
        from_structs.update(frame / 60.0, clip_sampler(built.skeleton, built.clips[0], false), DynamicSettings{});
    }
    for (std::size_t i = 0; i < c.mesh.vertex_count(); ++i)
        ASSERT_LT(glm::distance(from_arrays.positions()[i], from_structs.positions()[i]), 1e-6f) << i;

    auto refused = [](CharacterArrays bad, const std::string& words) {
        try {
            character_from_arrays(bad);
            ADD_FAILURE() << "accepted: " << words;
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
        }
    };
    CharacterArrays bad = a;
    bad.weights[0] = 0.5f;
    refused(bad, "sum to");
    bad = a;
    bad.parents = {1, 0};
    refused(bad, "before its child");
    bad = a;
    bad.joints.back() = 7;  // the tip's second influence, weight 1
    refused(bad, "joint 7");
    bad = a;
    bad.positions[2].y = std::nanf("");
    refused(bad, "not finite");
    bad = a;
    bad.rest[1] = glm::mat4(0.0f);
    refused(bad, "singular");
    bad = a;
    bad.weights.pop_back();
    refused(bad, "entries");
    bad = a;
    bad.triangles.push_back(1000);
    refused(bad, "multiple of 3");
}

}  // namespace
}  // namespace dynskin
