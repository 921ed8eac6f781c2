// dynskin's smallest program: load a skinned glTF, play its first clip for two seconds at
// 60 frames per second with Dynamic Skinning, and report how far the secondary motion moved
// the skin away from plain skinning.
#include <algorithm>
#include <cstdio>
#include <exception>

#include <glm/glm.hpp>

#include "dynskin/deformer.h"
#include "dynskin/gltf_loader.h"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s FILE.glb|FILE.gltf\n", argv[0]);
        return 2;
    }
    try {
        // The character (skeleton, skin, clips) and, when the file was saved by dynskin,
        // the settings it was tuned with.
        const dynskin::io::LoadedCharacter loaded = dynskin::io::load_gltf(argv[1]);
        const dynskin::Character& character = loaded.character;
        if (character.clips.empty()) {
            std::fprintf(stderr, "%s has no animation clip\n", argv[1]);
            return 1;
        }
        const dynskin::DynamicSettings settings = loaded.settings.value_or(dynskin::DynamicSettings{});

        // The deformer keeps the joints' motion history; a sampler gives the pose at any time.
        dynskin::Deformer deformer(character);
        const dynskin::PoseSampler clip = dynskin::clip_sampler(character.skeleton, character.clips[0], true);

        const int frames = 120;  // 2 seconds at 60 fps
        float largest = 0.0f;    // largest offset from plain skinning, in character sizes L
        for (int frame = 0; frame < frames; ++frame) {
            deformer.update(frame / 60.0, clip, settings);
            // positions(): the skin with the secondary motion; base_positions(): the same
            // frame skinned plainly. Both in world space, one per vertex.
            const auto& moved = deformer.positions();
            const auto& plain = deformer.base_positions();
            for (std::size_t i = 0; i < moved.size(); ++i)
                largest = std::max(largest, glm::distance(moved[i], plain[i]) / deformer.size());
        }
        std::printf("ok: %d frames, %zu vertices, largest offset %.4f L\n", frames,
                    character.mesh.vertex_count(), largest);
        return 0;
    } catch (const std::exception& error) {  // dynskin::io::LoadError, or a broken rig
        std::fprintf(stderr, "%s: %s\n", argv[1], error.what());
        return 1;
    }
}
