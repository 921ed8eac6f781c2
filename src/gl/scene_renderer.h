#pragma once
// Everything the viewport draws, behind one narrow seam: the skin (lit, textured, colour
// mapped, wireframe), the LBS ghost, the ground grid and the skeleton on top.

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "gl/gl_objects.h"
#include "gl/gpu_skinning.h"

namespace dynskin::gl {

// What does not change while a character is shown.
struct StaticMesh {
    const std::vector<std::uint32_t>* triangles = nullptr;
    const std::vector<glm::vec2>* uvs = nullptr;     // may be empty
    const std::vector<glm::vec4>* colors = nullptr;  // may be empty
    int texture_width = 0, texture_height = 0;       // 0: no texture
    const std::uint8_t* texture_rgba = nullptr;
    glm::vec4 base_color{1.0f};
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
    bool gpu = false;              // the skin is skinned and bent by gpu(), not uploaded
    bool herd = false;             // with gpu: draw gpu()'s instances
    bool diverging = false;
    glm::vec2 scalar_range{0.0f, 1.0f};

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
    // The vertex-shader path; its mesh is set with gpu().set_mesh().
    GpuSkinning& gpu() { return gpu_; }

    // Draws into the bound framebuffer, whose size is viewport.
    void draw(const SceneView& view, const SkeletonView& skeleton, glm::ivec2 viewport);

private:
    struct SkinBuffers {
        GlVertexArray vao;
        GlBuffer positions, normals;
    };
    SkinBuffers make_skin_buffers();
    // The CPU-deformed skin (skin_ or ghost_) or, with view.gpu, the shader's (bent or not).
    void draw_skin(const SkinBuffers& skin, bool bent, const SceneView& view, int shading, glm::vec4 color);
    void set_surface_uniforms(GLuint program, const SceneView& view, int shading, glm::vec4 color) const;

    GlProgram mesh_program_, line_program_, grid_program_;
    GlBuffer indices_, uvs_, colors_, scalars_;
    SkinBuffers skin_, ghost_;
    GlTexture texture_;
    bool has_texture_ = false;
    glm::vec4 base_color_{1.0f};
    GLsizei index_count_ = 0;
    std::size_t vertex_count_ = 0;

    GlVertexArray grid_vao_, lines_vao_;
    GlBuffer grid_corners_, line_vertices_;
    GpuSkinning gpu_;
};

}  // namespace dynskin::gl
