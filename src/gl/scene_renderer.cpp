#include "gl/scene_renderer.h"

#include <cmath>
#include <cstddef>

#include <glm/gtc/type_ptr.hpp>

#include "gl/unique_edges.h"

namespace dynskin::gl {
namespace {

// GL ES (WebGL 2) has only the float call, desktop GL 3.3 only the double one.
void set_clear_depth(float depth) {
#ifdef DYNSKIN_GLES
    glClearDepthf(depth);
#else
    glClearDepth(depth);
#endif
}

enum Attribute : GLuint { kPosition = 0, kNormal = 1, kUv = 2, kColor = 3, kScalar = 4 };

// How far the wireframe's lines are pulled toward the camera, in normalised device depth
// (-1 near .. 1 far): enough to win the depth test against the triangles they outline at
// the viewer's near/far planes, too little to show the edges of the far side.
constexpr float kWireframeDepthOffset = 1e-4f;

struct LineVertex {
    glm::vec3 position;
    glm::vec4 color;
};

void float_attribute(GLuint location, int components, const GlBuffer& buffer, GLsizei stride = 0,
                     std::size_t offset = 0) {
    glBindBuffer(GL_ARRAY_BUFFER, buffer.id());
    glEnableVertexAttribArray(location);
    glVertexAttribPointer(location, components, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(offset));
}

}  // namespace

SceneRenderer::SceneRenderer()
    : mesh_program_(GlProgram::from_files("mesh.vert", "mesh.frag")),
      line_program_(GlProgram::from_files("lines.vert", "lines.frag")),
      indices_(GlBuffer::create()),
      edges_(GlBuffer::create()),
      uvs_(GlBuffer::create()),
      colors_(GlBuffer::create()),
      scalars_(GlBuffer::create()),
      skin_(make_skin_buffers()),
      ghost_(make_skin_buffers()),
      lines_vao_(GlVertexArray::create()),
      line_vertices_(GlBuffer::create()) {
    glBindVertexArray(lines_vao_.id());
    line_vertices_.upload(GL_ARRAY_BUFFER, 0, nullptr, GL_STREAM_DRAW);
    float_attribute(0, 3, line_vertices_, sizeof(LineVertex), offsetof(LineVertex, position));
    float_attribute(1, 4, line_vertices_, sizeof(LineVertex), offsetof(LineVertex, color));
    glBindVertexArray(0);
    check_errors("creating the scene renderer");
}

SceneRenderer::SkinBuffers SceneRenderer::make_skin_buffers() {
    return SkinBuffers{GlVertexArray::create(), GlBuffer::create(), GlBuffer::create()};
}

void SceneRenderer::set_mesh(const StaticMesh& mesh) {
    vertex_count_ = mesh.vertex_count;
    triangle_count_ = mesh.triangles->size() / 3;
    const io::DisplayLook fallback = mesh.look ? io::DisplayLook{} : io::DisplayLook::single_default(triangle_count_);
    const io::DisplayLook& look = mesh.look ? *mesh.look : fallback;  // no copy of the images
    // Attributes the source lacks get neutral values: white, uv 0, scalar 0.
    std::vector<glm::vec2> uvs = look.texture_uvs.size() == vertex_count_ ? look.texture_uvs
                                                                           : std::vector<glm::vec2>(vertex_count_);
    std::vector<glm::vec4> colors = mesh.colors && mesh.colors->size() == vertex_count_
                                        ? *mesh.colors
                                        : std::vector<glm::vec4>(vertex_count_, glm::vec4(1.0f));
    uvs_.upload(GL_ARRAY_BUFFER, uvs.size() * sizeof(glm::vec2), uvs.data(), GL_STATIC_DRAW);
    colors_.upload(GL_ARRAY_BUFFER, colors.size() * sizeof(glm::vec4), colors.data(), GL_STATIC_DRAW);
    const std::vector<float> zeros(vertex_count_, 0.0f);
    scalars_.upload(GL_ARRAY_BUFFER, zeros.size() * sizeof(float), zeros.data(), GL_DYNAMIC_DRAW);

    for (SkinBuffers* skin : {&skin_, &ghost_}) {
        glBindVertexArray(skin->vao.id());
        skin->positions.upload(GL_ARRAY_BUFFER, vertex_count_ * sizeof(glm::vec3), nullptr, GL_STREAM_DRAW);
        skin->normals.upload(GL_ARRAY_BUFFER, vertex_count_ * sizeof(glm::vec3), nullptr, GL_STREAM_DRAW);
        float_attribute(kPosition, 3, skin->positions);
        float_attribute(kNormal, 3, skin->normals);
        float_attribute(kUv, 2, uvs_);
        float_attribute(kColor, 4, colors_);
        float_attribute(kScalar, 1, scalars_);
        glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_.id());
    }
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_.id());
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, mesh.triangles->size() * sizeof(std::uint32_t), mesh.triangles->data(),
                 GL_STATIC_DRAW);
    // The wireframe's lines, uploaded on the element target (WebGL keeps an index buffer
    // there); draw_edges swaps them in for the triangles while it draws.
    const EdgeList edges = unique_edges(*mesh.triangles);
    line_count_ = edges.line_count();
    shared_line_count_ = edges.shared_count;
    edges_.upload(GL_ELEMENT_ARRAY_BUFFER, edges.indices.size() * sizeof(std::uint32_t), edges.indices.data(),
                  GL_STATIC_DRAW);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_.id());
    glBindVertexArray(0);

    // Ranges past the triangles or naming no material are dropped (they come from a file).
    materials_ = look.materials;
    ranges_.clear();
    for (const io::DrawRange& range : look.draw_ranges)
        if (range.first_triangle + range.triangle_count <= triangle_count_ && range.material >= 0 &&
            static_cast<std::size_t>(range.material) < materials_.size())
            ranges_.push_back(range);
    textures_.clear();
    for (const io::Image& image : look.images)
        textures_.push_back(image.width > 0 && image.height > 0 &&
                                    image.rgba.size() == std::size_t(image.width) * std::size_t(image.height) * 4
                                ? GlTexture::from_rgba(image.width, image.height, image.rgba.data())
                                : GlTexture());
    samplers_.clear();
    for (const io::DisplayMaterial& m : materials_)
        samplers_.push_back(GlSampler::create(static_cast<GLenum>(m.sampler.wrap_s), static_cast<GLenum>(m.sampler.wrap_t),
                                              static_cast<GLenum>(m.sampler.min_filter),
                                              static_cast<GLenum>(m.sampler.mag_filter)));
    check_errors("uploading the mesh");
}

void SceneRenderer::update_skin(const std::vector<glm::vec3>& positions, const std::vector<glm::vec3>& normals) {
    skin_.positions.update(GL_ARRAY_BUFFER, positions.size() * sizeof(glm::vec3), positions.data());
    skin_.normals.update(GL_ARRAY_BUFFER, normals.size() * sizeof(glm::vec3), normals.data());
}

void SceneRenderer::update_ghost(const std::vector<glm::vec3>& positions, const std::vector<glm::vec3>& normals) {
    ghost_.positions.update(GL_ARRAY_BUFFER, positions.size() * sizeof(glm::vec3), positions.data());
    ghost_.normals.update(GL_ARRAY_BUFFER, normals.size() * sizeof(glm::vec3), normals.data());
}

void SceneRenderer::update_scalars(const std::vector<float>& scalars) {
    scalars_.update(GL_ARRAY_BUFFER, scalars.size() * sizeof(float), scalars.data());
    if (gpu_.vertex_count() == scalars.size()) gpu_.update_scalars(scalars);
}

void SceneRenderer::set_gpu_mesh(const Character& character, const Deformer& deformer,
                                 const std::vector<glm::vec2>& texture_uvs) {
    gpu_.set_mesh(character, deformer, texture_uvs);
}

void SceneRenderer::update_gpu_joints(const Deformer& deformer, const DynamicParameters& parameters) {
    gpu_.update_joints(deformer, parameters);
}

void SceneRenderer::update_gpu_painted_layers(const SkinnedMesh& mesh) { gpu_.update_painted_layers(mesh); }

void SceneRenderer::capture_gpu_skin(std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals, bool bend) {
    gpu_.capture(positions, normals, bend);
}

void SceneRenderer::set_crowd(const std::vector<JointRow>& rows, const SkinningConstants& constants,
                              const std::vector<glm::vec3>& offsets) {
    gpu_.set_crowd(rows, constants, offsets);
}

GLuint SceneRenderer::bind_skin(const SkinBuffers& skin, bool bent, const SceneView& view, int shading,
                                glm::vec4 color) {
    GLuint program = mesh_program_.id();
    if (view.gpu) {
        program = gpu_.bind_for_drawing(view.view_projection, bent);
    } else {
        glUseProgram(program);
        glBindVertexArray(skin.vao.id());
    }
    auto at = [program](const char* name) { return glGetUniformLocation(program, name); };
    glUniformMatrix4fv(at("view_projection"), 1, GL_FALSE, glm::value_ptr(view.view_projection));
    glUniform3fv(at("camera_position"), 1, glm::value_ptr(view.camera_position));
    glUniform3fv(at("key_direction"), 1, glm::value_ptr(view.key_light));
    glUniform1i(at("shading"), shading);
    glUniform4fv(at("base_color"), 1, glm::value_ptr(color));
    glUniform1i(at("has_texture"), 0);
    glUniform1i(at("base_texture"), 0);
    glUniform1i(at("alpha_mode"), static_cast<int>(io::AlphaMode::Opaque));
    glUniform1f(at("alpha_cutoff"), 0.5f);
    glUniform2fv(at("scalar_range"), 1, glm::value_ptr(view.scalar_range));
    glUniform1i(at("diverging"), view.diverging);
    glUniform1f(at("depth_offset"), 0.0f);
    return program;
}

void SceneRenderer::draw_triangles(const SceneView& view, std::size_t first_triangle, std::size_t triangle_count) const {
    if (view.gpu && view.crowd) gpu_.draw_instances(first_triangle, triangle_count);
    else if (view.gpu) gpu_.draw(first_triangle, triangle_count);
    else
        glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(triangle_count * 3), GL_UNSIGNED_INT,
                       reinterpret_cast<const void*>(first_triangle * 3 * sizeof(std::uint32_t)));
}

void SceneRenderer::draw_edges(const SceneView& view, std::size_t first_line, std::size_t line_count) const {
    if (view.gpu) {
        gpu_.draw_edges(first_line, line_count, view.crowd);
        return;
    }
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, edges_.id());  // into the skin's vertex array
    glDrawElements(GL_LINES, static_cast<GLsizei>(line_count * 2), GL_UNSIGNED_INT,
                   reinterpret_cast<const void*>(first_line * 2 * sizeof(std::uint32_t)));
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indices_.id());
}

void SceneRenderer::draw_wireframe(const SceneView& view) {
    // The look glPolygonMode gave (WebGL 2 has none): it outlined every triangle, so an edge
    // of two triangles was blended once or twice (the second pass won the depth test about
    // 40 % of the time, each triangle's polygon offset having its own slope). One blend at
    // alpha 0.44 is as dark on average (measured on the cow); an open border kept one blend.
    const glm::vec4 ink(0.05f, 0.05f, 0.08f, 0.35f);
    const glm::vec4 shared(glm::vec3(ink), 0.44f);
    const GLuint program = bind_skin(skin_, true, view, 2, shared);
    // Lines lie on the surface they outline: pulled toward the camera, they pass the depth
    // test (what glPolygonOffset did for polygons drawn as lines).
    glUniform1f(glGetUniformLocation(program, "depth_offset"), kWireframeDepthOffset);
    draw_edges(view, 0, shared_line_count_);
    glUniform4fv(glGetUniformLocation(program, "base_color"), 1, glm::value_ptr(ink));
    draw_edges(view, shared_line_count_, line_count_ - shared_line_count_);
    glUniform1f(glGetUniformLocation(program, "depth_offset"), 0.0f);
}

void SceneRenderer::draw_skin(const SkinBuffers& skin, bool bent, const SceneView& view, int shading, glm::vec4 color) {
    bind_skin(skin, bent, view, shading, color);
    draw_triangles(view, 0, triangle_count_);
}

void SceneRenderer::set_material(GLuint program, const io::DisplayMaterial& material, std::size_t index) const {
    auto at = [program](const char* name) { return glGetUniformLocation(program, name); };
    glUniform4fv(at("base_color"), 1, glm::value_ptr(material.base_color_factor));
    glUniform1i(at("alpha_mode"), static_cast<int>(material.alpha_mode));
    glUniform1f(at("alpha_cutoff"), material.alpha_cutoff);
    const int image = material.base_color_image;
    const bool textured = image >= 0 && static_cast<std::size_t>(image) < textures_.size() &&
                          textures_[static_cast<std::size_t>(image)];
    glUniform1i(at("has_texture"), textured);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, textured ? textures_[static_cast<std::size_t>(image)].id() : 0);
    glBindSampler(0, textured ? samplers_[index].id() : 0);
    // Single-sided surfaces hide their back faces; double-sided ones are lit on the side seen.
    if (material.double_sided) glDisable(GL_CULL_FACE);
    else glEnable(GL_CULL_FACE);
}

void SceneRenderer::draw_materials(const SceneView& view, bool blended) {
    const GLuint program = bind_skin(skin_, true, view, 0, glm::vec4(1.0f));
    for (const io::DrawRange& range : ranges_) {
        const io::DisplayMaterial& material = materials_[static_cast<std::size_t>(range.material)];
        if ((material.alpha_mode == io::AlphaMode::Blend) != blended) continue;
        set_material(program, material, static_cast<std::size_t>(range.material));
        draw_triangles(view, range.first_triangle, range.triangle_count);
    }
    glDisable(GL_CULL_FACE);
    glBindSampler(0, 0);  // the panels' textures use their own filters
    glBindTexture(GL_TEXTURE_2D, 0);
}

void SceneRenderer::draw(const SceneView& view, const SkeletonView& skeleton, glm::ivec2 viewport) {
    glViewport(0, 0, viewport.x, viewport.y);
    glClearColor(view.clear_color.r, view.clear_color.g, view.clear_color.b, view.clear_color.a);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    if (view.covered.z > 0 && view.covered.w > 0) {
        glEnable(GL_SCISSOR_TEST);
        glScissor(view.covered.x, view.covered.y, view.covered.z, view.covered.w);
        set_clear_depth(0.0f);
        glClear(GL_DEPTH_BUFFER_BIT);
        set_clear_depth(1.0f);
        glDisable(GL_SCISSOR_TEST);
    }
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    glDisable(GL_CULL_FACE);
    // Multisampled, the grid goes first, on the background alone; the skin is drawn over it.
    const bool grid_first = view.show_grid && view.multisampled;
    if (grid_first)
        grid_.draw_over_background(view.view_projection, view.ground_center, view.ground_extent, view.grid_cell,
                                   viewport, glm::vec3(view.clear_color));
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);

    const bool materials = triangle_count_ > 0 && view.show_mesh && !view.color_map;
    if (materials) draw_materials(view, false);
    if (triangle_count_ > 0 && view.show_mesh && view.color_map) draw_skin(skin_, true, view, 1, glm::vec4(1.0f));
    if (triangle_count_ > 0 && view.show_wireframe) draw_wireframe(view);

    if (view.show_grid && !grid_first)
        grid_.draw(view.view_projection, view.ground_center, view.ground_extent, view.grid_cell, viewport);

    // Translucent surfaces come after the opaque ones and do not write depth: blended
    // materials (in file order, over the grid), then the ghost.
    if (materials) {
        glDepthMask(GL_FALSE);
        draw_materials(view, true);
        glDepthMask(GL_TRUE);
    }
    if (triangle_count_ > 0 && view.show_ghost) {
        glDepthMask(GL_FALSE);
        draw_skin(ghost_, false, view, 2, glm::vec4(0.55f, 0.75f, 1.0f, 0.22f));
        glDepthMask(GL_TRUE);
    }

    if (view.show_skeleton && !skeleton.joints.empty()) {
        std::vector<LineVertex> lines, points;
        const glm::vec4 bone(0.95f, 0.85f, 0.35f, 0.9f), joint(0.98f, 0.6f, 0.2f, 1.0f);
        const glm::vec4 selected(0.3f, 0.9f, 1.0f, 1.0f), hovered(1.0f, 1.0f, 1.0f, 1.0f);
        for (std::size_t j = 0; j < skeleton.joints.size(); ++j) {
            const int p = skeleton.parents[j];
            if (p >= 0) {
                lines.push_back({skeleton.joints[p], bone});
                lines.push_back({skeleton.joints[j], bone});
            }
            const int jj = static_cast<int>(j);
            points.push_back({skeleton.joints[j], jj == skeleton.selected ? selected
                                                  : jj == skeleton.hovered ? hovered
                                                                           : joint});
        }
        glDisable(GL_DEPTH_TEST);  // on top of the skin
#ifndef DYNSKIN_GLES
        // Desktop GL sizes points from gl_PointSize only when asked; ES always does, and has
        // no such switch (WebGL raises INVALID_ENUM on it).
        glEnable(GL_PROGRAM_POINT_SIZE);
#endif
        glUseProgram(line_program_.id());
        glUniformMatrix4fv(line_program_.uniform("view_projection"), 1, GL_FALSE, glm::value_ptr(view.view_projection));
        glBindVertexArray(lines_vao_.id());
        glUniform1i(line_program_.uniform("round_points"), 0);
        glUniform1f(line_program_.uniform("point_size"), 1.0f);
        line_vertices_.upload(GL_ARRAY_BUFFER, lines.size() * sizeof(LineVertex), lines.data(), GL_STREAM_DRAW);
        glDrawArrays(GL_LINES, 0, static_cast<GLsizei>(lines.size()));
        glUniform1i(line_program_.uniform("round_points"), 1);
        glUniform1f(line_program_.uniform("point_size"), view.joint_size);
        line_vertices_.upload(GL_ARRAY_BUFFER, points.size() * sizeof(LineVertex), points.data(), GL_STREAM_DRAW);
        glDrawArrays(GL_POINTS, 0, static_cast<GLsizei>(points.size()));
        glEnable(GL_DEPTH_TEST);
    }
    glBindVertexArray(0);
    check_frame_errors("drawing the scene");
}

}  // namespace dynskin::gl
