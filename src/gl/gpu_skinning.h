#pragma once
// The GPU path: skinning, bend and normals in a vertex shader (shaders/skinning.vert) with
// the CPU's exact formulas. The per-vertex data (rest geometry, sparse influences and
// hierarchical weights) is uploaded once; each frame only the per-joint data goes up.
// Transform feedback captures the shader's positions and normals for tests and export.

#include <vector>

#include "core/character.h"
#include "core/dynamic_parameters.h"
#include "core/hierarchical_weights.h"
#include "core/joint_drive.h"
#include "gl/gl_objects.h"

namespace dynskin::gl {

class GpuSkinning {
public:
    GpuSkinning();  // compiles the programs (throws GlError naming file and line)

    // Per-vertex data, once per character. uvs/colors may be empty.
    void set_mesh(const SkinnedMesh& mesh, const HierarchicalWeights& betas);
    // The painted layer changed.
    void update_bend_weights(const std::vector<float>& bend_weights);
    // The per-vertex scalar the colour maps show.
    void update_scalars(const std::vector<float>& scalars);
    // This frame's joints: globals (forward kinematics at t) and the filtered drives.
    void update_joints(const SkinnedMesh& mesh, const std::vector<glm::mat4>& globals,
                       const std::vector<JointDrive>& drives, const DynamicParameters& parameters, float size);

    // A herd: rows of joint data (append_joint_row for each), uploaded at once, and the
    // instances, each showing one row at its own place and turn (xyz, angle about +Y).
    static void append_joint_row(const SkinnedMesh& mesh, const std::vector<glm::mat4>& globals,
                                 const std::vector<JointDrive>& drives, std::vector<glm::vec4>& texels);
    void set_joint_rows(const std::vector<glm::vec4>& texels, const DynamicParameters& parameters, float size);
    void set_instances(const std::vector<glm::vec4>& placements, const std::vector<int>& rows);
    void draw_instances() const;

    // Binds the drawing program and its buffers with the frame's uniforms set; the caller
    // sets the fragment uniforms (mesh.frag's) and draws with draw().
    GLuint bind_for_drawing(const glm::mat4& view_projection, bool bend);
    void draw() const;

    // Runs the shader once over every vertex and reads back what it computes.
    void capture(std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals, bool bend = true);

    std::size_t vertex_count() const { return vertex_count_; }

private:
    void bind_common(GLuint program, const glm::mat4& view_projection, bool bend) const;
    void upload_joint_texels(const DynamicParameters& parameters, float size);

    GlProgram draw_program_, capture_program_;
    GlVertexArray vao_;
    GlBuffer rest_positions_, rest_normals_, uvs_, colors_, scalars_, ranges_, bend_weights_, indices_;
    GlBuffer influence_buffer_, beta_buffer_, joint_buffer_;
    GlTexture influence_texture_, beta_texture_, joint_texture_;
    GlBuffer feedback_, instance_placements_, instance_rows_;
    std::vector<glm::vec4> joint_texels_;
    int joint_count_ = 0;
    GLsizei instance_count_ = 0;
    std::size_t vertex_count_ = 0;
    GLsizei index_count_ = 0;
    bool dual_quaternion_ = false, bend_enabled_ = false;
    float size_ = 1.0f, max_angle_ = 0.0f;
};

}  // namespace dynskin::gl
