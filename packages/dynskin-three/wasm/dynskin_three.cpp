// dynskin's joint level for three.js, as a WebAssembly module (embind): a Character built
// from three.js's arrays (character_arrays.h), a Deformer that updates the joints each frame
// from the bones' parent-local transforms, and what the vertex shader reads (the public
// joint-level API of docs/engine-api.md): the joint rows, the skinning constants, the dLBS
// rotation ring, and the per-vertex tables built once. The per-vertex stage itself runs in
// the shader (src/shader-chunk.js, generated from shaders/skinning.vert).
//
// Errors come back as strings (empty: fine) rather than C++ exceptions, which embind would
// hand to JavaScript as bare numbers.

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <glm/gtc/type_ptr.hpp>

#include "dynskin/character_arrays.h"
#include "dynskin/deformer.h"
#include "dynskin/measurement_clock.h"
#include "dynskin/pose_frames.h"
#include "dynskin/settings_json.h"
#include "gl/joint_texels.h"

using emscripten::val;

namespace {

template <typename T>
std::vector<T> numbers(const val& array) {
    if (array.isUndefined() || array.isNull()) return {};
    return emscripten::convertJSArrayToNumberVector<T>(array);
}

template <typename T>
val view(const std::vector<T>& data) {
    return val(emscripten::typed_memory_view(data.size(), data.data()));
}

std::vector<glm::mat4> matrices(const std::vector<float>& columns) {
    std::vector<glm::mat4> out(columns.size() / 16);
    for (std::size_t j = 0; j < out.size(); ++j) out[j] = glm::make_mat4(columns.data() + 16 * j);
    return out;
}

}  // namespace

// One skeleton and the skin bound to it (all the three.js meshes that share the skeleton,
// their vertices in a row).
class JointLevel {
public:
    // positions, normals: N x 3 (bind pose, world); joints, weights: N x influences; parents:
    // J; rest, inverse_binds: J x 16 (column-major); triangles: 3 per triangle; bend, floppy,
    // squash: N each or empty (1 everywhere). Returns "" or what is wrong.
    std::string build(val positions, val normals, val triangles, int influences, val joints, val weights,
                      val parents, val rest, val inverse_binds, val bend, val floppy, val squash) {
        try {
            dynskin::CharacterArrays arrays;
            arrays.name = "three.js skinned mesh";
            const std::vector<float> p = numbers<float>(positions), n = numbers<float>(normals);
            arrays.positions.resize(p.size() / 3);
            for (std::size_t i = 0; i < arrays.positions.size(); ++i) arrays.positions[i] = glm::make_vec3(&p[3 * i]);
            arrays.normals.resize(n.size() / 3);
            for (std::size_t i = 0; i < arrays.normals.size(); ++i) arrays.normals[i] = glm::make_vec3(&n[3 * i]);
            arrays.triangles = numbers<std::uint32_t>(triangles);
            arrays.influences_per_vertex = influences;
            const std::vector<int> joint_indices = numbers<int>(joints);
            arrays.joints.assign(joint_indices.begin(), joint_indices.end());
            arrays.weights = numbers<float>(weights);
            arrays.parents = numbers<int>(parents);
            arrays.rest = matrices(numbers<float>(rest));
            arrays.inverse_binds = matrices(numbers<float>(inverse_binds));
            auto character = std::make_unique<dynskin::Character>(dynskin::character_from_arrays(arrays));
            const std::size_t count = character->mesh.vertex_count();
            auto layer = [&](const val& values, std::vector<float>& into, const char* name) {
                std::vector<float> v = numbers<float>(values);
                if (v.empty()) return;
                if (v.size() != count) throw std::invalid_argument(std::string("the ") + name + " layer has " +
                                                                   std::to_string(v.size()) + " values for " +
                                                                   std::to_string(count) + " vertices");
                for (float& x : v)
                    if (!std::isfinite(x)) throw std::invalid_argument(std::string("the ") + name + " layer is not finite");
                into = std::move(v);
            };
            layer(bend, character->mesh.bend_weights, "bend");
            layer(floppy, character->mesh.floppy_weights, "floppy");
            layer(squash, character->mesh.squash_weights, "squash");
            deformer_ = std::make_unique<dynskin::Deformer>(*character);
            deformer_->set_thread_count(1);
            character_ = std::move(character);
            frames_ = std::make_unique<dynskin::PoseFrames>(deformer_->joint_count());
            rows_.assign(std::size_t(deformer_->joint_count()), dynskin::JointRow{});
            locals_.assign(std::size_t(deformer_->joint_count()), dynskin::Trs{});
            settings_.joints.assign(std::size_t(deformer_->joint_count()), dynskin::JointSettings{});
            build_tables();
            reference_.reset();
            return "";
        } catch (const std::exception& e) {
            return e.what();
        }
    }

    // dynskin's settings JSON ({"version":1,"parameters":{...},"joints":[...]}, or a preset's
    // {"parameters":{...}}). Returns "" or the parser's message; bad settings change nothing.
    std::string set_settings(const std::string& json) {
        try {
            dynskin::DynamicSettings settings = dynskin::io::settings_from_json_text(json);
            if (deformer_) settings.joints.resize(std::size_t(deformer_->joint_count()));
            settings_ = std::move(settings);
            return "";
        } catch (const std::exception& e) {
            return e.what();
        }
    }
    std::string settings_json() const { return dynskin::io::settings_to_json_text(settings_); }

    void reset() {
        if (!deformer_) return;
        deformer_->reset();
        frames_->clear();
        if (reference_) reference_->reset();
    }

    // The bones at time t (seconds): J x 10 floats, translation xyz, rotation xyzw, scale xyz,
    // parent-local. A frame for the clock: advance() then samples the pose between frames.
    std::string add_frame(double t, val locals) {
        if (!deformer_) return "no character";
        try {
            read_locals(locals);
            frames_->add(t, locals_);
            return "";
        } catch (const std::exception& e) {
            return e.what();
        }
    }

    // The joint level at time t, from the frames given; the rows, constants and ring are then
    // current (and the reference's positions, when it is on).
    std::string advance(double t) {
        if (!deformer_) return "no character";
        try {
            deformer_->update_joints(t, frames_->sampler(), settings_);
            deformer_->write_joint_rows(rows_.data());
            constants_ = deformer_->skinning_constants(settings_.parameters);
            if (constants_.delayed) update_ring();
            if (reference_) reference_->update(t, frames_->sampler(), settings_);
            return "";
        } catch (const std::exception& e) {
            return e.what();
        }
    }

    // add_frame and advance at the same time t.
    std::string update(double t, val locals) {
        const std::string error = add_frame(t, locals);
        return error.empty() ? advance(t) : error;
    }

    int joint_count() const { return deformer_ ? deformer_->joint_count() : 0; }
    int vertex_count() const { return character_ ? int(character_->mesh.vertex_count()) : 0; }
    float size() const { return deformer_ ? deformer_->size() : 1.0f; }

    // kJointRowTexels x 4 floats per joint, after update().
    val joint_rows() const {
        return val(emscripten::typed_memory_view(rows_.size() * sizeof(dynskin::JointRow) / sizeof(float),
                                                 reinterpret_cast<const float*>(rows_.data())));
    }
    // The skinning constants, named as the shader's uniforms (shaders/skinning.vert).
    val constants() const {
        val c = val::object();
        c.set("character_size", constants_.size);
        c.set("bend_enabled", constants_.bend);
        c.set("dual_quaternion", constants_.dual_quaternion);
        c.set("max_angle", constants_.max_angle);
        c.set("max_offset", constants_.max_offset);
        c.set("squash", constants_.squash);
        c.set("squash_about_centroid", constants_.squash_about_centroid);
        c.set("delayed", constants_.delayed);
        c.set("propagation_speed", constants_.propagation_speed);
        c.set("newest_row", int(ring_slot(constants_.newest_tick)));
        c.set("since_previous_tick", constants_.since_previous_tick);
        return c;
    }
    // dLBS: kHistoryTicks rows of joint_count() rotations (x, y, z, w), row = tick mod
    // kHistoryTicks; ring_changed() says whether rows were written since the last call.
    val ring() const { return view(ring_); }
    bool ring_changed() {
        const bool changed = ring_changed_;
        ring_changed_ = false;
        return changed;
    }
    static int ring_ticks() { return int(dynskin::kHistoryTicks); }
    static double ticks_per_second() { return dynskin::kTicksPerSecond; }  // the measurement clock

    // Built once: per vertex (influence offset, count, beta offset, count) and the painted
    // layers (bend, floppy, squash); the (joint, weight) pairs; the (joint, beta, skeleton
    // distance / L, 0) entries; the inverse binds, 16 floats a joint.
    val ranges() const { return view(ranges_); }
    val layers() const { return view(layers_); }
    val influences() const { return view(influences_); }
    val betas() const { return view(betas_); }
    val inverse_binds() const { return view(inverse_binds_); }

    // The GLSL constants the shader reads (the joint row's texels, the shared constants, the
    // table width), from the same function the desktop shader gets them from.
    static std::string shader_constants() { return dynskin::gl::skinning_shader_constants(); }

    // The reference: a second deformer fed the same frames, which runs the whole method on
    // the CPU (Deformer::update). For tests and debugging.
    void enable_reference() {
        if (character_ && !reference_) {
            reference_ = std::make_unique<dynskin::Deformer>(*character_);
            reference_->set_thread_count(1);
        }
    }
    val reference_positions() const { return reference_ ? vec3_view(reference_->positions()) : vec3_view({}); }
    // The base skinning alone (before the offsets), to see how far the dynamics moved the skin.
    val reference_base_positions() const { return reference_ ? vec3_view(reference_->base_positions()) : vec3_view({}); }

private:
    static val vec3_view(const std::vector<glm::vec3>& p) {
        return val(emscripten::typed_memory_view(p.size() * 3, reinterpret_cast<const float*>(p.data())));
    }

    void read_locals(const val& locals) {
        const std::vector<float> v = numbers<float>(locals);
        if (v.size() != locals_.size() * 10)
            throw std::invalid_argument("update: " + std::to_string(v.size()) + " numbers for " +
                                        std::to_string(locals_.size()) + " joints (10 a joint)");
        for (std::size_t j = 0; j < locals_.size(); ++j) {
            const float* x = &v[10 * j];
            locals_[j].translation = glm::vec3(x[0], x[1], x[2]);
            locals_[j].rotation = glm::quat(x[6], x[3], x[4], x[5]);
            locals_[j].scale = glm::vec3(x[7], x[8], x[9]);
        }
    }

    static std::int64_t ring_slot(dynskin::Tick tick) {
        return ((tick % dynskin::kHistoryTicks) + dynskin::kHistoryTicks) % dynskin::kHistoryTicks;
    }

    // The ticks of the rotation history since the last frame (all of them after a restart),
    // as gl/gpu_skinning.cpp's update_rotation_ring does.
    void update_ring() {
        const std::size_t joints = rows_.size();
        if (ring_.empty()) ring_.assign(std::size_t(dynskin::kHistoryTicks) * joints * 4, 0.0f);
        const dynskin::Tick newest = constants_.newest_tick, oldest = newest - dynskin::kHistoryTicks + 1;
        const dynskin::Tick first =
            constants_.history_restarts != ring_restarts_ ? oldest : std::max(ring_newest_ + 1, oldest);
        for (dynskin::Tick tick = first; tick <= newest; ++tick) {
            const glm::quat* q = deformer_->local_rotations_at(tick);
            if (!q) continue;
            float* row = &ring_[std::size_t(ring_slot(tick)) * joints * 4];
            for (std::size_t j = 0; j < joints; ++j) {
                row[4 * j] = q[j].x;
                row[4 * j + 1] = q[j].y;
                row[4 * j + 2] = q[j].z;
                row[4 * j + 3] = q[j].w;
            }
            ring_changed_ = true;
        }
        ring_newest_ = newest;
        ring_restarts_ = constants_.history_restarts;
    }

    void build_tables() {
        const dynskin::SkinnedMesh& mesh = character_->mesh;
        const dynskin::HierarchicalWeights& h = deformer_->hierarchical_weights();
        const std::vector<float> distances = deformer_->delay_distances();
        const std::size_t count = mesh.vertex_count();
        ranges_.resize(4 * count);
        layers_.resize(3 * count);
        influences_.clear();
        betas_.clear();
        for (std::size_t i = 0; i < count; ++i) {
            const std::uint32_t w0 = mesh.weights.offsets[i], w1 = mesh.weights.offsets[i + 1];
            const std::uint32_t b0 = h.offsets[i], b1 = h.offsets[i + 1];
            ranges_[4 * i] = float(w0);
            ranges_[4 * i + 1] = float(w1 - w0);
            ranges_[4 * i + 2] = float(b0);
            ranges_[4 * i + 3] = float(b1 - b0);
            layers_[3 * i] = mesh.bend_weights.empty() ? 1.0f : mesh.bend_weights[i];
            layers_[3 * i + 1] = dynskin::SkinnedMesh::layer_value(mesh.floppy_weights, i);
            layers_[3 * i + 2] = dynskin::SkinnedMesh::layer_value(mesh.squash_weights, i);
            for (std::uint32_t e = w0; e < w1; ++e) {
                influences_.push_back(float(mesh.weights.joints[e]));
                influences_.push_back(mesh.weights.weights[e]);
                influences_.push_back(0.0f);
                influences_.push_back(0.0f);
            }
            for (std::uint32_t e = b0; e < b1; ++e) {
                betas_.insert(betas_.end(), {float(h.joints[e]), h.betas[e], distances[e], 0.0f});
            }
        }
        inverse_binds_.clear();
        for (const glm::mat4& m : mesh.inverse_binds)
            inverse_binds_.insert(inverse_binds_.end(), glm::value_ptr(m), glm::value_ptr(m) + 16);
        ring_.clear();
        ring_restarts_ = -1;
        ring_newest_ = 0;
    }

    std::unique_ptr<dynskin::Character> character_;
    std::unique_ptr<dynskin::Deformer> deformer_, reference_;
    std::unique_ptr<dynskin::PoseFrames> frames_;
    dynskin::DynamicSettings settings_;
    std::vector<dynskin::Trs> locals_;
    std::vector<dynskin::JointRow> rows_;
    dynskin::SkinningConstants constants_;
    std::vector<float> ranges_, layers_, influences_, betas_, inverse_binds_, ring_;
    int ring_restarts_ = -1;
    dynskin::Tick ring_newest_ = 0;
    bool ring_changed_ = false;
};

EMSCRIPTEN_BINDINGS(dynskin_three) {
    emscripten::class_<JointLevel>("JointLevel")
        .constructor<>()
        .function("build", &JointLevel::build)
        .function("setSettings", &JointLevel::set_settings)
        .function("settingsJson", &JointLevel::settings_json)
        .function("reset", &JointLevel::reset)
        .function("update", &JointLevel::update)
        .function("addFrame", &JointLevel::add_frame)
        .function("advance", &JointLevel::advance)
        .function("jointCount", &JointLevel::joint_count)
        .function("vertexCount", &JointLevel::vertex_count)
        .function("size", &JointLevel::size)
        .function("jointRows", &JointLevel::joint_rows)
        .function("constants", &JointLevel::constants)
        .function("ring", &JointLevel::ring)
        .function("ringChanged", &JointLevel::ring_changed)
        .function("ranges", &JointLevel::ranges)
        .function("layers", &JointLevel::layers)
        .function("influences", &JointLevel::influences)
        .function("betas", &JointLevel::betas)
        .function("inverseBinds", &JointLevel::inverse_binds)
        .function("enableReference", &JointLevel::enable_reference)
        .function("referencePositions", &JointLevel::reference_positions)
        .function("referenceBasePositions", &JointLevel::reference_base_positions)
        .class_function("ringTicks", &JointLevel::ring_ticks)
        .class_function("ticksPerSecond", &JointLevel::ticks_per_second)
        .class_function("shaderConstants", &JointLevel::shader_constants);
}
