#pragma once
// Everything the viewer shows and the panels edit: the loaded character with its deformer,
// the user's settings and paint, playback, tools and display options.

#include <deque>
#include <memory>
#include <optional>
#include <string>

#include "app/crowd/crowd.h"
#include "app/export/export_tools.h"
#include "app/frame/adaptive_quality.h"
#include "app/frame/frame_timing.h"
#include "app/frame/steady_motion_view.h"
#include "app/frame/world_clock.h"
#include "app/input/bend_painter.h"
#include "app/input/follow_camera.h"
#include "app/input/joint_drag.h"
#include "app/input/orbit_camera.h"
#include "app/input/pose_input.h"
#include "dynskin/deformer.h"
#include "dynskin/gltf_loader.h"
#include "dynskin/offset_survey.h"

struct ImDrawList;

namespace dynskin::app {

enum class ColorMap { None, PaintedLayer, SkinWeight, Displacement };
enum class PaintLayer { Bend, Floppy, Squash };
enum class Tool { Drag, Paint, MoveCentroid };

// One loaded character and what goes with it. Not movable: the deformer keeps references.
struct Scene {
    Scene(io::LoadedCharacter loaded, std::string source);
    Scene(const Scene&) = delete;
    Scene& operator=(const Scene&) = delete;

    io::LoadedCharacter loaded;
    std::string source;                 // a file path, or a bundled character's name
    bool from_file = false;
    Character& character() { return loaded.character; }
    const Character& character() const { return loaded.character; }
    Deformer deformer;
    BendPainter painter;
    PoseInput input;
    PoseTimeline timeline;
    // The box of the character as posed in the world when the camera last framed it (a new
    // scene is framed at its first draw); the ground lies at its bottom.
    glm::vec3 framed_lo{0.0f}, framed_hi{0.0f};
    SteadyMotionView steady_view;
    std::size_t file_clip_count = 0;        // clips from the file; recorded ones come after
    // The skin's centre, which the camera follows (follow_camera.h), and how far each of the
    // file's clips carries it (the camera follows by default those that travel).
    SkinCentre centre;
    std::vector<float> clip_travel;
    // dynskin --crowd N: instances of the character, each with its own motion, shown and
    // dragged instead of the one character above (whose deformer still holds the per-vertex
    // data the shader reads). Null otherwise.
    std::unique_ptr<Crowd> crowd;
};

struct DisplayOptions {
    // The skeleton: on for the bundled characters, whose joints are there to be dragged; off
    // for files, whose many small joints (fingers, face) clutter the view (ViewerApp::load).
    bool mesh = true, wireframe = false, skeleton = true, ghost = false, grid = true;
    // The camera follows the character (follow_camera.h): set when a clip starts, on when the
    // clip carries the character more than half its size.
    bool follow = false;
    bool centroids = false;  // the squash centroids, as handles
    ColorMap color_map = ColorMap::None;
};

// Where the panel is and whether it shows (panel_layout.h): the last frame's, in window pixels.
struct PanelLayout {
    bool shown = true;
    float x = 0.0f, y = 0.0f, width = 0.0f, height = 0.0f;
    float scroll_max_y = 0.0f;  // > 0: the open sections do not fit, the panel scrolls
    // Its ImGui draw list in the last frame: drawn over an opaque backdrop of its own
    // (ui_drawing.h), not ImGui's background.
    const ImDrawList* draw_list = nullptr;
};

struct Playback {
    bool playing = true;
    float speed = 1.0f;
};

// A rig that came without settings plays with its strength sized to the clip it plays
// (rig_defaults.h): A, D and the translation gain that sizing set last, and by how much, for
// the panel. Once the user sets one of them by hand, theirs stays (user_owned).
struct StrengthSizing {
    int clip = -1;  // the clip sized for (-1: none yet)
    ClipSizing sizing;
    float amplitude = 0.0f, drag = 0.0f, translation_gain = 0.0f;  // as sizing left them
    bool user_owned = false;

    // Nothing sized yet, from the strength of parameters p (the next frame sizes it).
    static StrengthSizing before_sizing(const DynamicParameters& p) {
        return {-1, {}, p.oscillation.amplitude, p.oscillation.drag, p.translation_gain, false};
    }
};

struct ViewerState {
    std::unique_ptr<Scene> scene;
    DynamicSettings settings;
    StrengthSizing strength_sizing;
    Playback playback;
    DisplayOptions display;
    PanelLayout panel;
    OrbitCamera camera;
    Tool tool = Tool::Drag;
    bool gpu_path = false;  // skin and bend in the vertex shader
    Brush brush;
    PaintLayer paint_layer = PaintLayer::Bend;
    SteadyMotion steady;  // the deformation visualiser, on the selected joint
    int selected_joint = -1;
    int hovered_joint = -1;
    int selected_instance = 0, hovered_instance = 0;  // a crowd's: whose joints those are
    JointDrag drag;
    WorldClock world_clock;

    // Requests from the panels, carried out by the app between frames.
    std::optional<std::string> load_request;  // a path or a bundled name
    // The browser's download of the requested bundled character, for the panel's progress
    // bar (bundled_asset_download.h); the request waits for it.
    std::optional<float> download_fraction;
    bool reset_history = false;               // scrub, clip change, reset
    bool frame_camera = false;
    std::string error_message;                // shown in a popup while the current character stays
    std::string shared_link;                  // what "Copy link" copied last (panel_share.cpp)

    // Unsaved work: what was last loaded or saved, and what the user is asked to confirm.
    int saved_paint_revision = 0;
    DynamicSettings saved_settings;
    enum class Confirm { None, Quit, Open } confirm = Confirm::None;
    std::string confirm_path;    // the file to open once confirmed
    bool save_as_open = false;
    bool quit = false;

    // |F_j| of the selected joint over the last seconds, for the plot.
    ExportTools exports;  // bake, frame and clip recording (panel_export.cpp)

    std::deque<float> drive_history;
    float frame_ms = 0.0f, upload_ms = 0.0f;
    AdaptiveQuality quality;  // the view's MSAA and resolution, pinned or adapted (Performance panel)
    FrameTiming timing;       // the viewer's work apart from the waiting (Performance panel)
};

// Switching to the paint tool shows the painted layer's map, so the user sees what they paint.
void set_tool(ViewerState& state, Tool tool);

// The mesh's values of a painted layer; an unpainted (empty) Velocity Skinning layer is
// filled with its default 1 first, so that it can be painted.
std::vector<float>& painted_layer(Scene& scene, PaintLayer layer);

// Painted weights or settings differ from what was last loaded or saved.
// The bounding box of the character as posed now in the world: LBS of the deformer's
// current joints (or of the rest pose before the first update), whatever the drawing path.
void posed_bounds(const Scene& scene, glm::vec3& lo, glm::vec3& hi);

bool has_unsaved_changes(const ViewerState& state);
void mark_saved(ViewerState& state);
// Saves the paint and settings into a glb at path (the scene's own file when empty); on
// failure sets error_message and returns false. The scene's file becomes path.
// A .gltf source's work is saved beside it as default_save_path(source), which becomes the
// scene's file.
bool save_work(ViewerState& state, const std::string& path = "");
// Where the work on source is saved unless the user says otherwise: NAME_dynskin.glb beside it.
std::string default_save_path(const std::string& source);

}  // namespace dynskin::app
