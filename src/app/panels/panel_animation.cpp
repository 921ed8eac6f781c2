#include <cmath>

#include <imgui.h>

#include "app/panels/panels.h"

namespace dynskin::app {
namespace {

void play_button(Playback& playback) {
    if (ImGui::Button(playback.playing ? "Pause" : "Play", ImVec2(60 * ImGui::GetIO().FontGlobalScale, 0)))
        playback.playing = !playback.playing;
}

// Every instance keeps its own clip, phase and speed: the panel plays, pauses and scales them
// all, and undoes the drags.
void crowd_animation(ViewerState& state, Crowd& crowd) {
    ImGui::TextWrapped("A crowd of %d: each instance plays its own clip from its own phase, at 0.8x to 1.25x, "
                       "and is dragged on its own (its skeleton shows under the cursor).", crowd.count());
    play_button(state.playback);
    ImGui::SliderFloat("Speed", &state.playback.speed, 0.0f, 3.0f, "%.2fx");
    if (ImGui::Button("Reset poses")) crowd.reset_drags();
    ImGui::SameLine();
    ImGui::TextDisabled("(undo every instance's drags)");
}

}  // namespace

void animation_panel(ViewerState& state) {
    if (!ImGui::CollapsingHeader("Animation", ImGuiTreeNodeFlags_DefaultOpen) || !state.scene) return;
    Scene& scene = *state.scene;
    if (scene.crowd) return crowd_animation(state, *scene.crowd);
    const std::vector<AnimationClip>& clips = scene.character().clips;
    PoseInput& input = scene.input;

    const char* current = input.clip < 0 ? "none (rest pose)" : clips[input.clip].name.c_str();
    if (ImGui::BeginCombo("Clip", current)) {
        if (ImGui::Selectable("none (rest pose)", input.clip < 0)) {
            input.clip = -1;
            state.reset_history = true;
        }
        for (int c = 0; c < static_cast<int>(clips.size()); ++c) {
            const std::string label = (clips[c].name.empty() ? "clip " + std::to_string(c) : clips[c].name) + "##" +
                                      std::to_string(c);
            if (ImGui::Selectable(label.c_str(), input.clip == c)) {
                input.clip = c;
                input.clip_time = 0.0;
                state.reset_history = true;
            }
        }
        ImGui::EndCombo();
    }
    if (input.clip < 0) {
        ImGui::TextDisabled("Grab a joint in the view and drag it.");
    } else {
        const float duration = clips[input.clip].duration;
        play_button(state.playback);
        ImGui::SameLine();
        ImGui::Checkbox("Loop", &input.loop);
        float shown = static_cast<float>(input.loop && duration > 0.0f ? std::fmod(input.clip_time, double(duration))
                                                                        : std::min(input.clip_time, double(duration)));
        if (ImGui::SliderFloat("Time", &shown, 0.0f, duration, "%.2f s")) {
            input.clip_time = shown;  // a scrub: the motion history would lie
            state.reset_history = true;
        }
        ImGui::SliderFloat("Speed", &state.playback.speed, 0.0f, 3.0f, "%.2fx");
    }
    if (ImGui::Button("Reset pose")) {
        input.reset_drags(scene.character().skeleton.joint_count());
        state.reset_history = true;
    }
    ImGui::SameLine();
    ImGui::TextDisabled("(undo the drags)");
}

}  // namespace dynskin::app
