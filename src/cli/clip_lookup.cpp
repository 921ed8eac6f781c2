#include "cli/clip_lookup.h"

#include <stdexcept>

namespace dynskin::cli {

const AnimationClip& find_clip(const Character& character, const std::string& name) {
    for (const AnimationClip& clip : character.clips)
        if (clip.name == name) return clip;
    try {
        std::size_t used = 0;
        const long index = std::stol(name, &used);
        if (used == name.size() && index >= 0 && index < static_cast<long>(character.clips.size()))
            return character.clips[static_cast<std::size_t>(index)];
    } catch (const std::exception&) {
    }
    std::string names;
    for (const AnimationClip& clip : character.clips) names += (names.empty() ? "" : ", ") + ("'" + clip.name + "'");
    throw std::runtime_error("no clip '" + name + "' in the file (clips: " + (names.empty() ? "none" : names) + ")");
}

}  // namespace dynskin::cli
