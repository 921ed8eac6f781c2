#pragma once
// Painting the per-vertex bend weight gamma with a brush on the deformed skin: paint toward a
// value, erase back to the default 1, smooth with the neighbours, fill everything; each
// stroke can be undone and redone.

#include <cstdint>
#include <vector>

#include "app/orbit_camera.h"
#include "core/skinned_mesh.h"

namespace dynskin::app {

enum class BrushMode { Paint, Erase, Smooth };

struct Brush {
    BrushMode mode = BrushMode::Paint;
    float radius = 0.08f;   // in character sizes
    float strength = 0.5f;  // how far one dab moves toward the target, 0..1
    float value = 0.0f;     // the weight painted (negative allowed: anticipation)
    float falloff = 0.5f;   // 0: hard edge, 1: smooth all the way from the centre
};

// The nearest hit of a ray on a triangle mesh, or false.
bool intersect_mesh(const Ray& ray, const std::vector<glm::vec3>& positions, const std::vector<std::uint32_t>& triangles,
                    glm::vec3& hit);

class BendPainter {
public:
    explicit BendPainter(const SkinnedMesh& mesh);

    // One dab at `center` on the skin shown with `positions`; size = the character size L.
    void dab(const Brush& brush, const glm::vec3& center, float size, const std::vector<glm::vec3>& positions,
             std::vector<float>& weights) const;

    // Undo history: call begin before changing the weights and end after; fill is a stroke.
    void begin_stroke(const std::vector<float>& weights) { before_ = weights; }
    void end_stroke(const std::vector<float>& weights);
    bool undo(std::vector<float>& weights);
    bool redo(std::vector<float>& weights);
    bool can_undo() const { return !undo_.empty(); }
    // Goes up with every change the painter makes (stroke, undo, redo): unsaved-work tracking.
    int revision() const { return revision_; }
    bool can_redo() const { return !redo_.empty(); }

private:
    std::vector<std::vector<std::uint32_t>> neighbours_;  // across split vertices too
    std::vector<float> before_;
    std::vector<std::vector<float>> undo_, redo_;
    int revision_ = 0;
};

}  // namespace dynskin::app
