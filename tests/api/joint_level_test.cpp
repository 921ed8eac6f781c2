// The joint level as the contract an engine implements against (docs/engine-api.md): the
// per-vertex stage written again here from the public data alone (JointRow, SkinningConstants,
// the hierarchical weights and the painted layers) gives the deformer's own skin. This target
// sees only include/dynskin/, so nothing here can lean on dynskin's private code.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include <glm/gtx/rotate_vector.hpp>

#include "dynskin/deformer.h"
#include "dynskin/gltf_loader.h"
#include "dynskin/joint_row.h"
#include "dynskin/pose_sampler.h"
#include "dynskin/shader_layout.h"
#include "dynskin/skinning_constants.h"

namespace dynskin {
namespace {

// docs/engine-api.md, "Soft limits": values up to half the limit pass unchanged, larger ones
// ease toward it.
float soft_limit(float x, float limit) {
    if (!(limit > 0.0f) || std::isinf(limit)) return x;
    const float knee = 0.5f * limit, magnitude = std::abs(x);
    if (magnitude <= knee) return x;
    return std::copysign(knee + knee * std::tanh((magnitude - knee) / knee), x);
}

// docs/engine-api.md, "The per-vertex stage", for the LBS base without squash: skin the rest
// position, then for each joint of the vertex's row turn it about the joint's origin and lag
// it behind the joint's translation, weighted by beta; limit the whole offset.
std::vector<glm::vec3> per_vertex_stage(const Deformer& deformer, const SkinnedMesh& mesh,
                                        const std::vector<JointRow>& rows, const SkinningConstants& c) {
    const HierarchicalWeights& betas = deformer.hierarchical_weights();
    const RestShape rest = deformer.rest_shape();
    std::vector<glm::vec3> positions(mesh.vertex_count());
    for (std::size_t i = 0; i < positions.size(); ++i) {
        glm::mat4 blend(0.0f);
        for (std::uint32_t e = mesh.weights.offsets[i]; e < mesh.weights.offsets[i + 1]; ++e)
            blend += mesh.weights.weights[e] * rows[mesh.weights.joints[e]].skinning;
        const glm::vec3 p = glm::vec3(blend * glm::vec4(rest.positions[i], 1.0f));
        glm::vec3 offset(0.0f);
        const float gamma = mesh.bend_weights[i];
        const float floppy = mesh.floppy_weights.empty() ? 1.0f : mesh.floppy_weights[i];
        for (std::uint32_t e = betas.offsets[i]; c.bend && e < betas.offsets[i + 1]; ++e) {
            const JointRow& row = rows[betas.joints[e]];
            const float beta = betas.betas[e];
            const float k = gamma * row.angular_gain.w / c.size;
            const glm::vec3 u = p - glm::vec3(row.origin);
            const glm::vec3 w = glm::vec3(row.angular_gain) + (floppy - 1.0f) * glm::vec3(row.angular_drag);
            const glm::vec3 v = glm::vec3(row.linear) + (floppy - 1.0f) * glm::vec3(row.linear_drag);
            if (glm::length(w) > 0.0f) {
                const float theta = soft_limit(-k * glm::length(glm::cross(w, u)), c.max_angle);
                offset += beta * (glm::rotate(u, theta, glm::normalize(w)) - u);
            }
            offset -= beta * k * glm::length(u) * v;
        }
        const float length = glm::length(offset);
        if (c.max_offset > 0.0f && length > 0.0f) offset *= soft_limit(length, c.max_offset) / length;
        positions[i] = p + offset;
    }
    return positions;
}

float largest_distance(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b) {
    float largest = 0.0f;
    for (std::size_t i = 0; i < a.size(); ++i) largest = std::max(largest, glm::distance(a[i], b[i]));
    return largest;
}

io::LoadedCharacter bundled(const std::string& name) { return io::load_gltf(std::string(DYNSKIN_SOURCE_DIR) + "/assets/" + name + ".glb"); }

TEST(JointLevel, RowsAndConstantsAloneGiveTheDeformersSkin) {
    for (const std::string name : {"cow", "giraffe", "octopus"}) {
        const io::LoadedCharacter loaded = bundled(name);
        const Character& c = loaded.character;
        ASSERT_FALSE(c.clips.empty()) << name;
        const PoseSampler clip = clip_sampler(c.skeleton, c.clips.front(), true);
        for (const DeformerMode mode : {DeformerMode::DynamicSkinning, DeformerMode::DragOnly, DeformerMode::LbsOnly}) {
            DynamicSettings settings;
            settings.parameters.mode = mode;
            settings.parameters.oscillation.amplitude = 0.4f;  // wobbles large enough to see
            Deformer deformer(c);
            // Only what the stage reads is written: the rest stays NaN, and would show.
            JointRow unwritten;
            std::fill_n(&unwritten.skinning[0].x, sizeof(JointRow) / sizeof(float), std::nanf(""));
            std::vector<JointRow> rows(static_cast<std::size_t>(deformer.joint_count()), unwritten);
            float worst = 0.0f, moved = 0.0f;
            for (int frame = 0; frame <= 100; ++frame) {
                deformer.update(frame / 37.0, clip, settings);
                if (frame % 25 != 0) continue;
                deformer.write_joint_rows(rows.data(), stage_reads(deformer.skinning_constants(settings.parameters)));
                const std::vector<glm::vec3> mine =
                    per_vertex_stage(deformer, c.mesh, rows, deformer.skinning_constants(settings.parameters));
                worst = std::max(worst, largest_distance(mine, deformer.positions()) / deformer.size());
                moved = std::max(moved, largest_distance(deformer.positions(), deformer.base_positions()) / deformer.size());
            }
            EXPECT_LT(worst, 1e-5f) << name << " mode " << int(mode);
            if (mode != DeformerMode::LbsOnly) {
                EXPECT_GT(moved, 1e-3f) << name << ": nothing to compare";
            }
        }
    }
}

TEST(JointLevel, RowsFollowTheirDocumentedLayout) {
    static_assert(sizeof(JointRow) == kJointRowTexels * 4 * sizeof(float));
    EXPECT_EQ(offsetof(JointRow, angular_gain), 4 * sizeof(glm::vec4));
    EXPECT_EQ(offsetof(JointRow, translation_parent), 9 * sizeof(glm::vec4));
    EXPECT_EQ(offsetof(JointRow, medial), 18 * sizeof(glm::vec4));

    const io::LoadedCharacter loaded = bundled("giraffe");
    const Character& c = loaded.character;
    Deformer deformer(c);
    deformer.update(0.5, clip_sampler(c.skeleton, c.clips.front(), true), DynamicSettings{});
    ASSERT_EQ(deformer.joint_count(), c.skeleton.joint_count());
    for (int j = 0; j < deformer.joint_count(); ++j) {
        const JointRow row = deformer.joint_row(j);
        const glm::mat4 skinning = deformer.globals()[j] * c.mesh.inverse_binds[j];
        for (int k = 0; k < 4; ++k) EXPECT_EQ(row.skinning[k], skinning[k]) << "joint " << j;
        EXPECT_EQ(row.translation_parent.w, float(c.skeleton.parents[j]));
        EXPECT_EQ(glm::vec3(row.position), glm::vec3(deformer.globals()[j][3]));
        const glm::quat& r = deformer.pose().local[j].rotation;
        EXPECT_EQ(row.rotation, glm::vec4(r.x, r.y, r.z, r.w));
        EXPECT_FLOAT_EQ(std::abs(glm::dot(row.dual_real, row.dual_real)), 1.0f);
        EXPECT_EQ(row.origin.w, 1.0f);
    }
}

TEST(JointLevel, ConstantsSayWhatTheShaderNeeds) {
    const io::LoadedCharacter loaded = bundled("cow");
    const Character& c = loaded.character;
    Deformer deformer(c);
    DynamicSettings settings;
    settings.parameters.max_offset = 0.2f;
    settings.parameters.base = SkinningBase::DualQuaternion;
    deformer.update(1.0 + 0.25 / kTicksPerSecond, clip_sampler(c.skeleton, c.clips.front(), true), settings);
    SkinningConstants k = deformer.skinning_constants(settings.parameters);
    EXPECT_EQ(k.size, deformer.size());
    EXPECT_FLOAT_EQ(k.max_offset, 0.2f * deformer.size());  // in units, not sizes
    EXPECT_TRUE(k.dual_quaternion && k.bend && !k.delayed);
    EXPECT_EQ(k.newest_tick, 61);  // the first tick at or after t
    EXPECT_NEAR(k.since_previous_tick, 0.25f, 1e-4f);

    settings.parameters.propagation_speed = 2.0f;
    settings.parameters.mode = DeformerMode::LbsOnly;
    k = deformer.skinning_constants(settings.parameters);
    EXPECT_TRUE(k.delayed && !k.bend);
    EXPECT_EQ(k.propagation_speed, 2.0f);
    // The rotation history: every kept tick has a row, the ticks outside have none (dLBS
    // was off in the update: the two newest ticks are kept).
    EXPECT_EQ(k.rotation_ticks, 2);
    EXPECT_NE(deformer.local_rotations_at(k.newest_tick), nullptr);
    EXPECT_NE(deformer.local_rotations_at(k.newest_tick - k.rotation_ticks + 1), nullptr);
    EXPECT_EQ(deformer.local_rotations_at(k.newest_tick + 1), nullptr);
    EXPECT_EQ(deformer.local_rotations_at(k.newest_tick - k.rotation_ticks), nullptr);
    // With dLBS on in the update, as many ticks as the longest delay at c reaches back.
    deformer.update(1.2, clip_sampler(c.skeleton, c.clips.front(), true), settings);
    k = deformer.skinning_constants(settings.parameters);
    const std::vector<float> distances = deformer.delay_distances();
    const float longest = *std::max_element(distances.begin(), distances.end());
    EXPECT_GE(k.rotation_ticks, longest / 2.0f * kTicksPerSecond + 2.0);
    EXPECT_LE(k.rotation_ticks, kHistoryTicks);
    EXPECT_NE(deformer.local_rotations_at(k.newest_tick - k.rotation_ticks + 1), nullptr);
    EXPECT_EQ(deformer.local_rotations_at(k.newest_tick - k.rotation_ticks), nullptr);
    const int restarts = k.history_restarts;
    deformer.reset();
    deformer.update(1.1, clip_sampler(c.skeleton, c.clips.front(), true), settings);
    EXPECT_NE(deformer.skinning_constants(settings.parameters).history_restarts, restarts);
}

TEST(JointLevel, TheStageReadsTheRowPartsItsSwitchesTurnOn) {
    // The parts follow the constants the parameters give a deformer whose history has started.
    const io::LoadedCharacter loaded = bundled("cow");
    Deformer deformer(loaded.character);
    deformer.update(1.0, clip_sampler(loaded.character.skeleton, loaded.character.clips.front(), true), DynamicSettings{});
    const auto reads = [&](const DynamicParameters& p) { return stage_reads(deformer.skinning_constants(p)); };
    DynamicParameters p;
    JointRowParts parts = reads(p);  // the defaults: LBS, no dLBS, no squash
    EXPECT_FALSE(parts.dual_quaternion || parts.local_transform || parts.squash);
    p.base = SkinningBase::DualQuaternion;
    p.propagation_speed = 2.0f;
    p.squash = 0.1f;
    parts = reads(p);
    EXPECT_TRUE(parts.dual_quaternion && parts.local_transform && parts.squash);
    p.mode = DeformerMode::LbsOnly;  // no bend, hence no squash; the base and dLBS still skin
    parts = reads(p);
    EXPECT_TRUE(parts.dual_quaternion && parts.local_transform && !parts.squash);
    p.propagation_speed = std::numeric_limits<float>::quiet_NaN();
    p.squash = std::numeric_limits<float>::infinity();
    p.mode = DeformerMode::DynamicSkinning;
    parts = reads(p);
    EXPECT_FALSE(parts.local_transform || parts.squash) << "absurd values switch nothing on, as in the constants";
}

TEST(JointLevel, TheRestShapeIsTheMeshsWithoutMorphTargets) {
    const io::LoadedCharacter loaded = bundled("bar");
    Deformer deformer(loaded.character);
    deformer.update(0.0, [&](double, Pose& pose) { pose.local = loaded.character.skeleton.rest; }, DynamicSettings{});
    EXPECT_EQ(&deformer.rest_shape().positions, &loaded.character.mesh.rest_positions);
    EXPECT_EQ(deformer.morph_revision(0), 0u);  // no group: nothing ever changes
    const std::vector<float> distances = deformer.delay_distances();
    EXPECT_EQ(distances.size(), deformer.hierarchical_weights().pair_count());
    EXPECT_TRUE(std::all_of(distances.begin(), distances.end(), [](float d) { return d >= 0.0f && std::isfinite(d); }));
}

}  // namespace
}  // namespace dynskin
