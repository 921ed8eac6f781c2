#pragma once
// Painting a per-vertex layer (the bend weight gamma, or Velocity Skinning's floppy and squash
// weights) with a brush on the deformed skin: paint toward a value, erase back to the
// default 1, smooth with the neighbours, fill everything; each stroke, on whichever layer,
// can be undone and redone.

#include <cstdint>
#include <vector>

#include "app/input/orbit_camera.h"
#include "dynskin/skinned_mesh.h"

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

    // Undo history: call begin before changing a layer and end after; fill is a stroke. The
    // layers must outlive the painter (they are the mesh's, which the painter goes with).
    void begin_stroke(std::vector<float>& layer) {
        layer_ = &layer;
        before_ = layer;
    }
    void end_stroke();
    bool undo();
    bool redo();
    bool can_undo() const { return !undo_.empty(); }
    // Goes up with every change the painter makes (stroke, undo, redo): unsaved-work tracking.
    int revision() const { return revision_; }
    bool can_redo() const { return !redo_.empty(); }

private:
    std::vector<std::vector<std::uint32_t>> neighbours_;  // across split vertices too
    struct Step {
        std::vector<float>* layer;
        std::vector<float> values;  // the layer's values before (undo) or after (redo) the step
    };
    std::vector<float>* layer_ = nullptr;
    std::vector<float> before_;
    std::vector<Step> undo_, redo_;
    int revision_ = 0;
};

}  // namespace dynskin::app
