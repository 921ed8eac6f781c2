#pragma once
// The GPU path: skinning, bend and normals in a vertex shader (shaders/skinning.vert) with
// the CPU's exact formulas. The per-vertex data (rest geometry, sparse influences and
// hierarchical weights) is uploaded once; each frame only the per-joint data goes up.
// Transform feedback captures the shader's positions and normals for tests and export.

#include <vector>

#include "dynskin/deformer.h"
#include "gl/gl_objects.h"
#include "gl/texel_table.h"

namespace dynskin::gl {

class GpuSkinning {
public:
    GpuSkinning();  // compiles the programs (throws GlError naming file and line)

    // Per-vertex data, once per character (the deformer's hierarchical weights and size).
    // texture_uvs: per vertex, the coordinates its material's texture is sampled at (empty:
    // none is textured).
    void set_mesh(const Character& character, const Deformer& deformer,
                  const std::vector<glm::vec2>& texture_uvs = {});
    // A painted layer changed.
    void update_painted_layers(const SkinnedMesh& mesh);
    // The per-vertex scalar the colour maps show.
    void update_scalars(const std::vector<float>& scalars);
    // This frame's joints, from a deformer updated (update_joints at least) through the
    // public joint level (docs/engine-api.md): its joint rows and constants, for dLBS the new
    // ticks of its rotation history, and the morphed rest (the vertices of the morph groups
    // whose revision changed).
    void update_joints(const Deformer& deformer, const DynamicParameters& parameters);

    // A crowd: rows of joint data (Deformer::write_joint_rows, one character after another,
    // joint_count() rows each) and where each stands: instance k shows rows
    // [k joint_count(), (k + 1) joint_count()) moved by offsets[k]. The constants are the
    // same for every instance. dLBS is not drawn in a crowd.
    void set_crowd(const std::vector<JointRow>& rows, const SkinningConstants& constants,
                   const std::vector<glm::vec3>& offsets);
    void draw_instances(std::size_t first_triangle, std::size_t triangle_count) const;

    // Binds the drawing program and its buffers with the frame's uniforms set; the caller
    // sets the fragment uniforms (mesh.frag's) and draws triangles with draw() (one
    // character) or draw_instances() (the crowd), a material's range at a time.
    GLuint bind_for_drawing(const glm::mat4& view_projection, bool bend);
    void draw(std::size_t first_triangle, std::size_t triangle_count) const;
    // The wireframe: lines [first_line, first_line + line_count) of the mesh's unique edges
    // (gl/unique_edges.h), for one character or the crowd's instances.
    void draw_edges(std::size_t first_line, std::size_t line_count, bool instances) const;

    // Runs the shader once over every vertex and reads back what it computes.
    void capture(std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals, bool bend = true);

    std::size_t vertex_count() const { return vertex_count_; }

private:
    static std::vector<glm::vec3> painted_layers(const SkinnedMesh& mesh);  // bend, floppy, squash
    void bind_common(GLuint program, const glm::mat4& view_projection, bool bend) const;
    void upload_joint_rows(const SkinningConstants& constants);
    void update_rotation_ring(const Deformer& deformer, const SkinningConstants& constants);
    void update_morphed_rest(const Deformer& deformer);

    GlProgram draw_program_, capture_program_;
    GlVertexArray vao_;
    GlBuffer rest_positions_, rest_normals_, uvs_, colors_, scalars_, ranges_, layers_, indices_, edges_;
    // Lookups by index (gl/texel_table.h): (joint, weight) pairs; (joint, beta, skeleton
    // distance / L, 0) pairs; joint rows (kJointTexelCount texels a joint, a crowd's characters one after another);
    // inverse binds (4 columns a joint); dLBS's local rotations, kHistoryTicks rows of joints.
    TexelTable influences_, betas_, joints_, inverse_binds_, rotation_ring_;
    GlBuffer feedback_, instance_offsets_;
    std::vector<JointRow> joint_rows_;
    MorphableVertices morphable_;
    std::vector<std::uint64_t> morph_revisions_;  // per morph group, the revision uploaded
    int joint_count_ = 0;
    GLsizei instance_count_ = 0;
    std::size_t vertex_count_ = 0;
    SkinningConstants constants_;
    // dLBS: the rotation ring mirrors the deformer's history (rows pushed as ticks come),
    // ring_ticks_ rows long, row = tick mod ring_ticks_.
    static Tick ring_slot(Tick tick, int ticks) { return ((tick % ticks) + ticks) % ticks; }
    Tick ring_newest_ = 0;
    int ring_restarts_ = -1;
    int ring_ticks_ = 0;
    std::vector<glm::vec4> ring_row_;  // one tick's rotations, reused
};

}  // namespace dynskin::gl
