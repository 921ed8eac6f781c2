#pragma once
// Everything the viewport draws, behind one narrow seam: the skin (lit, textured, colour
// mapped, wireframe), the LBS ghost, the ground grid and the skeleton on top.

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "gl/gl_objects.h"
#include "gl/gpu_skinning.h"
#include "gl/ground_grid.h"
// Plain structs (no file format): the materials and draw ranges the loader reads.
#include "dynskin/display_look.h"

namespace dynskin::gl {

// What does not change while a character is shown.
struct StaticMesh {
    const std::vector<std::uint32_t>* triangles = nullptr;
    const std::vector<glm::vec4>* colors = nullptr;  // may be empty
    // Materials, their triangle ranges, images and texture coordinates; null: glTF's default
    // material (white, opaque, single-sided) on every triangle.
    const io::DisplayLook* look = nullptr;
    std::size_t vertex_count = 0;
};

struct SceneView {
    glm::mat4 view_projection{1.0f};
    glm::vec3 camera_position{0.0f};
    glm::vec3 key_light{0.5f, 0.8f, 0.45f};  // direction toward the key light
    glm::vec4 clear_color{0.16f, 0.17f, 0.19f, 1.0f};

    bool show_mesh = true;
    bool show_wireframe = false;
    bool show_ghost = false;       // the base skinning, translucent
    bool show_grid = true;
    bool show_skeleton = true;
    bool color_map = false;        // shade with the per-vertex scalars instead of the albedo
    bool gpu = false;              // the skin is skinned and bent by the vertex shader, not uploaded
    bool crowd = false;            // with gpu: draw the crowd's instances
    bool diverging = false;
    glm::vec2 scalar_range{0.0f, 1.0f};
    // The framebuffer drawn into is multisampled: the grid's lines are then drawn first, one
    // pixel wide (gl/ground_grid.h).
    bool multisampled = false;
    // A rectangle of the framebuffer (x, y, width, height; pixels, y up) that an opaque panel
    // will cover: its depth is cleared to the near plane, so that the skin and the grid cost
    // no pixel there (on a software renderer the panel hides a third of the window).
    glm::ivec4 covered{0};

    glm::vec3 ground_center{0.0f};
    float ground_extent = 10.0f;
    float grid_cell = 0.1f;
    float joint_size = 9.0f;  // pixels
};

// Skeleton drawing: bones from each joint to its parent, a dot per joint.
struct SkeletonView {
    std::vector<glm::vec3> joints;
    std::vector<int> parents;
    int selected = -1;
    int hovered = -1;
};

class SceneRenderer {
public:
    SceneRenderer();  // compiles the shaders (throws GlError naming file and line)

    void set_mesh(const StaticMesh& mesh);
    void update_skin(const std::vector<glm::vec3>& positions, const std::vector<glm::vec3>& normals);
    void update_ghost(const std::vector<glm::vec3>& positions, const std::vector<glm::vec3>& normals);
    void update_scalars(const std::vector<float>& scalars);

    // The vertex-shader path (SceneView::gpu), kept behind these calls so that the caller
    // feeds it and reads it back but cannot draw with it or break its buffers.
    // Its per-vertex data, once per character (set_mesh sets the rest of what is drawn).
    void set_gpu_mesh(const Character& character, const Deformer& deformer,
                      const std::vector<glm::vec2>& texture_uvs = {});
    // This frame's joints, from a deformer updated to this frame's time
    // (GpuSkinning::update_joints).
    void update_gpu_joints(const Deformer& deformer, const DynamicParameters& parameters);
    // A painted layer (bend, floppy, squash) changed.
    void update_gpu_painted_layers(const SkinnedMesh& mesh);
    // Runs the shader over every vertex and reads back the skin it draws: bent, or the base
    // skinning without the bend (what the ghost shows).
    void capture_gpu_skin(std::vector<glm::vec3>& positions, std::vector<glm::vec3>& normals, bool bend);

    // A crowd (SceneView::crowd): every instance's joint rows, one character after another,
    // and where each stands (GpuSkinning::set_crowd).
    void set_crowd(const std::vector<JointRow>& rows, const SkinningConstants& constants,
                   const std::vector<glm::vec3>& offsets);

    // Draws into the bound framebuffer, whose size is viewport.
    void draw(const SceneView& view, const SkeletonView& skeleton, glm::ivec2 viewport);

private:
    struct SkinBuffers {
        GlVertexArray vao;
        GlBuffer positions, normals;
    };
    SkinBuffers make_skin_buffers();
    // Binds the program and buffers that draw the CPU-deformed skin (skin_ or ghost_) or,
    // with view.gpu, the shader's (bent or not), with one colour and no texture.
    GLuint bind_skin(const SkinBuffers& skin, bool bent, const SceneView& view, int shading, glm::vec4 color);
    void draw_triangles(const SceneView& view, std::size_t first_triangle, std::size_t triangle_count) const;
    // Lines [first_line, first_line + line_count) of the unique edges (gl/unique_edges.h).
    void draw_edges(const SceneView& view, std::size_t first_line, std::size_t line_count) const;
    // The wireframe overlay: the skin's edges as lines, drawn a little toward the camera.
    void draw_wireframe(const SceneView& view);
    // Every triangle in one colour (colour maps, wireframe, ghost).
    void draw_skin(const SkinBuffers& skin, bool bent, const SceneView& view, int shading, glm::vec4 color);
    // The skin with its materials: the opaque and masked ranges, or the blended ones.
    void draw_materials(const SceneView& view, bool blended);
    void set_material(GLuint program, const io::DisplayMaterial& material, std::size_t index) const;

    GlProgram mesh_program_, line_program_;
    GlBuffer indices_, edges_, uvs_, colors_, scalars_;
    SkinBuffers skin_, ghost_;
    std::vector<io::DisplayMaterial> materials_;
    std::vector<io::DrawRange> ranges_;
    std::vector<GlTexture> textures_;  // one per image of the look
    std::vector<GlSampler> samplers_;  // one per material
    std::size_t triangle_count_ = 0;
    std::size_t line_count_ = 0, shared_line_count_ = 0;  // the wireframe's edges
    std::size_t vertex_count_ = 0;

    GlVertexArray lines_vao_;
    GlBuffer line_vertices_;
    GroundGrid grid_;
    GpuSkinning gpu_;
};

}  // namespace dynskin::gl
