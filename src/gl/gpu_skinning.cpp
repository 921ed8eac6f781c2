#include "gl/gpu_skinning.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include <glm/gtc/type_ptr.hpp>

#include "core/deformer_engine.h"
#include "core/formulas/linear_blend_skinning.h"
#include "gl/joint_texels.h"
#include "gl/render_target.h"
#include "gl/texel_table.h"
#include "gl/unique_edges.h"

namespace dynskin::gl {
namespace {

enum Attribute : GLuint {
    kPosition = 0, kNormal = 1, kUv = 2, kColor = 3, kScalar = 4, kRanges = 5, kLayers = 6,
    kInstancePlacement = 7, kInstanceRow = 8
};
enum TextureUnit : GLint { kJointsUnit = 1, kInfluencesUnit = 2, kBetasUnit = 3, kInverseBindsUnit = 4, kRingUnit = 5 };

struct CapturedVertex {
    glm::vec3 position;
    glm::vec3 normal;
};

template <class T>
void upload_attribute(const GlBuffer& buffer, const std::vector<T>& data, GLuint location, int components) {
    buffer.upload(GL_ARRAY_BUFFER, data.size() * sizeof(T), data.data(), GL_STATIC_DRAW);
    glEnableVertexAttribArray(location);
    glVertexAttribPointer(location, components, GL_FLOAT, GL_FALSE, 0, nullptr);
}

template <class T>
void assign_table(TexelTable& table, const std::vector<T>& texels) {
    table.assign(texels.size(), glm::value_ptr(texels.front()));
}

}  // namespace

GpuSkinning::GpuSkinning()
    : draw_program_(GlProgram::from_files("skinning.vert", "mesh.frag", {}, skinning_shader_constants())),
      capture_program_(GlProgram::from_files("skinning.vert", "mesh.frag", {"world_position", "world_normal"},
                                             skinning_shader_constants())),
      vao_(GlVertexArray::create()),
      rest_positions_(GlBuffer::create()),
      rest_normals_(GlBuffer::create()),
      uvs_(GlBuffer::create()),
      colors_(GlBuffer::create()),
      scalars_(GlBuffer::create()),
      ranges_(GlBuffer::create()),
      layers_(GlBuffer::create()),
      indices_(GlBuffer::create()),
      edges_(GlBuffer::create()),
      influences_(TexelTable::create(2)),
      betas_(TexelTable::create(4)),
      joints_(TexelTable::create(4)),
      inverse_binds_(TexelTable::create(4)),
      rotation_ring_(TexelTable::create(4)),
      feedback_(GlBuffer::create()),
      instance_placements_(GlBuffer::create()),
      instance_rows_(GlBuffer::create()) {
    check_errors("creating the GPU skinning");
}

void GpuSkinning::set_mesh(const Character& character, const Deformer& deformer,
                           const std::vector<glm::vec2>& texture_uvs) {
    const SkinnedMesh& mesh = character.mesh;
    const HierarchicalWeights& betas = deformer.engine().hierarchical_weights();
    const std::vector<float> distances = skeleton_distances(character.skeleton, mesh, betas, deformer.size());
    vertex_count_ = mesh.vertex_count();
    glBindVertexArray(vao_.id());
    upload_attribute(rest_positions_, mesh.rest_positions, kPosition, 3);
    upload_attribute(rest_normals_, mesh.rest_normals, kNormal, 3);
    morph_revisions_.assign(mesh.morphs.groups.size(), 0);  // revision 0: the unmorphed rest
    upload_attribute(uvs_, texture_uvs.size() == vertex_count_ ? texture_uvs : std::vector<glm::vec2>(vertex_count_),
                     kUv, 2);
    upload_attribute(colors_,
                     mesh.colors.size() == vertex_count_ ? mesh.colors
                                                         : std::vector<glm::vec4>(vertex_count_, glm::vec4(1.0f)),
                     kColor, 4);
    scalars_.upload(GL_ARRAY_BUFFER, vertex_count_ * sizeof(float), std::vector<float>(vertex_count_).data(),
                    GL_DYNAMIC_DRAW);
    glEnableVertexAttribArray(kScalar);
    glVertexAttribPointer(kScalar, 1, GL_FLOAT, GL_FALSE, 0, nullptr);
    layers_.upload(GL_ARRAY_BUFFER, vertex_count_ * sizeof(glm::vec3), painted_layers(mesh).data(), GL_DYNAMIC_DRAW);
    glEnableVertexAttribArray(kLayers);
    glVertexAttribPointer(kLayers, 3, GL_FLOAT, GL_FALSE, 0, nullptr);

    // Sparse rows: each vertex knows where its influences and betas start and how many.
    std::vector<glm::ivec4> ranges(vertex_count_);
    std::vector<glm::vec2> influence_pairs;
    std::vector<glm::vec4> beta_pairs;
    influence_pairs.reserve(mesh.weights.joints.size());
    beta_pairs.reserve(betas.pair_count());
    for (std::size_t i = 0; i < vertex_count_; ++i) {
        const std::uint32_t w0 = mesh.weights.offsets[i], w1 = mesh.weights.offsets[i + 1];
        const std::uint32_t b0 = betas.offsets[i], b1 = betas.offsets[i + 1];
        ranges[i] = glm::ivec4(w0, w1 - w0, b0, b1 - b0);
        for (std::uint32_t e = w0; e < w1; ++e)
            influence_pairs.emplace_back(float(mesh.weights.joints[e]), mesh.weights.weights[e]);
        for (std::uint32_t e = b0; e < b1; ++e)
            beta_pairs.emplace_back(float(betas.joints[e]), betas.betas[e], distances[e], 0.0f);
    }
    ranges_.upload(GL_ARRAY_BUFFER, ranges.size() * sizeof(glm::ivec4), ranges.data(), GL_STATIC_DRAW);
    glEnableVertexAttribArray(kRanges);
    glVertexAttribIPointer(kRanges, 4, GL_INT, 0, nullptr);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_.id());
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, mesh.triangles.size() * sizeof(std::uint32_t), mesh.triangles.data(),
                 GL_STATIC_DRAW);
    // The wireframe's lines; draw_edges swaps them in for the triangles while it draws. (An
    // index buffer stays on the element target: WebGL refuses it on any other.)
    const EdgeList edges = unique_edges(mesh.triangles);
    edges_.upload(GL_ELEMENT_ARRAY_BUFFER, edges.indices.size() * sizeof(std::uint32_t), edges.indices.data(),
                  GL_STATIC_DRAW);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_.id());
    glBindVertexArray(0);

    // Keep one entry at least, so that every table has a texel to read.
    if (influence_pairs.empty()) influence_pairs.emplace_back(0.0f, 0.0f);
    if (beta_pairs.empty()) beta_pairs.emplace_back(0.0f);
    assign_table(influences_, influence_pairs);
    assign_table(betas_, beta_pairs);
    std::vector<glm::mat4> inverse_binds = mesh.inverse_binds;  // 4 texels (columns) a joint
    if (inverse_binds.empty()) inverse_binds.emplace_back(1.0f);
    inverse_binds_.assign(inverse_binds.size() * 4, glm::value_ptr(inverse_binds.front()));
    rotation_ring_.reserve(std::size_t(kHistoryTicks) * std::max(mesh.inverse_binds.size(), std::size_t(1)));
    ring_restarts_ = -1;
    joint_count_ = static_cast<int>(mesh.inverse_binds.size());
    joint_texels_.assign(std::max(joint_count_, 1) * kJointTexelCount, glm::vec4(0.0f));
    assign_table(joints_, joint_texels_);
    instance_count_ = 0;
    check_errors("uploading the mesh for GPU skinning");
}

std::vector<glm::vec3> GpuSkinning::painted_layers(const SkinnedMesh& mesh) {
    std::vector<glm::vec3> layers(mesh.vertex_count());
    for (std::size_t i = 0; i < layers.size(); ++i)
        layers[i] = glm::vec3(mesh.bend_weights[i], SkinnedMesh::layer_value(mesh.floppy_weights, i),
                              SkinnedMesh::layer_value(mesh.squash_weights, i));
    return layers;
}

void GpuSkinning::update_painted_layers(const SkinnedMesh& mesh) {
    const std::vector<glm::vec3> layers = painted_layers(mesh);
    layers_.update(GL_ARRAY_BUFFER, layers.size() * sizeof(glm::vec3), layers.data());
}

void GpuSkinning::update_scalars(const std::vector<float>& scalars) {
    scalars_.update(GL_ARRAY_BUFFER, scalars.size() * sizeof(float), scalars.data());
}

void GpuSkinning::append_joint_row(const Character& character, const Deformer& deformer,
                                   std::vector<glm::vec4>& texels) {
    const std::vector<glm::mat4>& globals = deformer.globals();
    for (std::size_t j = 0; j < globals.size(); ++j) {
        const glm::mat4 skinning = globals[j] * character.mesh.inverse_binds[j];
        const JointDrive& d = deformer.engine().drives()[j];
        const Trs& local = deformer.pose().local[j];
        const glm::dualquat dq = rigid_dual_quaternion(skinning);
        const glm::quat& r = local.rotation;
        glm::vec4 row[kJointTexelCount];
        for (int c = 0; c < 4; ++c) row[kTexelSkinning + c] = skinning[c];
        row[kTexelAngularGain] = glm::vec4(d.angular, d.gain);
        row[kTexelLinear] = glm::vec4(d.linear, 0.0f);
        row[kTexelOrigin] = glm::vec4(d.origin, 1.0f);
        row[kTexelDualReal] = glm::vec4(dq.real.x, dq.real.y, dq.real.z, dq.real.w);
        row[kTexelDualDual] = glm::vec4(dq.dual.x, dq.dual.y, dq.dual.z, dq.dual.w);
        row[kTexelTranslationParent] = glm::vec4(local.translation, float(character.skeleton.parents[j]));
        row[kTexelRotation] = glm::vec4(r.x, r.y, r.z, r.w);
        row[kTexelScale] = glm::vec4(local.scale, 0.0f);
        row[kTexelAngularDrag] = glm::vec4(d.angular_drag, 0.0f);
        row[kTexelLinearDrag] = glm::vec4(d.linear_drag, 0.0f);
        row[kTexelAngularVelocity] = glm::vec4(d.angular_velocity, 0.0f);
        row[kTexelLinearVelocity] = glm::vec4(d.linear_velocity, 0.0f);
        row[kTexelPosition] = glm::vec4(d.position, 1.0f);
        row[kTexelCentroid] = glm::vec4(d.centroid, 1.0f);
        row[kTexelMedial] = glm::vec4(d.medial, 0.0f);
        texels.insert(texels.end(), std::begin(row), std::end(row));
    }
}

void GpuSkinning::update_joints(const Character& character, const Deformer& deformer, double t,
                                const DynamicParameters& parameters) {
    joint_texels_.clear();
    append_joint_row(character, deformer, joint_texels_);
    upload_joint_texels(parameters, deformer.size());
    update_morphed_rest(deformer.engine().morphed_rest());
    delayed_ = parameters.propagation_speed > 0.0f && std::isfinite(parameters.propagation_speed) &&
               deformer.engine().history().started();
    if (!delayed_) return;
    propagation_speed_ = parameters.propagation_speed;
    update_rotation_ring(deformer.engine().history());
    const double since = (t - tick_time(ring_newest_ - 1)) * kTicksPerSecond;
    since_previous_tick_ = static_cast<float>(std::clamp(since, 1e-6, 1.0));
}

// The shader skins the rest attributes as they are: a morph is the CPU's morphed rest, sent
// up for the span of each group that changed (nothing while the weights hold still).
void GpuSkinning::update_morphed_rest(const MorphedRest& morphed) {
    if (!morphed.active() || morph_revisions_.empty()) return;
    const MorphableVertices& morphable = morphed.morphable();
    const RestShape shape = morphed.shape();
    for (std::size_t g = 0; g < morph_revisions_.size(); ++g) {
        if (morphed.revision(g) == morph_revisions_[g]) continue;
        morph_revisions_[g] = morphed.revision(g);
        const std::uint32_t begin = morphable.group_begin[g], end = morphable.group_begin[g + 1];
        if (begin == end) continue;
        const std::size_t first = morphable.vertices[begin], count = morphable.vertices[end - 1] - first + 1;
        const GLintptr offset = static_cast<GLintptr>(first * sizeof(glm::vec3));
        const GLsizeiptr bytes = static_cast<GLsizeiptr>(count * sizeof(glm::vec3));
        glBindBuffer(GL_ARRAY_BUFFER, rest_positions_.id());
        glBufferSubData(GL_ARRAY_BUFFER, offset, bytes, shape.positions.data() + first);
        glBindBuffer(GL_ARRAY_BUFFER, rest_normals_.id());
        glBufferSubData(GL_ARRAY_BUFFER, offset, bytes, shape.normals.data() + first);
    }
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void GpuSkinning::update_rotation_ring(const JointMotionHistory& history) {
    if (joint_count_ == 0) return;
    const TickHistory<glm::quat>& rotations = history.rotations();
    const Tick newest = history.newest_tick();
    // After a restart every row is new; otherwise only the ticks since the last upload.
    const Tick first = history.restarts() != ring_restarts_ ? rotations.oldest()
                                                            : std::max(ring_newest_ + 1, rotations.oldest());
    std::vector<glm::vec4> row(joint_count_);
    for (Tick tick = first; tick <= newest; ++tick) {
        const glm::quat* q = rotations.row(tick);
        for (int j = 0; j < joint_count_; ++j) row[j] = glm::vec4(q[j].x, q[j].y, q[j].z, q[j].w);
        const Tick slot = ((tick % kHistoryTicks) + kHistoryTicks) % kHistoryTicks;
        rotation_ring_.write(std::size_t(slot) * std::size_t(joint_count_), row.size(), glm::value_ptr(row.front()));
    }
    ring_newest_ = newest;
    ring_restarts_ = history.restarts();
}

void GpuSkinning::set_joint_rows(const std::vector<glm::vec4>& texels, const DynamicParameters& parameters,
                                 float size) {
    joint_texels_ = texels;
    upload_joint_texels(parameters, size);
    delayed_ = false;
}

void GpuSkinning::upload_joint_texels(const DynamicParameters& parameters, float size) {
    if (joint_texels_.empty()) joint_texels_.assign(kJointTexelCount, glm::vec4(0.0f));
    // The rows this frame's joints cover: a few hundred texels for one character; a herd's
    // rows are sent once when measured.
    assign_table(joints_, joint_texels_);
    dual_quaternion_ = parameters.base == SkinningBase::DualQuaternion;
    bend_enabled_ = parameters.mode != DeformerMode::LbsOnly;
    size_ = size;
    max_angle_ = parameters.max_angle;
    max_offset_ = parameters.max_offset > 0.0f && std::isfinite(parameters.max_offset) ? parameters.max_offset * size : 0.0f;
    squash_ = std::isfinite(parameters.squash) ? parameters.squash : 0.0f;
    squash_about_centroid_ = parameters.squash_center == SquashCenter::Centroid;
}

void GpuSkinning::set_instances(const std::vector<glm::vec4>& placements, const std::vector<int>& rows) {
    instance_count_ = static_cast<GLsizei>(std::min(placements.size(), rows.size()));
    glBindVertexArray(vao_.id());
    instance_placements_.upload(GL_ARRAY_BUFFER, placements.size() * sizeof(glm::vec4), placements.data(),
                                GL_STREAM_DRAW);
    glVertexAttribPointer(kInstancePlacement, 4, GL_FLOAT, GL_FALSE, 0, nullptr);
    glVertexAttribDivisor(kInstancePlacement, 1);
    instance_rows_.upload(GL_ARRAY_BUFFER, rows.size() * sizeof(int), rows.data(), GL_STREAM_DRAW);
    glVertexAttribIPointer(kInstanceRow, 1, GL_INT, 0, nullptr);
    glVertexAttribDivisor(kInstanceRow, 1);
    glBindVertexArray(0);
}

void GpuSkinning::bind_common(GLuint program, const glm::mat4& view_projection, bool bend) const {
    glUseProgram(program);
    glUniformMatrix4fv(glGetUniformLocation(program, "view_projection"), 1, GL_FALSE, glm::value_ptr(view_projection));
    glUniform1i(glGetUniformLocation(program, "bend_enabled"), bend && bend_enabled_);
    glUniform1i(glGetUniformLocation(program, "dual_quaternion"), dual_quaternion_);
    glUniform1f(glGetUniformLocation(program, "character_size"), size_);
    glUniform1f(glGetUniformLocation(program, "max_angle"), max_angle_);
    glUniform1f(glGetUniformLocation(program, "max_offset"), max_offset_);
    glUniform1f(glGetUniformLocation(program, "squash"), squash_);
    glUniform1i(glGetUniformLocation(program, "squash_about_centroid"), squash_about_centroid_);
    glUniform1i(glGetUniformLocation(program, "joints"), kJointsUnit);
    glUniform1i(glGetUniformLocation(program, "influences"), kInfluencesUnit);
    glUniform1i(glGetUniformLocation(program, "betas"), kBetasUnit);
    glUniform1i(glGetUniformLocation(program, "joint_count"), joint_count_);
    glUniform1i(glGetUniformLocation(program, "inverse_binds"), kInverseBindsUnit);
    glUniform1i(glGetUniformLocation(program, "rotation_ring"), kRingUnit);
    glUniform1i(glGetUniformLocation(program, "delayed"), delayed_);
    glUniform1f(glGetUniformLocation(program, "propagation_speed"), propagation_speed_);
    glUniform1i(glGetUniformLocation(program, "ring_ticks"), kHistoryTicks);
    glUniform1i(glGetUniformLocation(program, "rows_kept"), kHistoryTicks);
    glUniform1i(glGetUniformLocation(program, "newest_row"),
                static_cast<int>(((ring_newest_ % kHistoryTicks) + kHistoryTicks) % kHistoryTicks));
    glUniform1f(glGetUniformLocation(program, "since_previous_tick"), since_previous_tick_);
    joints_.bind(kJointsUnit);
    influences_.bind(kInfluencesUnit);
    betas_.bind(kBetasUnit);
    inverse_binds_.bind(kInverseBindsUnit);
    rotation_ring_.bind(kRingUnit);
    glActiveTexture(GL_TEXTURE0);
    glBindVertexArray(vao_.id());
    // One character: row 0, in place (generic attribute values, used while the arrays are off).
    glDisableVertexAttribArray(kInstancePlacement);
    glDisableVertexAttribArray(kInstanceRow);
    glVertexAttrib4f(kInstancePlacement, 0.0f, 0.0f, 0.0f, 0.0f);
    glVertexAttribI4i(kInstanceRow, 0, 0, 0, 0);
}

GLuint GpuSkinning::bind_for_drawing(const glm::mat4& view_projection, bool bend) {
    bind_common(draw_program_.id(), view_projection, bend);
    return draw_program_.id();
}

void GpuSkinning::draw(std::size_t first_triangle, std::size_t triangle_count) const {
    glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(triangle_count * 3), GL_UNSIGNED_INT,
                   reinterpret_cast<const void*>(first_triangle * 3 * sizeof(std::uint32_t)));
}

void GpuSkinning::draw_edges(std::size_t first_line, std::size_t line_count, bool instances) const {
    if (instances && instance_count_ == 0) return;
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, edges_.id());  // into the bound vertex array
    const auto count = static_cast<GLsizei>(line_count * 2);
    const auto* offset = reinterpret_cast<const void*>(first_line * 2 * sizeof(std::uint32_t));
    if (instances) {
        glEnableVertexAttribArray(kInstancePlacement);
        glEnableVertexAttribArray(kInstanceRow);
        glDrawElementsInstanced(GL_LINES, count, GL_UNSIGNED_INT, offset, instance_count_);
        glDisableVertexAttribArray(kInstancePlacement);
        glDisableVertexAttribArray(kInstanceRow);
    } else {
        glDrawElements(GL_LINES, count, GL_UNSIGNED_INT, offset);
    }
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_.id());
}

void GpuSkinning::draw_instances(std::size_t first_triangle, std::size_t triangle_count) const {
    if (instance_count_ == 0) return;
    glEnableVertexAttribArray(kInstancePlacement);
    glEnableVertexAttribArray(kInstanceRow);
    glDrawElementsInstanced(GL_TRIANGLES, static_cast<GLsizei>(triangle_count * 3), GL_UNSIGNED_INT,
                            reinterpret_cast<const void*>(first_triangle * 3 * sizeof(std::uint32_t)), instance_count_);
    glDisableVertexAttribArray(kInstancePlacement);
    glDisableVertexAttribArray(kInstanceRow);
}

void GpuSkinning::capture(std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals, bool bend) {
    positions.assign(vertex_count_, glm::vec3(0.0f));
    normals.assign(vertex_count_, glm::vec3(0.0f));
    if (vertex_count_ == 0) return;
    // Without a complete framebuffer a surfaceless context refuses every draw, and the
    // feedback would silently stay zero.
    const RenderTarget target(1, 1, 1);
    target.bind_scene();
    feedback_.upload(GL_TRANSFORM_FEEDBACK_BUFFER, vertex_count_ * sizeof(CapturedVertex), nullptr, GL_STREAM_READ);
    bind_common(capture_program_.id(), glm::mat4(1.0f), bend);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, feedback_.id());
    glEnable(GL_RASTERIZER_DISCARD);
    glBeginTransformFeedback(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, static_cast<GLsizei>(vertex_count_));
    glEndTransformFeedback();
    glDisable(GL_RASTERIZER_DISCARD);
    std::vector<CapturedVertex> captured(vertex_count_);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, feedback_.id());
    glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, captured.size() * sizeof(CapturedVertex), captured.data());
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
    glBindVertexArray(0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    check_errors("capturing the GPU skinning");
    for (std::size_t i = 0; i < vertex_count_; ++i) {
        positions[i] = captured[i].position;
        normals[i] = captured[i].normal;
    }
}

}  // namespace dynskin::gl
