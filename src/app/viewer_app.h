#pragma once
// The viewer: a GLFW window with an OpenGL 3.3 core context, Dear ImGui panels, the input,
// and the frame loop. Which simulation runs and what the renderer draws of it is the frame
// pipeline's (frame_pipeline.h). frame_tick() steps one frame so that headless runs and
// tests can drive it.

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "app/frame/frame_pipeline.h"
#include "app/input/centroid_handles.h"
#include "app/input/follow_camera.h"
#include "app/input/input_script.h"
#include "app/viewer_state.h"

struct GLFWwindow;

namespace dynskin::gl {
class SceneRenderer;
class RenderTarget;
class UiRenderer;
}  // namespace dynskin::gl

namespace dynskin::app {

class TouchGestures;

struct ViewerOptions {
    std::string character = "bar";  // a path or a bundled character's name
    std::string preset;              // a preset JSON file, optional
    bool headless = false;           // hidden window, fixed 1/60 s steps
    int frames = 0;                  // headless: frames to run
    std::string screenshot;          // headless: PNG written after the last frame
    std::string script;              // scripted input, a JSON file (see input_script.h)
    std::string clip;                // the clip to start with: a name, an index or "none"
    std::string link;                // parameters from a link's query, over the file's (settings_link.h)
    bool gpu = false;                // skin and bend in the vertex shader
    int crowd = 0;                   // > 0: a crowd of this many instances, each with its own motion (GPU path)
    int width = 1280, height = 800;
    // For rendered sequences (dynskin-cli render):
    std::string record_folder;               // every frame's view written there as PNGs
    double frame_seconds = 1.0 / 60.0;       // headless: the time step of one frame
    bool hide_ui = false;                    // panels not drawn, the character centred
    bool loop = true;                        // the starting clip loops
    // The view's quality: "auto" (adapts to the frame rate), or a level pinned (adaptive_quality.h);
    // empty: auto in a window, high headless (the same pictures on every machine).
    std::string quality;
    std::optional<DynamicSettings> settings; // replaces the file's settings and the preset
};

class ViewerApp {
public:
    explicit ViewerApp(const ViewerOptions& options);  // throws std::runtime_error
    ~ViewerApp();
    ViewerApp(const ViewerApp&) = delete;
    ViewerApp& operator=(const ViewerApp&) = delete;

    int run();
    void frame_tick(double dt);
    // Writes the last frame (with its panels) as a PNG. Throws std::runtime_error.
    void save_screenshot(const std::string& path) const;
    // The last frame as RGBA8 rows, top first, and its size. Headless runs keep it; a
    // window's frame is only readable from inside draw_frame(), before the swap.
    std::vector<std::uint8_t> read_frame(int& width, int& height) const;

    ViewerState& state() { return state_; }
    void set_script(std::vector<ScriptEvent> events) { script_ = std::move(events); }

private:
    void load(const std::string& file_or_name);
    // The crowd options_.crowd asks for, as large as the memory allows.
    std::unique_ptr<Crowd> make_crowd(const Scene& scene);
    // Carries out state_.load_request, once its file is there (the browser downloads bundled
    // characters on demand).
    void take_load_request();
    void handle_viewport_input();
    void handle_keys();
    // The frame pipeline's simulation, then |F| of the selected joint for its plot.
    void simulate(double dt);
    // The camera after the travelling character, when the Display panel's Follow is on.
    void follow_character(double dt);
    void size_strength_to_clip();
    void draw_frame();
    // The squash centroids and the visualiser's paths, over the view.
    void draw_overlays();
    void select_clip(const std::string& name_or_index);
    void apply_link_settings(const std::string& query);
    // Restyles the UI (sizes, font) when the content scale changed since the last frame.
    void follow_content_scale();
    // The view's quality from the options (pinned, or adapting from this renderer's start).
    void start_quality();
    void apply_script_events();
    void update_title();

    ViewerOptions options_;
    GLFWwindow* window_ = nullptr;
    ViewerState state_;
    std::unique_ptr<gl::SceneRenderer> renderer_;
    std::unique_ptr<gl::RenderTarget> target_;
    std::unique_ptr<gl::UiRenderer> ui_renderer_;  // the panels (ImGui's draw data)
    QualityLevel target_level_ = QualityLevel::High;  // the quality target_ was made for
    bool target_read_back_ = true;  // and whether it keeps the frame to be read after the swap
    std::unique_ptr<FramePipeline> pipeline_;  // made with the renderer it feeds
    // What a left-button drag in the view does, decided when the button goes down.
    enum class LeftDrag { None, Orbit, Joint, Paint, Centroid };
    LeftDrag left_drag_ = LeftDrag::None;
    CentroidDrag centroid_drag_;
    glm::vec3 centroid_drag_start_{0.0f};  // the offset when the drag began
    CameraFollow follow_;
    int followed_clip_ = -2;  // the clip follow_character() last decided for (-1: none)
    float ui_scale_ = 1.0f;   // the content scale the UI is styled for
    bool place_panel_ = false;  // the panel's position and size are set again next frame
    TouchGestures* touch_ = nullptr;  // the browser's touch screen (platform.h); null on the desktop
    int screenshot_count_ = 0;
    std::string pending_screenshot_;  // written at the end of the frame
    int frame_index_ = 0;
    std::optional<std::chrono::steady_clock::time_point> last_frame_start_;  // for the frames' interval
    std::string title_;
    std::vector<ScriptEvent> script_;
    glm::vec2 script_cursor_{0.0f};
    bool script_buttons_[3] = {false, false, false};
};

}  // namespace dynskin::app
