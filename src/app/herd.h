#pragma once
// A crowd of one character on the GPU path (dynskin --herd N). One loop of the character's
// first clip is measured once, after enough loops that the wobbles repeat, and every
// instance plays that loop at its own phase: its own time offset, with the joint drives a
// deformer of its own would compute at that moment. Per frame the CPU only picks each
// instance's row; the vertex shader does the rest.

#include <optional>
#include <vector>

#include "dynskin/character.h"
#include "dynskin/settings.h"
#include "gl/scene_renderer.h"

namespace dynskin::app {

class Herd {
public:
    Herd(int count, const Character& character, unsigned seed = 1);

    // Measures the loop again when the settings changed since the last call, and gives the
    // renderer its rows.
    void prepare(const Character& character, const DynamicSettings& settings, gl::SceneRenderer& renderer);
    // Gives the renderer each instance's row at this time.
    void update(double world_time, gl::SceneRenderer& renderer);

    int count() const { return static_cast<int>(placements_.size()); }
    glm::vec3 lo() const { return lo_; }
    glm::vec3 hi() const { return hi_; }

private:
    std::vector<glm::vec4> placements_;  // x, y, z, turn about +Y
    std::vector<int> phase_ticks_;
    std::vector<int> rows_;
    int loop_ticks_ = 1;
    std::optional<DynamicSettings> prepared_settings_;  // what the rows were measured with
    glm::vec3 lo_{0.0f}, hi_{0.0f};
};

}  // namespace dynskin::app
