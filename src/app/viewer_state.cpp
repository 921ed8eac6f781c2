#include "app/viewer_state.h"

#include <cctype>
#include <cmath>
#include <filesystem>

#include "app/files/file_exchange.h"
#include "dynskin/gltf_saver.h"
#include "dynskin/linear_blend_skinning.h"

namespace dynskin::app {

Scene::Scene(io::LoadedCharacter loaded_character, std::string source_name)
    : loaded(std::move(loaded_character)),
      source(std::move(source_name)),
      deformer(loaded.character),
      painter(loaded.character.mesh),
      centre(loaded.character.mesh) {
    input.clip = loaded.character.clips.empty() ? -1 : 0;
    file_clip_count = loaded.character.clips.size();
    for (const AnimationClip& clip : loaded.character.clips)
        clip_travel.push_back(app::clip_travel(loaded.character.skeleton, clip));
    input.reset_drags(loaded.character.skeleton.joint_count());
}

void posed_bounds(const Scene& scene, glm::vec3& lo, glm::vec3& hi) {
    const Character& character = scene.character();
    std::vector<glm::vec3> positions;
    if (scene.deformer.globals().empty()) {
        positions = rest_pose_positions(character.skeleton, character.mesh);
    } else {
        std::vector<glm::mat4> skinning;
        std::vector<glm::vec3> normals;
        skinning_matrices(scene.deformer.globals(), character.mesh.inverse_binds, skinning);
        linear_blend_skinning(character.mesh, skinning, positions, normals);
    }
    lo = glm::vec3(INFINITY);
    hi = glm::vec3(-INFINITY);
    for (const glm::vec3& p : positions) lo = glm::min(lo, p), hi = glm::max(hi, p);
    if (positions.empty()) lo = hi = glm::vec3(0.0f);
}

bool has_unsaved_changes(const ViewerState& state) {
    if (!state.scene) return false;
    const Scene& scene = *state.scene;
    const bool unsaved_clips = scene.from_file && scene.character().clips.size() > scene.file_clip_count;
    return scene.painter.revision() != state.saved_paint_revision || state.settings != state.saved_settings ||
           unsaved_clips;
}

void mark_saved(ViewerState& state) {
    state.saved_paint_revision = state.scene ? state.scene->painter.revision() : 0;
    state.saved_settings = state.settings;
}

std::string default_save_path(const std::string& source) {
    const std::filesystem::path p(source);
    return (p.parent_path() / (p.stem().string() + "_dynskin.glb")).string();
}

namespace {

bool is_glb(const std::string& path) {
    std::string extension = std::filesystem::path(path).extension().string();
    for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return extension == ".glb";
}

}  // namespace

bool save_work(ViewerState& state, const std::string& path) {
    if (!state.scene) return false;
    Scene& scene = *state.scene;
    if (!scene.from_file) {
        state.error_message =
            "'" + scene.source + "' is made by code, not read from a file: save a preset for its parameters, or open a "
            "glTF file to save painted weights.";
        return false;
    }
    // The work is saved as a .glb: a .gltf keeps its text, and its work goes beside it.
    const std::string target = !path.empty() ? path : is_glb(scene.source) ? scene.source : default_save_path(scene.source);
    try {
        const std::vector<AnimationClip>& clips = scene.character().clips;
        const std::vector<AnimationClip> recorded(clips.begin() + static_cast<std::ptrdiff_t>(scene.file_clip_count), clips.end());
        const SkinnedMesh& mesh = scene.character().mesh;
        io::save_character_work(scene.source, target,
                                io::PaintedLayers{mesh.bend_weights, mesh.floppy_weights, mesh.squash_weights},
                                state.settings, recorded);
    } catch (const std::exception& e) {
        state.error_message = "Could not save " + target + ":\n" + e.what();
        return false;
    }
    scene.source = target;
    scene.file_clip_count = scene.character().clips.size();  // in the file now
    mark_saved(state);
    try {  // in the browser, the user gets the file; the page keeps its copy for the next save
        platform::offer_download(target, platform::AfterDownload::Keep);
    } catch (const std::exception& e) {
        state.error_message = "Could not download " + target + ":\n" + e.what();
        return false;
    }
    return true;
}

void set_tool(ViewerState& state, Tool tool) {
    if (tool == Tool::Paint && state.tool != Tool::Paint) state.display.color_map = ColorMap::PaintedLayer;
    if (tool == Tool::MoveCentroid) state.display.centroids = true;
    state.tool = tool;
}

std::vector<float>& painted_layer(Scene& scene, PaintLayer layer) {
    SkinnedMesh& mesh = scene.character().mesh;
    if (layer == PaintLayer::Bend) return mesh.bend_weights;
    std::vector<float>& values = layer == PaintLayer::Floppy ? mesh.floppy_weights : mesh.squash_weights;
    if (values.empty()) values.assign(mesh.vertex_count(), 1.0f);
    return values;
}

}  // namespace dynskin::app
