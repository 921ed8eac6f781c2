#pragma once
// A crowd of one character with dynamics of its own (dynskin --crowd N): N instances on a
// grid, each with its own joint level (its measurement history and filter: a JointDynamics
// of tens of kilobytes, all sharing one JointRig), its own clip, phase and playback speed, and
// each dragged on its own. Every frame the CPU runs every instance's joint level in one
// JointLevelJob, which writes its joint rows into one table, instance k's at rows
// [k J, (k + 1) J); the vertex shader skins and bends them all (gl::SceneRenderer::set_crowd).
// No GL here: the frame pipeline hands the table to the renderer.

#include <vector>

#include <glm/glm.hpp>

#include "app/input/pose_input.h"
#include "dynskin/joint_level.h"

namespace dynskin::app {

class Crowd {
public:
    struct Instance {
        explicit Instance(const JointRig& rig) : dynamics(rig) {}
        float speed = 1.0f;      // its playback speed, times the viewer's
        PoseInput input;         // its clip, clip time and drags
        // The clock samples the last frames only (a crowd never jumps in time): a quarter
        // of a second of them is plenty, and costs a few kilobytes an instance, not 20.
        PoseTimeline timeline{0.25};
        ClipCursor cursor;       // where its clip was last sampled
        JointDynamics dynamics;
    };

    // count (>= 1) instances of character, which must outlive the crowd, spread over its
    // clips, each at its own phase.
    Crowd(int count, const Character& character);
    Crowd(const Crowd&) = delete;  // its job refers to its own instances
    Crowd& operator=(const Crowd&) = delete;

    // The most instances of character that `bytes` hold with these settings (their joint
    // levels at the longest the settings ask for, timelines and rows), at least 1.
    static int instances_within(std::size_t bytes, const Character& character, const DynamicSettings& settings);

    // Every instance plays clip (-1: the rest pose), each at its own phase and speed.
    void play_clip(int clip);
    // Forgets every instance's motion (reset, a new clip): no wobble starts.
    void reset();
    // Undoes every instance's drags.
    void reset_drags();

    // One frame at world_time. clip_step: how far the viewer's playback moved since the last
    // frame (0 while paused); each instance's clip moves by that times its speed. Then every
    // instance's joint level runs and its rows are written into rows().
    void simulate(double world_time, double clip_step, const DynamicSettings& settings);

    int count() const { return static_cast<int>(instances_.size()); }
    int joint_count() const { return rig_.joint_count(); }
    float size() const { return rig_.size(); }
    const Instance& instance(int k) const { return instances_[k]; }
    // Instance k's pose input, ready for a JointDrag: its drag lists sized. An instance never
    // dragged keeps them empty, so that its timeline copies its input every frame without
    // allocating.
    PoseInput& drag_input(int k);
    // Instance k's joints in the world: its globals, moved to where it stands.
    std::vector<glm::mat4> placed_globals(int k) const;
    // Every instance's joint positions in the world, instance after instance.
    std::vector<glm::vec3> joint_positions() const;

    // The last simulate()'s joint rows (count() x joint_count(), in each character's own
    // space), the constants they share (without dLBS: a crowd is drawn without it), and each
    // instance's offset.
    const std::vector<JointRow>& rows() const { return rows_; }
    SkinningConstants constants(const DynamicParameters& parameters) const;
    // Where each instance stands: a translation only (crowd.cpp says why).
    const std::vector<glm::vec3>& offsets() const { return offsets_; }
    // Wall-clock milliseconds of the last simulate() (all instances, on the shared threads).
    double last_simulate_ms() const { return simulate_ms_; }
    // Bytes per instance: its joint level, pose input, timeline and rows.
    std::size_t memory_bytes_per_instance() const;

    // A box around the whole crowd at rest, for the camera and the ground.
    glm::vec3 lo() const { return lo_; }
    glm::vec3 hi() const { return hi_; }

private:
    // Instance k plays clip (-1: the rest pose) from its own phase.
    void start(int k, int clip);

    const Character& character_;
    JointRig rig_;
    std::vector<Instance> instances_;
    std::vector<PoseSampler> samplers_;      // per instance: its timeline, sampled with its cursor
    std::vector<JointLevelJob::Item> jobs_;  // per instance, pointing at the above
    std::vector<glm::vec3> offsets_;         // per instance
    std::vector<JointRow> rows_;
    double simulate_ms_ = 0.0;
    glm::vec3 lo_{0.0f}, hi_{0.0f};
};

}  // namespace dynskin::app
