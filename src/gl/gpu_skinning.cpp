#include "gl/gpu_skinning.h"

#include <algorithm>
#include <cmath>
#include <iterator>

#include <glm/gtc/type_ptr.hpp>

#include "dynskin/shader_layout.h"
#include "gl/render_target.h"
#include "gl/texel_table.h"
#include "gl/unique_edges.h"

namespace dynskin::gl {
namespace {

enum Attribute : GLuint {
    kPosition = 0, kNormal = 1, kUv = 2, kColor = 3, kScalar = 4, kRanges = 5, kLayers = 6,
    kInstanceOffset = 7
};
enum TextureUnit : GLint { kJointsUnit = 1, kInfluencesUnit = 2, kBetasUnit = 3, kInverseBindsUnit = 4, kRingUnit = 5 };

// The joint table before the deformer writes it: the texels the stage does not read under
// the constants uploaded with them are never written (Deformer::write_joint_rows, stage_reads), and
// hold NaN, so that one read by mistake shows (gl.gpu_skinning compares every mode with
// the CPU) instead of reading as a plausible zero.
JointRow unwritten_row() {
    JointRow row;
    std::fill_n(reinterpret_cast<float*>(&row), sizeof(JointRow) / sizeof(float), std::nanf(""));
    return row;
}

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

// Joint rows go up as they are: JointRow is its texels (dynskin/joint_row.h).
void assign_table(TexelTable& table, const std::vector<JointRow>& rows) {
    table.assign(rows.size() * kJointTexelCount, glm::value_ptr(rows.front().skinning));
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
      instance_offsets_(GlBuffer::create()) {
    check_errors("creating the GPU skinning");
}

void GpuSkinning::set_mesh(const Character& character, const Deformer& deformer,
                           const std::vector<glm::vec2>& texture_uvs) {
    const SkinnedMesh& mesh = character.mesh;
    const HierarchicalWeights& betas = deformer.hierarchical_weights();
    const std::vector<float> distances = deformer.delay_distances();
    vertex_count_ = mesh.vertex_count();
    glBindVertexArray(vao_.id());
    upload_attribute(rest_positions_, mesh.rest_positions, kPosition, 3);
    upload_attribute(rest_normals_, mesh.rest_normals, kNormal, 3);
    morphable_ = morphable_vertices(mesh.morphs);
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
    ring_restarts_ = -1;
    ring_ticks_ = 0;
    joint_count_ = static_cast<int>(mesh.inverse_binds.size());
    joint_rows_.assign(std::max(joint_count_, 1), unwritten_row());
    assign_table(joints_, joint_rows_);
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

void GpuSkinning::update_joints(const Deformer& deformer, const DynamicParameters& parameters) {
    joint_rows_.resize(static_cast<std::size_t>(deformer.joint_count()), unwritten_row());
    const SkinningConstants constants = deformer.skinning_constants(parameters);
    deformer.write_joint_rows(joint_rows_.data(), stage_reads(constants));
    upload_joint_rows(constants);
    update_morphed_rest(deformer);
    if (constants_.delayed) update_rotation_ring(deformer, constants_);
}

// The shader skins the rest attributes as they are: a morph is the deformer's morphed rest,
// sent up for the span of each group that changed (nothing while the weights hold still).
void GpuSkinning::update_morphed_rest(const Deformer& deformer) {
    const RestShape shape = deformer.rest_shape();
    for (std::size_t g = 0; g < morph_revisions_.size(); ++g) {
        const std::uint64_t revision = deformer.morph_revision(g);
        if (revision == morph_revisions_[g]) continue;
        morph_revisions_[g] = revision;
        const std::uint32_t begin = morphable_.group_begin[g], end = morphable_.group_begin[g + 1];
        if (begin == end) continue;
        const std::size_t first = morphable_.vertices[begin], count = morphable_.vertices[end - 1] - first + 1;
        const GLintptr offset = static_cast<GLintptr>(first * sizeof(glm::vec3));
        const GLsizeiptr bytes = static_cast<GLsizeiptr>(count * sizeof(glm::vec3));
        glBindBuffer(GL_ARRAY_BUFFER, rest_positions_.id());
        glBufferSubData(GL_ARRAY_BUFFER, offset, bytes, shape.positions.data() + first);
        glBindBuffer(GL_ARRAY_BUFFER, rest_normals_.id());
        glBufferSubData(GL_ARRAY_BUFFER, offset, bytes, shape.normals.data() + first);
    }
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void GpuSkinning::update_rotation_ring(const Deformer& deformer, const SkinningConstants& constants) {
    if (joint_count_ == 0) return;
    const Tick newest = constants.newest_tick;
    const int ticks = constants.rotation_ticks;
    // A ring as long as the history keeps; after a restart or a new length every row is new,
    // otherwise only the ticks since the last upload.
    const bool renewed = constants.history_restarts != ring_restarts_ || ticks != ring_ticks_;
    if (ticks != ring_ticks_) rotation_ring_.reserve(std::size_t(ticks) * std::size_t(joint_count_));
    const Tick oldest = newest - ticks + 1;
    const Tick first = renewed ? oldest : std::max(ring_newest_ + 1, oldest);
    ring_row_.resize(std::size_t(joint_count_));
    for (Tick tick = first; tick <= newest; ++tick) {
        const glm::quat* q = deformer.local_rotations_at(tick);
        for (int j = 0; j < joint_count_; ++j) ring_row_[j] = glm::vec4(q[j].x, q[j].y, q[j].z, q[j].w);
        rotation_ring_.write(std::size_t(ring_slot(tick, ticks)) * std::size_t(joint_count_), ring_row_.size(),
                             glm::value_ptr(ring_row_.front()));
    }
    ring_newest_ = newest;
    ring_restarts_ = constants.history_restarts;
    ring_ticks_ = ticks;
}

void GpuSkinning::upload_joint_rows(const SkinningConstants& constants) {
    if (joint_rows_.empty()) joint_rows_.assign(1, unwritten_row());
    // The rows this frame's joints cover: a few hundred texels.
    assign_table(joints_, joint_rows_);
    constants_ = constants;
}

void GpuSkinning::set_crowd(const std::vector<JointRow>& rows, const SkinningConstants& constants,
                            const std::vector<glm::vec3>& offsets) {
    if (rows.empty() || offsets.empty()) {
        instance_count_ = 0;
        return;
    }
    assign_table(joints_, rows);  // every instance's rows in one upload
    constants_ = constants;
    constants_.delayed = false;  // the rotation ring holds one character's history
    instance_count_ = static_cast<GLsizei>(offsets.size());
    glBindVertexArray(vao_.id());
    instance_offsets_.upload(GL_ARRAY_BUFFER, offsets.size() * sizeof(glm::vec3), offsets.data(), GL_STREAM_DRAW);
    glVertexAttribPointer(kInstanceOffset, 3, GL_FLOAT, GL_FALSE, 0, nullptr);
    glVertexAttribDivisor(kInstanceOffset, 1);
    glBindVertexArray(0);
}

void GpuSkinning::bind_common(GLuint program, const glm::mat4& view_projection, bool bend) const {
    glUseProgram(program);
    glUniformMatrix4fv(glGetUniformLocation(program, "view_projection"), 1, GL_FALSE, glm::value_ptr(view_projection));
    SkinningConstants c = constants_;
    c.bend = bend && c.bend;  // the draw may ask for the base skinning alone
    for (const SkinningUniform& u : skinning_uniform_table()) {
        const GLint location = glGetUniformLocation(program, u.name);
        if (u.type == UniformType::Float) glUniform1f(location, static_cast<float>(u.value(c)));
        else glUniform1i(location, u.value(c) != 0.0);
    }
    glUniform1i(glGetUniformLocation(program, "joints"), kJointsUnit);
    glUniform1i(glGetUniformLocation(program, "influences"), kInfluencesUnit);
    glUniform1i(glGetUniformLocation(program, "betas"), kBetasUnit);
    glUniform1i(glGetUniformLocation(program, "joint_count"), joint_count_);
    glUniform1i(glGetUniformLocation(program, "inverse_binds"), kInverseBindsUnit);
    glUniform1i(glGetUniformLocation(program, "rotation_ring"), kRingUnit);
    const int ring_ticks = std::max(ring_ticks_, 1);
    glUniform1i(glGetUniformLocation(program, "ring_ticks"), ring_ticks);
    glUniform1i(glGetUniformLocation(program, "rows_kept"), ring_ticks);
    glUniform1i(glGetUniformLocation(program, "newest_row"), static_cast<int>(ring_slot(ring_newest_, ring_ticks)));
    joints_.bind(kJointsUnit);
    influences_.bind(kInfluencesUnit);
    betas_.bind(kBetasUnit);
    inverse_binds_.bind(kInverseBindsUnit);
    rotation_ring_.bind(kRingUnit);
    glActiveTexture(GL_TEXTURE0);
    glBindVertexArray(vao_.id());
    // One character: in place (a generic attribute value, used while the array is off), and
    // gl_InstanceID is 0 outside instanced draws, so it reads the first rows.
    glDisableVertexAttribArray(kInstanceOffset);
    glVertexAttrib3f(kInstanceOffset, 0.0f, 0.0f, 0.0f);
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
        glEnableVertexAttribArray(kInstanceOffset);
        glDrawElementsInstanced(GL_LINES, count, GL_UNSIGNED_INT, offset, instance_count_);
        glDisableVertexAttribArray(kInstanceOffset);
    } else {
        glDrawElements(GL_LINES, count, GL_UNSIGNED_INT, offset);
    }
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_.id());
}

void GpuSkinning::draw_instances(std::size_t first_triangle, std::size_t triangle_count) const {
    if (instance_count_ == 0) return;
    glEnableVertexAttribArray(kInstanceOffset);
    glDrawElementsInstanced(GL_TRIANGLES, static_cast<GLsizei>(triangle_count * 3), GL_UNSIGNED_INT,
                            reinterpret_cast<const void*>(first_triangle * 3 * sizeof(std::uint32_t)), instance_count_);
    glDisableVertexAttribArray(kInstanceOffset);
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
