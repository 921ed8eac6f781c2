// dynskin's joint level for the web packages (dynskin-three, dynskin-babylon), as a
// WebAssembly module (embind): a Character built from an engine's arrays of a skinned mesh
// (character_arrays.h), its JointRig and one JointDynamics updated each frame from the
// bones' parent-local transforms, and what the vertex shader reads (the
// public joint-level API of docs/engine-api.md): the joint rows, the skinning constants, the
// dLBS rotation ring, and the per-vertex tables built once. The per-vertex stage itself runs
// in the engine's shader (dist/skinning-stage.js, generated from shaders/skinning.vert).
//
// The per-frame calls take and return numbers only: the bones are written by JavaScript
// straight into a buffer of this module (locals()), and the rows, the constants and the ring
// are read through views of its memory, so that a frame allocates nothing on either side.
// Errors come back as a status (0: fine) with the message in error(), rather than as C++
// exceptions, which embind would hand to JavaScript as bare numbers.

#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>
#include <wasm_simd128.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include <glm/gtc/type_ptr.hpp>

#include "dynskin/character_arrays.h"
#include "dynskin/deformer.h"
#include "dynskin/joint_level.h"
#include "dynskin/measurement_clock.h"
#include "dynskin/pose_frames.h"
#include "dynskin/rig_defaults.h"
#include "dynskin/settings_json.h"
#include "dynskin/shader_layout.h"

using emscripten::val;

namespace {

template <typename T>
std::vector<T> numbers(const val& array) {
    if (array.isUndefined() || array.isNull()) return {};
    return emscripten::convertJSArrayToNumberVector<T>(array);
}

template <typename T>
val view(const T* data, std::size_t count) {
    return val(emscripten::typed_memory_view(count, data));
}

template <typename T>
val view(const std::vector<T>& data) {
    return view(data.data(), data.size());
}

std::vector<glm::mat4> matrices(const std::vector<float>& columns) {
    std::vector<glm::mat4> out(columns.size() / 16);
    for (std::size_t j = 0; j < out.size(); ++j) out[j] = glm::make_mat4(columns.data() + 16 * j);
    return out;
}

// Texels of a table holding `count` of them: whole rows of the shader's table width, so
// that a texture of that width can take a view of them as it is.
std::size_t table_texels(std::size_t count) {
    const std::size_t width = dynskin::kTexelTableWidth;
    return std::max<std::size_t>(1, (count + width - 1) / width) * width;
}

double clock_time = 0.0;  // of the per-frame calls, written by JavaScript (JointLevel::clock())

// A Trs is 10 floats, in the order JavaScript writes a bone (locals()).
constexpr std::size_t kFloatsPerTrs = 10;
static_assert(sizeof(dynskin::Trs) == kFloatsPerTrs * sizeof(float) && offsetof(dynskin::Trs, rotation) == 3 * sizeof(float) &&
                  offsetof(dynskin::Trs, scale) == 7 * sizeof(float) && offsetof(glm::quat, x) == 0 &&
                  offsetof(glm::quat, w) == 3 * sizeof(float),
              "a Trs is translation xyz, rotation xyzw, scale xyz");

std::int64_t ring_slot(dynskin::Tick tick, int ticks) { return ((tick % ticks) + ticks) % ticks; }

// What JavaScript reads after each advance, by index into values(): first the skinning
// constants named as the stage's uniforms (dynskin_NAME): the core's uniform table
// (dynskin/shader_layout.h), then the rotation ring's; then the bounding sphere.
const char* const kRingUniformNames[] = {"ring_ticks", "rows_kept", "newest_row"};
enum AfterTheTable : int {
    kRingTicks,
    kRowsKept,
    kNewestRow,
    kBoundX,  // the bounding sphere, after the uniforms
    kBoundY,
    kBoundZ,
    kBoundRadius,
    kAfterTheTable,
};
std::size_t table_uniforms() { return dynskin::skinning_uniform_table().size(); }

// The integers beside them, by index into ring_state(): the ring's length in ticks, its
// newest tick and the history's restarts, from which JavaScript knows which of its rows are
// new since it last uploaded them.
enum RingState : int { kRotationTicks, kNewestTick, kHistoryRestarts, kRingStateCount };

}  // namespace

// One skeleton and the skin bound to it (all the engine's meshes that share the skeleton,
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
            arrays.name = "skinned mesh";
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
            auto rig = std::make_unique<dynskin::JointRig>(*character);
            auto dynamics = std::make_unique<dynskin::JointDynamics>(*rig);
            // A Deformer makes the per-vertex tables, once; the frames need the joint level alone.
            const dynskin::Deformer deformer(*character);
            reference_.reset();
            dynamics_ = std::move(dynamics);
            rig_ = std::move(rig);
            character_ = std::move(character);
            build_tables(deformer);
            rest_bound();
            const std::size_t joint_count = std::size_t(rig_->joint_count());
            frames_ = std::make_unique<dynskin::PoseFrames>(rig_->joint_count());
            sampler_ = frames_->sampler();
            locals_.assign(joint_count, dynskin::Trs{});
            object_ = dynskin::Trs{};
            rows_.assign((table_texels(joint_count * dynskin::kJointRowTexels) + dynskin::kJointRowTexels - 1) /
                             dynskin::kJointRowTexels,
                         dynskin::JointRow{});
            settings_.joints.assign(joint_count, dynskin::JointSettings{});
            std::fill(values_.begin(), values_.end(), 0.0f);
            ring_state_.fill(0);
            ring_.clear();
            ring_restarts_ = -1;
            ring_ticks_ = 0;
            ring_newest_ = 0;
            write_values(dynamics_->skinning_constants(settings_.parameters));  // before any frame
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
            if (rig_) settings.joints.resize(std::size_t(rig_->joint_count()));
            settings_ = std::move(settings);
            return "";
        } catch (const std::exception& e) {
            return e.what();
        }
    }
    std::string settings_json() const { return dynskin::io::settings_to_json_text(settings_); }

    void reset() {
        if (!dynamics_) return;
        dynamics_->reset();
        frames_->clear();
        if (reference_) reference_->reset();
    }

    // The per-frame calls below run at the time t (seconds) in clock(), where JavaScript
    // writes it first: a fraction passed as an argument would be a number JavaScript
    // allocates at every call.

    // The bones at time t, as written into locals(): a frame for the clock, whose advance()
    // then samples the pose between frames. 0, or 1 with the reason in error(). Added without
    // throwing (PoseFrames::try_add): Emscripten's exception catching sends every call
    // inside a try block through JavaScript.
    int add_frame() {
        if (!dynamics_) return fail("no character");
        return status(frames_->try_add(clock_time, locals_, object_));
    }
    // add_frame for a frame before the newest one added (PoseFrames::try_add_before_newest):
    // a runtime that poses its animation at the tick after the frame first, then at the frame,
    // where it stays.
    int add_frame_before_newest() {
        if (!dynamics_) return fail("no character");
        return status(frames_->try_add_before_newest(clock_time, locals_, object_));
    }

    // The joint level at time t, from the frames given: the rows, values() and the ring are
    // then current (and the reference's positions, when it is on).
    void advance() {
        if (!dynamics_) return;
        dynamics_->update(clock_time, sampler_, settings_);
        if (reference_) reference_->update(clock_time, sampler_, settings_);
        const dynskin::SkinningConstants c = dynamics_->skinning_constants(settings_.parameters);
        // What the stage reads under these constants: the table's other texels keep what they held.
        dynamics_->write_joint_rows(rows_.data(), dynskin::stage_reads(c));
        if (c.delayed) update_ring(c);
        write_values(c);
    }

    // The clock alone to time t (a tick between the frames a late frame covers): advance()
    // without writing what the shader reads, which the frame's last advance() writes.
    void measure() {
        if (!dynamics_) return;
        dynamics_->advance_clock(clock_time, sampler_, settings_);
        if (reference_) reference_->update(clock_time, sampler_, settings_);
    }

    // add_frame and advance at the same time t: 0, or 1 and error().
    int update() {
        const int status = add_frame();
        if (status == 0) advance();
        return status;
    }

    // Where JavaScript writes the time of the next per-frame calls (one double, for every
    // character).
    static val clock() { return view(&clock_time, 1); }

    // Why the last call that returned 1 failed.
    std::string error() const { return error_; }

    int joint_count() const { return rig_ ? rig_->joint_count() : 0; }
    int vertex_count() const { return character_ ? int(character_->mesh.vertex_count()) : 0; }
    float size() const { return rig_ ? rig_->size() : 1.0f; }

    // Where JavaScript writes the bones before add_frame: J x 10 floats, translation xyz,
    // rotation xyzw, scale xyz, parent-local (the Trs themselves). Like every view below, it
    // lasts until this module's memory grows (its buffer then changes): take it again then.
    val locals() const { return view(reinterpret_cast<const float*>(locals_.data()), locals_.size() * kFloatsPerTrs); }
    // Where JavaScript writes where the character's whole object is (Pose::object: the
    // runtime's root in the world, which the roots' transforms include), 10 floats as a bone;
    // identity until written. The object_motion setting takes its share of the motion out.
    val object() const { return view(reinterpret_cast<const float*>(&object_), kFloatsPerTrs); }
    // kJointRowTexels RGBA texels per joint, after advance(), in whole rows of the table width.
    val joint_rows() const {
        return view(reinterpret_cast<const float*>(rows_.data()), rows_.size() * sizeof(dynskin::JointRow) / sizeof(float));
    }
    // After advance(): the uniforms' values (uniformNames() in order, booleans as 0 and 1),
    // then the bounding sphere's centre and radius (world) around the deformed skin.
    val values() const { return view(values_.data(), values_.size()); }
    static val uniform_names() {
        val names = val::array();
        for (const dynskin::SkinningUniform& u : dynskin::skinning_uniform_table()) names.call<void>("push", std::string(u.name));
        for (const char* name : kRingUniformNames) names.call<void>("push", std::string(name));
        return names;
    }
    // dLBS: ring_state()[0] (rotation_ticks) rows of joint_count() rotations (x, y, z, w), row =
    // tick mod rotation_ticks, in whole rows of the table width; the ring state's newest tick
    // and restarts say which rows changed (all of them after a restart or a new length). The
    // ring is made again, and ring() must be taken again, when its length changes.
    val ring() const { return view(ring_); }
    val ring_state() const { return view(ring_state_.data(), ring_state_.size()); }

    static double ticks_per_second() { return dynskin::kTicksPerSecond; }  // the measurement clock
    static int table_width() { return dynskin::kTexelTableWidth; }
    static int joint_row_texels() { return dynskin::kJointRowTexels; }

    // Built once: per vertex (influence offset, count, beta offset, count) and the painted
    // layers (bend, floppy, squash); the (joint, weight) pairs; the (joint, beta, skeleton
    // distance / L, 0) entries; the inverse binds, 16 floats a joint. release_tables() frees
    // them once they are on the GPU.
    val ranges() const { return view(ranges_); }
    val layers() const { return view(layers_); }
    val influences() const { return view(influences_); }
    val betas() const { return view(betas_); }
    val inverse_binds() const { return view(inverse_binds_); }
    void release_tables() {
        for (std::vector<float>* table : {&ranges_, &layers_, &influences_, &betas_, &inverse_binds_}) {
            table->clear();
            table->shrink_to_fit();
        }
    }

    // Bytes of the module's memory in use (by every character): what a character costs is
    // the difference it makes.
    static double heap_bytes_in_use() { return double(mallinfo().uordblks); }

    // The GLSL constants the shader reads (the joint row's texels, the shared constants, the
    // table width), from the same function the desktop shader gets them from.
    static std::string shader_constants() { return dynskin::skinning_shader_constants(); }
    // The settings of a rig that comes without any (dynskin/rig_defaults.h), which do not
    // depend on the rig beyond its joints.
    static std::string unseen_rig_settings_json() {
        return dynskin::io::settings_to_json_text(dynskin::settings_for_unseen_rig(dynskin::Character{}));
    }

    // The reference: a Deformer fed the same frames, which runs the whole method on the CPU
    // (Deformer::update). For tests and debugging.
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
        return view(reinterpret_cast<const float*>(p.data()), p.size() * 3);
    }

    int fail(const char* message) {
        error_ = message;
        return 1;
    }
    // 0 for no problem, else 1 with the problem in error().
    int status(std::string problem) {
        if (problem.empty()) return 0;
        error_ = std::move(problem);
        return 1;
    }

    // The rotation history's ticks since the last advance (all of them after a restart or a
    // new length) into the ring, as gl/gpu_skinning.cpp's update_rotation_ring does.
    void update_ring(const dynskin::SkinningConstants& c) {
        const std::size_t joints = std::size_t(rig_->joint_count());
        const int ticks = c.rotation_ticks;
        const bool renewed = c.history_restarts != ring_restarts_ || ticks != ring_ticks_;
        if (ticks != ring_ticks_) ring_.assign(table_texels(std::size_t(ticks) * joints) * 4, 0.0f);
        const dynskin::Tick newest = c.newest_tick, oldest = newest - ticks + 1;
        const dynskin::Tick first = renewed ? oldest : std::max(ring_newest_ + 1, oldest);
        for (dynskin::Tick tick = first; tick <= newest; ++tick) {
            const glm::quat* q = dynamics_->local_rotations_at(tick);
            if (!q) continue;
            float* row = &ring_[std::size_t(ring_slot(tick, ticks)) * joints * 4];
            for (std::size_t j = 0; j < joints; ++j) {
                row[4 * j] = q[j].x;
                row[4 * j + 1] = q[j].y;
                row[4 * j + 2] = q[j].z;
                row[4 * j + 3] = q[j].w;
            }
        }
        ring_newest_ = newest;
        ring_restarts_ = c.history_restarts;
        ring_ticks_ = ticks;
    }

    void write_values(const dynskin::SkinningConstants& c) {
        const int ticks = std::max(ring_ticks_, 1);
        const auto& table = dynskin::skinning_uniform_table();
        for (std::size_t i = 0; i < table.size(); ++i) values_[i] = float(table[i].value(c));
        after_the_table(kRingTicks) = float(ticks);
        after_the_table(kRowsKept) = float(ticks);
        after_the_table(kNewestRow) = float(ring_slot(ring_newest_, ticks));
        ring_state_[kRotationTicks] = ring_ticks_;
        ring_state_[kNewestTick] = std::int32_t(ring_newest_);
        ring_state_[kHistoryRestarts] = ring_restarts_;
        grow_bound(c);
    }

    // Frustum culling. A vertex skinned by LBS lies within R (the rest's bounding radius,
    // times the skinning's largest scale) of the points S_j c where the skinning matrices take
    // the rest's centre c: a sphere around those, grown by the offsets' soft limit (max_offset,
    // never reached). Without that limit the offsets have no bound, and dLBS's delayed poses are
    // not those of S_j: a generous margin of twice the rest's diameter stands in for each.
    void grow_bound(const dynskin::SkinningConstants& c) {
        const int joints = rig_->joint_count();
        // In WebAssembly's SIMD, a matrix column a vector: glm's vectors compiled to single lanes
        // read in and out one at a time, which made the bound a twelfth of the core's frame. The
        // points' w, 1 for an affine matrix, adds nothing below (a projective one's only grows
        // the bound). The same floats as glm's products and dot products, summed in their order.
        const v128_t cx = wasm_f32x4_splat(rest_centre_.x), cy = wasm_f32x4_splat(rest_centre_.y),
                     cz = wasm_f32x4_splat(rest_centre_.z);
        v128_t low = wasm_f32x4_splat(INFINITY), high = wasm_f32x4_splat(-INFINITY);
        v128_t scales = wasm_f32x4_splat(0.0f);  // the 3 x 3 part's columns' squared lengths, a lane each: the most
        for (int j = 0; j < joints; ++j) {
            const float* s = glm::value_ptr(rows_[j].skinning);
            const v128_t c0 = wasm_v128_load(s), c1 = wasm_v128_load(s + 4), c2 = wasm_v128_load(s + 8),
                         c3 = wasm_v128_load(s + 12);
            const v128_t p = wasm_f32x4_add(wasm_f32x4_add(wasm_f32x4_mul(c0, cx), wasm_f32x4_mul(c1, cy)),
                                            wasm_f32x4_add(wasm_f32x4_mul(c2, cz), c3));
            wasm_v128_store(glm::value_ptr(bound_points_[j]), p);
            low = wasm_f32x4_pmin(low, p);  // p < low ? p : low, lane by lane, as glm::min
            high = wasm_f32x4_pmax(high, p);
            // Each column's squares, the three columns turned into rows (x, y, z of every column).
            const v128_t q0 = wasm_f32x4_mul(c0, c0), q1 = wasm_f32x4_mul(c1, c1), q2 = wasm_f32x4_mul(c2, c2);
            const v128_t xy = wasm_i32x4_shuffle(q0, q1, 0, 4, 1, 5), zw = wasm_i32x4_shuffle(q0, q1, 2, 6, 3, 7);
            const v128_t x = wasm_i32x4_shuffle(xy, q2, 0, 1, 4, 4), y = wasm_i32x4_shuffle(xy, q2, 2, 3, 5, 5),
                         z = wasm_i32x4_shuffle(zw, q2, 0, 1, 6, 6);
            scales = wasm_f32x4_pmax(scales, wasm_f32x4_add(wasm_f32x4_add(x, y), z));
        }
        const float scale = std::max({wasm_f32x4_extract_lane(scales, 0), wasm_f32x4_extract_lane(scales, 1),
                                      wasm_f32x4_extract_lane(scales, 2)});  // squared
        const v128_t centre = wasm_f32x4_mul(wasm_f32x4_splat(0.5f), wasm_f32x4_add(low, high));
        v128_t farthest = wasm_f32x4_splat(0.0f);  // squared, in every lane
        for (int j = 0; j < joints; ++j) {
            const v128_t d = wasm_f32x4_sub(wasm_v128_load(glm::value_ptr(bound_points_[j])), centre);
            const v128_t d2 = wasm_f32x4_mul(d, d);
            const v128_t pairs = wasm_f32x4_add(d2, wasm_i32x4_shuffle(d2, d2, 1, 0, 3, 2));  // x + y, z + w
            farthest = wasm_f32x4_pmax(farthest, wasm_f32x4_add(pairs, wasm_i32x4_shuffle(pairs, pairs, 2, 3, 0, 1)));
        }
        const float margin = 4.0f * rest_radius_;
        // (1e-4: the rest's farthest vertices lie on the bound, give or take float rounding)
        const float radius = std::sqrt(wasm_f32x4_extract_lane(farthest, 0)) + rest_radius_ * std::sqrt(scale) * (1.0f + 1e-4f) +
                             (c.bend ? (c.max_offset > 0.0f ? c.max_offset : margin) : 0.0f) + (c.delayed ? margin : 0.0f);
        after_the_table(kBoundX) = wasm_f32x4_extract_lane(centre, 0);
        after_the_table(kBoundY) = wasm_f32x4_extract_lane(centre, 1);
        after_the_table(kBoundZ) = wasm_f32x4_extract_lane(centre, 2);
        after_the_table(kBoundRadius) = radius;
    }

    // The rest's bounding sphere: the centre of its box, the farthest vertex from it.
    void rest_bound() {
        const std::vector<glm::vec3>& p = character_->mesh.rest_positions;
        glm::vec3 low(INFINITY), high(-INFINITY);
        for (const glm::vec3& v : p) {
            low = glm::min(low, v);
            high = glm::max(high, v);
        }
        rest_centre_ = p.empty() ? glm::vec3(0.0f) : 0.5f * (low + high);
        rest_radius_ = 0.0f;
        for (const glm::vec3& v : p) rest_radius_ = std::max(rest_radius_, glm::distance(rest_centre_, v));
        bound_points_.assign(std::size_t(rig_->joint_count()), glm::vec4(0.0f));
    }

    void build_tables(const dynskin::Deformer& deformer) {
        const dynskin::SkinnedMesh& mesh = character_->mesh;
        const dynskin::HierarchicalWeights& h = deformer.hierarchical_weights();
        const std::vector<float> distances = deformer.delay_distances();
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
    }

    // Declared in this order so that each is destroyed before what it refers to.
    std::unique_ptr<dynskin::Character> character_;
    std::unique_ptr<dynskin::JointRig> rig_;
    std::unique_ptr<dynskin::JointDynamics> dynamics_;
    std::unique_ptr<dynskin::Deformer> reference_;
    std::unique_ptr<dynskin::PoseFrames> frames_;
    dynskin::PoseSampler sampler_;
    dynskin::DynamicSettings settings_;
    std::vector<dynskin::Trs> locals_;
    dynskin::Trs object_;
    std::vector<dynskin::JointRow> rows_;
    std::vector<float> values_ = std::vector<float>(table_uniforms() + kAfterTheTable, 0.0f);
    float& after_the_table(AfterTheTable index) { return values_[table_uniforms() + index]; }
    std::array<std::int32_t, kRingStateCount> ring_state_{};
    std::vector<float> ranges_, layers_, influences_, betas_, inverse_binds_, ring_;
    glm::vec3 rest_centre_{0.0f};
    float rest_radius_ = 0.0f;
    std::vector<glm::vec4> bound_points_;  // grow_bound's, kept to allocate nothing a frame
    int ring_restarts_ = -1;
    int ring_ticks_ = 0;
    dynskin::Tick ring_newest_ = 0;
    std::string error_;
};

EMSCRIPTEN_BINDINGS(dynskin_joint_level) {
    emscripten::class_<JointLevel>("JointLevel")
        .constructor<>()
        .function("build", &JointLevel::build)
        .function("setSettings", &JointLevel::set_settings)
        .function("settingsJson", &JointLevel::settings_json)
        .function("reset", &JointLevel::reset)
        .function("update", &JointLevel::update)
        .function("addFrame", &JointLevel::add_frame)
        .function("addFrameBeforeNewest", &JointLevel::add_frame_before_newest)
        .function("advance", &JointLevel::advance)
        .function("measure", &JointLevel::measure)
        .function("error", &JointLevel::error)
        .function("jointCount", &JointLevel::joint_count)
        .function("vertexCount", &JointLevel::vertex_count)
        .function("size", &JointLevel::size)
        .function("locals", &JointLevel::locals)
        .function("object", &JointLevel::object)
        .function("jointRows", &JointLevel::joint_rows)
        .function("values", &JointLevel::values)
        .function("ring", &JointLevel::ring)
        .function("ringState", &JointLevel::ring_state)
        .function("ranges", &JointLevel::ranges)
        .function("layers", &JointLevel::layers)
        .function("influences", &JointLevel::influences)
        .function("betas", &JointLevel::betas)
        .function("inverseBinds", &JointLevel::inverse_binds)
        .function("releaseTables", &JointLevel::release_tables)
                .function("enableReference", &JointLevel::enable_reference)
        .function("referencePositions", &JointLevel::reference_positions)
        .function("referenceBasePositions", &JointLevel::reference_base_positions)
        .class_function("clock", &JointLevel::clock)
        .class_function("uniformNames", &JointLevel::uniform_names)
        .class_function("ticksPerSecond", &JointLevel::ticks_per_second)
        .class_function("tableWidth", &JointLevel::table_width)
        .class_function("jointRowTexels", &JointLevel::joint_row_texels)
        .class_function("heapBytesInUse", &JointLevel::heap_bytes_in_use)
        .class_function("shaderConstants", &JointLevel::shader_constants)
        .class_function("unseenRigSettingsJson", &JointLevel::unseen_rig_settings_json);
}
