#pragma once
// A camera that keeps a travelling character in view (the train, a walk cycle with root
// motion): the orbit target moves with the centre of the skinned character. Plain maths, no
// GL or ImGui.

#include <vector>

#include <glm/glm.hpp>

#include "app/input/orbit_camera.h"
#include "dynskin/animation_clip.h"
#include "dynskin/skinned_mesh.h"

namespace dynskin::app {

// The mean of the linear-blend-skinned vertices from the joints' global matrices, in O(joints)
// a frame: LBS is linear in the rest positions, so the mean is
//   (1/V) sum_j S_j (sum_i w_ij r_i, sum_i w_ij)
// with S_j joint j's skinning matrix; the per-joint sums are made once. Whatever the drawing
// path (the GPU path's skin never comes back to the CPU).
class SkinCentre {
public:
    SkinCentre() = default;
    explicit SkinCentre(const SkinnedMesh& mesh);
    glm::vec3 operator()(const std::vector<glm::mat4>& globals) const;

private:
    std::vector<glm::vec4> weighted_rest_;  // xyz: sum of w_ij r_i; w: sum of w_ij
    std::vector<glm::mat4> inverse_binds_;
    glm::vec3 rest_mean_{0.0f};  // before any pose (no globals)
    float vertex_count_ = 0.0f;
};

// How far a clip carries the whole character: over samples of the clip (played once), each
// joint's largest distance from where it starts, and the least of these. A character that
// travels moves every joint; one that turns about its base (the bar), walks in place or waves
// keeps some joint near its start, and its skin's centre swinging around is no reason to move
// the camera.
float clip_travel(const Skeleton& skeleton, const AnimationClip& clip, int samples = 32);

// The orbit target eased after the character's centre: it moves by the centre's motion, so
// that what the user panned stays, smoothed over `time_constant` seconds, so that a walk's
// bounce does not shake the view. A jump of more than a character size in a frame (a clip
// looping back to its start, a teleport) is followed at once.
class CameraFollow {
public:
    // Starts from the centre where it is now (a framed camera, a new character).
    void reset(const glm::vec3& centre);
    // Forgets the eased centre: the next update starts from the centre then (no jump).
    void stop() { started_ = false; }
    // Moves camera.target after centre, dt seconds since the last update.
    void update(OrbitCamera& camera, const glm::vec3& centre, float size, double dt);

    float time_constant = 0.3f;

private:
    glm::vec3 eased_{0.0f};
    bool started_ = false;
};

}  // namespace dynskin::app
