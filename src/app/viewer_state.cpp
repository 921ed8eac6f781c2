#include "app/viewer_state.h"

namespace dynskin::app {

Scene::Scene(io::LoadedCharacter loaded_character, std::string source_name)
    : loaded(std::move(loaded_character)),
      source(std::move(source_name)),
      deformer(loaded.character),
      painter(loaded.character.mesh) {
    input.clip = loaded.character.clips.empty() ? -1 : 0;
    input.reset_drags(loaded.character.skeleton.joint_count());
}

void set_tool(ViewerState& state, Tool tool) {
    if (tool == Tool::Paint && state.tool != Tool::Paint) state.display.color_map = ColorMap::BendWeight;
    state.tool = tool;
}

}  // namespace dynskin::app
