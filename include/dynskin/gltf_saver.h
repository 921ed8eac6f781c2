#pragma once
// Saves the user's work into a .glb: the source file with the painted layers as the vertex
// attributes _DYNSKIN_BEND, _DYNSKIN_FLOPPY and _DYNSKIN_SQUASH (the last two only when
// painted) and the settings as the glTF extension DYNSKIN_dynamic_skinning (the global
// parameters on the root object, each joint's settings that differ from the defaults on its
// node; listed in extensionsUsed only, never required; see
// docs/extensions/DYNSKIN_dynamic_skinning). An older asset.extras.dynskin is removed. The
// result is still a plain glTF for other viewers (they show the plain skinning) and reopens
// in dynskin with everything as it was.

#include <stdexcept>
#include <string>
#include <vector>

#include "dynskin/animation_clip.h"
#include "dynskin/settings.h"

namespace dynskin::io {

struct SaveError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// bend_weights: one per vertex of the character loaded from source_path, in its vertex order.
// recorded_clips: clips made in the viewer (recorded drags), added as glTF animations of the
// source's joint nodes. External buffers and images of a .gltf source are embedded.
// output_path may equal source_path: the file is replaced only once the new one is complete.
// Throws SaveError.
void save_character_work(const std::string& source_path, const std::string& output_path,
                         const std::vector<float>& bend_weights, const DynamicSettings& settings,
                         const std::vector<AnimationClip>& recorded_clips = {});

// The same with all the painted layers; floppy and squash may be empty (uniform 1).
struct PaintedLayers {
    const std::vector<float>& bend;
    const std::vector<float>& floppy;
    const std::vector<float>& squash;
};
void save_character_work(const std::string& source_path, const std::string& output_path, const PaintedLayers& layers,
                         const DynamicSettings& settings, const std::vector<AnimationClip>& recorded_clips = {});

}  // namespace dynskin::io
