#include "app/viewer_app.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <stdexcept>
#include <utility>

#include "dynskin/deformer.h"
#include "gl/gl.h"  // before GLFW, which must not include a GL header itself
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <stb_image_write.h>

#include "app/export/export_actions.h"
#include "app/files/bundled_asset_download.h"
#include "app/files/file_exchange.h"
#include "app/files/file_requests.h"
#include "app/files/settings_link.h"
#include "app/frame/ui_drawing.h"
#include "app/input/key_taps.h"
#include "app/input/touch_gestures.h"
#include "app/panels/panel_layout.h"
#include "app/panels/panels.h"
#include "app/panels/ui_style.h"
#include "app/platform.h"
#include "characters/character_source.h"
#include "gl/render_target.h"
#include "gl/scene_renderer.h"
#include "gl/shader_source.h"
#include "gl/ui_renderer.h"
#include "dynskin/rig_defaults.h"
#include "io/settings/settings_json.h"

namespace dynskin::app {
namespace {

// The most instances a crowd gets on a software renderer in a window (start_quality).
constexpr int kSoftwareCrowdCap = 12;


// One finger on a touch screen replaces the mouse while it is down (and for the frame that
// shows its release).
void apply_touch_pointer(TouchGestures& touch) {
    const TouchGestures::Pointer pointer = touch.take_pointer();
    if (!pointer.active) return;
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(pointer.position.x, pointer.position.y);
    io.MouseDown[ImGuiMouseButton_Left] = pointer.down;
}

float milliseconds_since(std::chrono::steady_clock::time_point start,
                         std::chrono::steady_clock::time_point end = std::chrono::steady_clock::now()) {
    return static_cast<float>(std::chrono::duration<double, std::milli>(end - start).count());
}

void glfw_error(int code, const char* message) { std::fprintf(stderr, "GLFW error %d: %s\n", code, message); }

std::vector<glm::vec3> joint_positions(const std::vector<glm::mat4>& globals) {
    std::vector<glm::vec3> joints;
    joints.reserve(globals.size());
    for (const glm::mat4& g : globals) joints.emplace_back(g[3]);
    return joints;
}

// The joints the view shows and the mouse grabs: the one character's, or every instance's
// of a crowd, instance after instance.
std::vector<glm::vec3> shown_joints(const Scene& scene) {
    return scene.crowd ? scene.crowd->joint_positions() : joint_positions(scene.deformer.globals());
}

// The row of the joint a selection names: the one character's, or a crowd's instance's.
JointRow selected_row(const Scene& scene, int instance, int joint) {
    return scene.crowd ? scene.crowd->instance(instance).dynamics.joint_row(joint) : scene.deformer.joint_row(joint);
}

}  // namespace

ViewerApp::ViewerApp(const ViewerOptions& options) : options_(options) {
    glfwSetErrorCallback(glfw_error);
    if (!glfwInit())
        throw std::runtime_error("cannot open a window (no display?); for headless use run under xvfb-run -a");
    platform::window_hints(!options.headless);
    window_ = glfwCreateWindow(options.width, options.height, "dynskin", nullptr, nullptr);
    if (!window_) {
        glfwTerminate();
        throw std::runtime_error("cannot create an OpenGL 3.3 core window");
    }
    glfwMakeContextCurrent(window_);
    if (!platform::load_gl()) {
        glfwDestroyWindow(window_);
        glfwTerminate();
        throw std::runtime_error("cannot load OpenGL 3.3 functions");
    }
    glfwSwapInterval(options.headless ? 0 : 1);
    glfwSetWindowUserPointer(window_, this);
    glfwSetWindowCloseCallback(window_, [](GLFWwindow* w) {
        ViewerState& state = static_cast<ViewerApp*>(glfwGetWindowUserPointer(w))->state_;
        if (!has_unsaved_changes(state)) return;
        glfwSetWindowShouldClose(w, GLFW_FALSE);  // ask first
        state.confirm = ViewerState::Confirm::Quit;
    });
    glfwSetDropCallback(window_, [](GLFWwindow* w, int count, const char** paths) {
        // A .gltf comes with its .bin and images: open the glTF among them.
        const std::string file = character_file_among(platform::keep_dropped_files({paths, paths + count}));
        if (!file.empty()) static_cast<ViewerApp*>(glfwGetWindowUserPointer(w))->state_.load_request = file;
    });

    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // the layout is ours; no file left in the user's folder
    ui_scale_ = std::max(1.0f, platform::content_scale(window_));
    style_imgui(ui_scale_);
    ImGui_ImplGlfw_InitForOpenGL(window_, true);
    platform::adapt_input(window_);
    touch_ = platform::touch_gestures();
    install_key_taps(window_);
    // The panels are drawn by our own renderer: ImGui's OpenGL backend reads the GL state back
    // every frame (gl/ui_renderer.h).
    ImGui::GetIO().BackendRendererName = "dynskin::gl::UiRenderer";
    ui_renderer_ = std::make_unique<gl::UiRenderer>();
    upload_ui_fonts(*ui_renderer_);

    start_quality();
    if (!options.script.empty()) script_ = read_input_script(options.script);
    renderer_ = std::make_unique<gl::SceneRenderer>();
    pipeline_ = std::make_unique<FramePipeline>(*renderer_);
    state_.gpu_path = options.gpu || options.crowd > 0;
    load(options.character);
    if (!state_.scene && options.character != "bar") load("bar");  // keep something on screen
    if (state_.scene && !options.clip.empty()) select_clip(options.clip);
    if (state_.scene) state_.scene->input.loop = options.loop;
    if (!options.record_folder.empty()) {
        try {
            state_.exports.frames.start(options.record_folder);
        } catch (const std::exception& e) {
            state_.error_message = e.what();
        }
    }
    if (!options.preset.empty()) {
        try {
            state_.settings.parameters = io::load_preset(options.preset);
        } catch (const std::exception& e) {
            state_.error_message = "Could not load the preset " + options.preset + ": " + e.what();
        }
    }
    if (!options.link.empty() && state_.scene) apply_link_settings(options.link);
    if (options.settings && state_.scene) {
        state_.settings = *options.settings;
        state_.settings.joints.resize(static_cast<std::size_t>(state_.scene->character().skeleton.joint_count()));
    }
    // Settings given at the start (a preset, a link, dynskin-cli's) are the user's: not sized.
    if (!options.preset.empty() || !options.link.empty() || options.settings) state_.strength_sizing.user_owned = true;
}

ViewerApp::~ViewerApp() {
    pipeline_.reset();
    renderer_.reset();
    target_.reset();
    ui_renderer_.reset();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
    glfwDestroyWindow(window_);
    glfwTerminate();
}

void ViewerApp::start_quality() {
    const bool software = gl::is_software_renderer(gl::renderer_name());
    std::optional<QualityLevel> pinned;
    if (options_.quality.empty() && options_.headless) pinned = QualityLevel::High;  // the same pictures everywhere
    try {
        if (!options_.quality.empty()) pinned = parse_quality(options_.quality);
    } catch (const std::invalid_argument& e) {
        state_.error_message = std::string("The quality setting could not be used: ") + e.what() + "; it adapts instead.";
    }
    state_.quality.start(software, pinned);
    // A crowd is vertices and pixels times its size: on a software renderer a large one froze
    // the page (20 cows: 0.8 fps, a first frame after 8.5 s in SwiftShader). Headless runs
    // (tests, rendered sequences) draw what they are asked.
    if (software && !options_.headless && options_.crowd > kSoftwareCrowdCap) {
        if (!state_.error_message.empty()) state_.error_message += "\n\n";
        state_.error_message += "A crowd of " + std::to_string(options_.crowd) +
                               " would freeze this software renderer (" + gl::renderer_name() + "): " +
                               std::to_string(kSoftwareCrowdCap) + " instances are shown. With a GPU, all of them are.";
        options_.crowd = kSoftwareCrowdCap;
    }
}

std::unique_ptr<Crowd> ViewerApp::make_crowd(const Scene& scene) {
    // As many as asked, or as many as the memory there is holds (the browser's).
    const DynamicSettings settings = saved_or_unseen_rig_settings(scene.loaded.settings, scene.character());
    const int affordable = Crowd::instances_within(platform::crowd_memory_budget(), scene.character(), settings);
    if (options_.crowd > affordable) {
        if (!state_.error_message.empty()) state_.error_message += "\n\n";
        state_.error_message += "A crowd of " + std::to_string(options_.crowd) + " instances of " +
                               scene.character().name + " would not fit in this page's memory: " +
                               std::to_string(affordable) + " are shown.";
    }
    return std::make_unique<Crowd>(std::min(options_.crowd, affordable), scene.character());
}

void ViewerApp::load(const std::string& file_or_name) {
    try {
        auto scene = std::make_unique<Scene>(characters::load_character(file_or_name), file_or_name);
        if (options_.crowd > 0) scene->crowd = make_crowd(*scene);
        std::error_code error;
        scene->from_file = std::filesystem::exists(file_or_name, error);
        state_.settings = saved_or_unseen_rig_settings(scene->loaded.settings, scene->character());
        state_.strength_sizing = StrengthSizing::before_sizing(state_.settings.parameters);
        state_.scene = std::move(scene);
        state_.exports.clip.cancel();  // its poses were of the character that goes
        mark_saved(state_);
        state_.selected_joint = state_.hovered_joint = -1;
        state_.selected_instance = state_.hovered_instance = 0;
        state_.drag.end();
        state_.drive_history.clear();
        state_.reset_history = true;
        state_.frame_camera = true;
        state_.display.skeleton = !state_.scene->from_file;  // see DisplayOptions
        followed_clip_ = -2;  // follow_character() decides for the new character's clip
        pipeline_->set_scene(*state_.scene);
    } catch (const std::exception& e) {
        state_.error_message = "Could not open " + file_or_name + ":\n" + e.what();
    }
    // The browser's copies of files opened before, or refused now, are no longer needed.
    platform::release_files_except(state_.scene ? state_.scene->source : "");
}

void ViewerApp::apply_link_settings(const std::string& query) {
    // Over the character's own preset, for the keys the link names; the character and clip
    // were chosen from it before (main.cpp). What cannot be used is said, once, in the popup.
    const SettingsLink link = apply_link(query, state_.settings.parameters);
    if (link.messages.empty()) return;
    std::string message = "Some of the link's settings could not be used as given:";
    for (const std::string& line : link.messages) message += "\n  " + line;
    state_.error_message += (state_.error_message.empty() ? "" : "\n\n") + message;
}

void ViewerApp::take_load_request() {
    const std::string request = *state_.load_request;
    const AssetDownload asset = request_bundled_asset(request);
    state_.download_fraction.reset();
    if (!asset.error.empty()) {
        state_.load_request.reset();
        state_.error_message = "Could not open " + request + ":\n" + asset.error;
        return;
    }
    if (!asset.ready) {  // asked again next frame, until it is there
        state_.download_fraction = asset.fraction;
        return;
    }
    state_.load_request.reset();
    if (has_unsaved_changes(state_)) {
        state_.confirm = ViewerState::Confirm::Open;
        state_.confirm_path = request;
    } else {
        load(request);
    }
}

void ViewerApp::select_clip(const std::string& name_or_index) {
    const std::vector<AnimationClip>& clips = state_.scene->character().clips;
    int found = name_or_index == "none" ? -1 : -2;
    for (int c = 0; c < static_cast<int>(clips.size()) && found == -2; ++c)
        if (clips[c].name == name_or_index || std::to_string(c) == name_or_index) found = c;
    if (found == -2) {
        state_.error_message = "No clip '" + name_or_index + "' in " + state_.scene->character().name;
        return;
    }
    state_.scene->input.clip = found;
    state_.scene->input.clip_time = 0.0;
    if (state_.scene->crowd) state_.scene->crowd->play_clip(found);  // all of it, each at its own phase
    state_.reset_history = true;
}

void ViewerApp::apply_script_events() {
    ImGuiIO& io = ImGui::GetIO();
    for (bool& down : io.KeysDown) down = false;
    io.KeyCtrl = io.KeyShift = false;
    for (const ScriptEvent& e : script_) {
        if (e.frame != frame_index_) continue;
        const int joints = state_.scene ? state_.scene->character().skeleton.joint_count() : 0;
        const int instances = state_.scene && state_.scene->crowd ? state_.scene->crowd->count() : 1;
        if (e.joint >= 0 && e.joint < joints && e.instance >= 0 && e.instance < instances) {
            int width = 0, height = 0;
            glfwGetWindowSize(window_, &width, &height);
            const glm::vec3 joint = shown_joints(*state_.scene)[std::size_t(e.instance) * joints + e.joint];
            state_.camera.project(joint, glm::vec2(width, height), script_cursor_);
        }
        if (e.has_at) script_cursor_ = e.at;
        if (e.has_move) script_cursor_ += e.move;
        if (e.press >= 0) script_buttons_[e.press] = true;
        if (e.release >= 0) script_buttons_[e.release] = false;
        if (e.key >= 0) io.KeysDown[e.key] = true;
        io.KeyCtrl = io.KeyCtrl || e.ctrl;
        io.KeyShift = io.KeyShift || e.shift;
        io.MouseWheel += e.wheel;
    }
    io.MousePos = ImVec2(script_cursor_.x, script_cursor_.y);
    for (int b = 0; b < 3; ++b) io.MouseDown[b] = script_buttons_[b];
}

int ViewerApp::run() {
    if (options_.headless) {
        for (int f = 0; f < std::max(options_.frames, 1); ++f) frame_tick(options_.frame_seconds);
        if (!options_.screenshot.empty()) save_screenshot(options_.screenshot);
        return 0;
    }
    platform::run_frame_loop(window_, [this](double dt) {
        frame_tick(dt);
        return !state_.quit;
    });
    return 0;
}

void ViewerApp::frame_tick(double dt) {
    const auto start = std::chrono::steady_clock::now();
    const float interval = last_frame_start_ ? milliseconds_since(*last_frame_start_, start) : 0.0f;
    last_frame_start_ = start;
    // The platform paces the frames (the browser's animation frames wait for the GPU): the
    // interval says how fast they really go. Headless steps are fixed: nothing to learn.
    if (!options_.headless) state_.quality.observe(dt);
    pipeline_->begin_frame();
    glfwPollEvents();
    receive_picked_files(state_);
    if (state_.load_request) take_load_request();
    follow_content_scale();
    ImGui_ImplGlfw_NewFrame();
    if (touch_) apply_touch_pointer(*touch_);     // after the backend: a finger is the left button
    if (!script_.empty()) apply_script_events();  // after the backend, so the script wins
    const auto ui_start = std::chrono::steady_clock::now();
    ImGui::NewFrame();

    panel_layout(state_, std::exchange(place_panel_, false), options_.hide_ui);
    error_popup(state_);
    save_as_popup(state_);
    unsaved_changes_popup(state_);
    update_title();
    state_.timing.ui_ms = milliseconds_since(ui_start);  // draw_frame adds the drawing

    if (state_.scene) {
        handle_keys();
        handle_viewport_input();
        size_strength_to_clip();
        simulate(dt);
        follow_character(dt);
        draw_overlays();
    }
    draw_frame();
    release_key_taps();  // this frame saw them down
    ++frame_index_;
    state_.frame_ms = milliseconds_since(start);
    state_.timing.record(interval, state_.frame_ms);
}

void ViewerApp::follow_content_scale() {
    // The browser's device pixel ratio changes with its zoom and when the window moves to
    // another screen; a desktop window's content scale when it moves to another monitor.
    const float scale = std::max(1.0f, platform::content_scale(window_));
    if (scale == ui_scale_) return;
    ui_scale_ = scale;
    ImGui::GetStyle() = ImGuiStyle();  // ScaleAllSizes multiplies: from the unscaled sizes
    style_imgui(scale);
    upload_ui_fonts(*ui_renderer_);
    place_panel_ = true;
}

void ViewerApp::handle_keys() {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantCaptureKeyboard) return;
    Scene& scene = *state_.scene;
    if (ImGui::IsKeyPressed(GLFW_KEY_F)) state_.frame_camera = true;
    if (ImGui::IsKeyPressed(GLFW_KEY_H)) state_.panel.shown = !state_.panel.shown;
    if (ImGui::IsKeyPressed(GLFW_KEY_SPACE)) state_.playback.playing = !state_.playback.playing;
    if (ImGui::IsKeyPressed(GLFW_KEY_R)) state_.reset_history = true;
    if (ImGui::IsKeyPressed(GLFW_KEY_G)) state_.display.ghost = !state_.display.ghost;
    if (ImGui::IsKeyPressed(GLFW_KEY_W)) state_.display.wireframe = !state_.display.wireframe;
    if (ImGui::IsKeyPressed(GLFW_KEY_P)) set_tool(state_, state_.tool == Tool::Paint ? Tool::Drag : Tool::Paint);
    if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_S)) {
        if (io.KeyShift || !scene.from_file) state_.save_as_open = true;
        else save_work(state_);
    }
    if (io.KeyCtrl && ImGui::IsKeyPressed(GLFW_KEY_Z)) {
        if (io.KeyShift) scene.painter.redo();
        else scene.painter.undo();
    }
    if (ImGui::IsKeyPressed(GLFW_KEY_F12)) {
        char name[64];
        std::snprintf(name, sizeof name, "dynskin-%03d.png", screenshot_count_++);
        pending_screenshot_ = name;
    }
}

void ViewerApp::update_title() {
    std::string title = "dynskin";
    if (state_.scene) title += " - " + state_.scene->character().name + (has_unsaved_changes(state_) ? " *" : "");
    if (title != title_) {
        glfwSetWindowTitle(window_, title.c_str());
        title_ = title;
    }
}

void ViewerApp::handle_viewport_input() {
    const ImGuiIO& io = ImGui::GetIO();
    Scene& scene = *state_.scene;
    int width = 0, height = 0;
    glfwGetWindowSize(window_, &width, &height);
    const glm::vec2 viewport(std::max(width, 1), std::max(height, 1));
    const glm::vec2 cursor(io.MousePos.x, io.MousePos.y);
    const bool over_ui = io.WantCaptureMouse && left_drag_ == LeftDrag::None;

    const bool editing = !scene.crowd;  // a crowd's instances are dragged, not painted
    const int picked = !over_ui && state_.tool == Tool::Drag && left_drag_ == LeftDrag::None
                           ? pick_joint(shown_joints(scene), state_.camera, cursor, viewport, 12.0f * io.FontGlobalScale)
                           : -1;
    const int joint_count = scene.character().skeleton.joint_count();
    state_.hovered_joint = picked < 0 ? -1 : picked % joint_count;
    state_.hovered_instance = picked < 0 ? 0 : picked / joint_count;
    const Ray ray = state_.camera.ray_through(cursor, viewport);
    // The brush: a circle of its radius on the surface under the cursor.
    glm::vec3 surface;
    if (editing && state_.tool == Tool::Paint && !over_ui &&
        intersect_mesh(ray, pipeline_->shown_positions(state_), scene.character().mesh.triangles, surface)) {
        const glm::mat4 v = state_.camera.view();
        const glm::vec3 right(v[0][0], v[1][0], v[2][0]);
        glm::vec2 centre, edge;
        if (state_.camera.project(surface, viewport, centre) &&
            state_.camera.project(surface + right * (state_.brush.radius * scene.deformer.size()), viewport, edge)) {
            ImDrawList* draw = ImGui::GetForegroundDrawList();
            const float r = glm::length(edge - centre);
            draw->AddCircle(ImVec2(centre.x, centre.y), r, IM_COL32(255, 255, 255, 200), 48, 1.5f);
            draw->AddCircle(ImVec2(centre.x, centre.y), r * (1.0f - state_.brush.falloff), IM_COL32(255, 255, 255, 90), 48, 1.0f);
        }
    }

    if (!over_ui && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        glm::vec3 hit;
        const int centroid = editing && state_.tool == Tool::MoveCentroid
                                 ? pick_joint(centroid_positions(scene.deformer), state_.camera, cursor,
                                              viewport, 12.0f * io.FontGlobalScale)
                                 : -1;
        if (centroid >= 0) {
            left_drag_ = LeftDrag::Centroid;
            state_.selected_joint = centroid;
            const auto joints = static_cast<std::size_t>(scene.deformer.joint_count());
            if (state_.settings.joints.size() < joints) state_.settings.joints.resize(joints);
            centroid_drag_start_ = state_.settings.joints[centroid].centroid_offset;
            centroid_drag_.begin(centroid, glm::vec3(scene.deformer.joint_row(centroid).centroid), state_.camera);
        } else if (editing && state_.tool == Tool::Paint &&
                   intersect_mesh(ray, pipeline_->shown_positions(state_), scene.character().mesh.triangles, hit)) {
            left_drag_ = LeftDrag::Paint;
            scene.painter.begin_stroke(painted_layer(scene, state_.paint_layer));
        } else if (state_.hovered_joint >= 0) {
            left_drag_ = LeftDrag::Joint;
            state_.drive_history.clear();
            state_.selected_instance = state_.hovered_instance;
            if (scene.crowd) {  // that instance alone, where it stands
                const int k = state_.selected_instance;
                state_.drag.begin(state_.hovered_joint, scene.character().skeleton, scene.crowd->placed_globals(k),
                                  scene.crowd->drag_input(k), state_.camera, cursor, io.KeyShift);
            } else {
                state_.drag.begin(state_.hovered_joint, scene.character().skeleton, scene.deformer.globals(),
                                  scene.input, state_.camera, cursor, io.KeyShift);
            }
            // Select the joint that turns: its settings and plot are about the motion made.
            state_.selected_joint = state_.drag.moved();
        } else {
            left_drag_ = LeftDrag::Orbit;
        }
    }
    if (ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        glm::vec3 hit;
        switch (left_drag_) {
            // In points, not pixels: the same turn for the same hand's move on a HiDPI screen.
            case LeftDrag::Orbit:
                state_.camera.orbit(io.MouseDelta.x / io.FontGlobalScale, io.MouseDelta.y / io.FontGlobalScale);
                break;
            case LeftDrag::Joint:
                state_.drag.update(ray, cursor,
                                   scene.crowd ? scene.crowd->drag_input(state_.selected_instance) : scene.input);
                break;
            case LeftDrag::Centroid:
                state_.settings.joints[centroid_drag_.joint()].centroid_offset = centroid_drag_.offset(
                    ray, scene.deformer.globals()[centroid_drag_.joint()], centroid_drag_start_);
                break;
            case LeftDrag::Paint:
                if (intersect_mesh(ray, pipeline_->shown_positions(state_), scene.character().mesh.triangles, hit))
                    scene.painter.dab(state_.brush, hit, scene.deformer.size(), pipeline_->shown_positions(state_),
                                      painted_layer(scene, state_.paint_layer));
                break;
            case LeftDrag::None: break;
        }
    } else if (left_drag_ != LeftDrag::None) {
        if (left_drag_ == LeftDrag::Paint) scene.painter.end_stroke();
        state_.drag.end();
        centroid_drag_.end();
        left_drag_ = LeftDrag::None;
    }
    if (!over_ui) {
        if (ImGui::IsMouseDown(ImGuiMouseButton_Middle)) {
            if (io.KeyShift) state_.camera.pan(io.MouseDelta.x, io.MouseDelta.y, viewport.y);
            else state_.camera.orbit(io.MouseDelta.x / io.FontGlobalScale, io.MouseDelta.y / io.FontGlobalScale);
        }
        if (ImGui::IsMouseDown(ImGuiMouseButton_Right)) state_.camera.pan(io.MouseDelta.x, io.MouseDelta.y, viewport.y);
        if (io.MouseWheel != 0.0f) state_.camera.zoom(io.MouseWheel);
    }
    if (touch_) {  // two fingers: pinch to zoom, move together to pan
        const TouchGestures::CameraMotion motion = touch_->take_camera_motion();
        state_.camera.zoom_by(motion.zoom);
        if (motion.pan != glm::vec2(0.0f)) state_.camera.pan(motion.pan.x, motion.pan.y, viewport.y);
    }
}

void ViewerApp::size_strength_to_clip() {
    Scene& scene = *state_.scene;
    StrengthSizing& sized = state_.strength_sizing;
    const int clip = scene.input.clip;
    if (scene.loaded.settings || scene.crowd || sized.user_owned || clip == sized.clip || clip < 0 ||
        clip >= static_cast<int>(scene.character().clips.size()))
        return;
    DynamicParameters& p = state_.settings.parameters;
    if (p.oscillation.amplitude != sized.amplitude || p.oscillation.drag != sized.drag ||
        p.translation_gain != sized.translation_gain) {
        sized.user_owned = true;  // set by hand since: theirs
        return;
    }
    // The same settings (f, tau, the ground contact...) at the strength of the rig's defaults,
    // then sized to this clip. Settings that were saved stay so.
    const bool saved = state_.settings == state_.saved_settings;
    const DynamicSettings unsized = scaled_strength(state_.settings, 1.0f / sized.sizing.scale);
    sized.sizing = size_dynamics_to_clip(scene.character(), scene.character().clips[static_cast<std::size_t>(clip)], unsized);
    sized.clip = clip;
    state_.settings = scaled_strength(unsized, sized.sizing.scale);
    sized.amplitude = p.oscillation.amplitude;
    sized.drag = p.oscillation.drag;
    sized.translation_gain = p.translation_gain;
    if (saved) state_.saved_settings = state_.settings;
}

void ViewerApp::follow_character(double dt) {
    Scene& scene = *state_.scene;
    if (scene.crowd) return;  // the camera frames the whole crowd
    // A new clip (or character): follow it when it travels.
    if (scene.input.clip != followed_clip_) {
        followed_clip_ = scene.input.clip;
        const auto clip = static_cast<std::size_t>(scene.input.clip);
        state_.display.follow = scene.input.clip >= 0 && clip < scene.clip_travel.size() &&
                                scene.clip_travel[clip] > 0.5f * scene.deformer.size();
    }
    // Not while the user drags: the joint under the cursor would slip away. While it does not
    // follow, nothing is computed; the next update starts again from where the centre is.
    if (!state_.display.follow || left_drag_ != LeftDrag::None) return follow_.stop();
    follow_.update(state_.camera, scene.centre(scene.deformer.globals()), scene.deformer.size(), dt);
}

void ViewerApp::draw_overlays() {
    const Scene& scene = *state_.scene;
    const bool visualising = pipeline_->visualising();
    if (scene.crowd || !(state_.display.centroids || visualising)) return;
    int width = 0, height = 0;
    glfwGetWindowSize(window_, &width, &height);
    const glm::vec2 viewport(std::max(width, 1), std::max(height, 1));
    ImDrawList* draw = ImGui::GetBackgroundDrawList();  // over the scene, under the panels
    const float scale = ImGui::GetIO().FontGlobalScale;
    if (visualising) {
        std::vector<ImVec2> points;
        for (const std::vector<glm::vec3>& path : scene.steady_view.paths()) {
            points.clear();
            glm::vec2 pixel;
            for (const glm::vec3& p : path)
                if (state_.camera.project(p, viewport, pixel)) points.emplace_back(pixel.x, pixel.y);
            draw->AddPolyline(points.data(), static_cast<int>(points.size()), IM_COL32(255, 70, 200, 190), 0, 1.2f * scale);
            if (!points.empty()) draw->AddCircleFilled(points.back(), 2.0f * scale, IM_COL32(255, 40, 160, 255));
        }
    }
    if (state_.display.centroids) {
        for (int j = 0; j < scene.deformer.joint_count(); ++j) {
            const JointRow row = scene.deformer.joint_row(j);
            glm::vec2 c;
            if (!state_.camera.project(glm::vec3(row.centroid), viewport, c)) continue;
            const float r = (int(j) == state_.selected_joint ? 7.0f : 5.0f) * scale;
            const ImVec2 diamond[4] = {{c.x, c.y - r}, {c.x + r, c.y}, {c.x, c.y + r}, {c.x - r, c.y}};
            if (int(j) == state_.selected_joint) {
                draw->AddConvexPolyFilled(diamond, 4, IM_COL32(80, 200, 255, 230));
                glm::vec2 q;  // the medial axis, from the joint to its centroid
                if (state_.camera.project(glm::vec3(row.position), viewport, q))
                    draw->AddLine(ImVec2(q.x, q.y), ImVec2(c.x, c.y), IM_COL32(80, 200, 255, 160), 1.5f * scale);
            }
            draw->AddPolyline(diamond, 4, IM_COL32(230, 250, 255, 220), ImDrawFlags_Closed, 1.5f * scale);
        }
    }
}

void ViewerApp::simulate(double dt) {
    pipeline_->simulate(state_, dt);
    if (state_.selected_joint >= 0) {
        const JointRow row = selected_row(*state_.scene, state_.selected_instance, state_.selected_joint);
        state_.drive_history.push_back(glm::length(glm::vec3(row.angular_gain)));
        while (state_.drive_history.size() > 300) state_.drive_history.pop_front();
    }
}

void ViewerApp::draw_frame() {
    int fb_width = 0, fb_height = 0;
    glfwGetFramebufferSize(window_, &fb_width, &fb_height);
    fb_width = std::max(fb_width, 1);
    fb_height = std::max(fb_height, 1);
    // The frame stays in the window unless something reads it after this frame's swap.
    const bool read_back = options_.headless || state_.exports.frames.recording() || !pending_screenshot_.empty();
    if (!target_ || target_->width() != fb_width || target_->height() != fb_height ||
        target_level_ != state_.quality.level() || target_read_back_ != read_back) {
        target_level_ = state_.quality.level();
        target_read_back_ = read_back;
        const RenderQuality quality = render_quality(target_level_);
        target_ = std::make_unique<gl::RenderTarget>(fb_width, fb_height, quality.samples, quality.scale,
                                                     read_back ? gl::FrameStore::Texture : gl::FrameStore::Window);
    }

    gl::SceneView view;
    view.multisampled = target_->samples() > 1;
    gl::SkeletonView skeleton;
    if (state_.scene) {
        Scene& scene = *state_.scene;
        const Deformer& d = scene.deformer;
        const Crowd* crowd = scene.crowd.get();  // the camera frames the whole crowd
        if (state_.frame_camera) {
            posed_bounds(scene, scene.framed_lo, scene.framed_hi);
            state_.camera.frame(crowd ? crowd->lo() : scene.framed_lo, crowd ? crowd->hi() : scene.framed_hi,
                                float(fb_width) / float(fb_height));
            state_.frame_camera = false;
            follow_.reset(scene.centre(d.globals()));
        }
        const glm::vec3 lo = crowd ? crowd->lo() : scene.framed_lo, hi = crowd ? crowd->hi() : scene.framed_hi;
        const auto upload_start = std::chrono::steady_clock::now();
        pipeline_->prepare_view(state_, view);
        state_.upload_ms = static_cast<float>(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - upload_start).count());

        const float aspect = float(fb_width) / float(fb_height);
        view.view_projection = state_.camera.projection(aspect) * state_.camera.view();
        view.camera_position = state_.camera.position();
        {  // key light above, a little to the left of the camera
            const glm::mat4 v = state_.camera.view();
            const glm::vec3 right(v[0][0], v[1][0], v[2][0]), up(v[0][1], v[1][1], v[2][1]);
            const glm::vec3 back = glm::normalize(view.camera_position - state_.camera.target);
            view.key_light = glm::normalize(-0.35f * right + 0.55f * up + 0.75f * back);
        }
        view.show_mesh = state_.display.mesh;
        view.show_wireframe = state_.display.wireframe;
        view.show_ghost = state_.display.ghost;
        view.show_grid = state_.display.grid;
        view.show_skeleton = state_.display.skeleton;
        const float size = d.size();
        view.ground_center = glm::vec3(0.5f * (lo.x + hi.x), lo.y, 0.5f * (lo.z + hi.z));
        view.ground_extent = crowd ? 0.8f * glm::length(hi - lo) : 4.0f * size;
        view.grid_cell = std::pow(10.0f, std::floor(std::log10(std::max(size, 1e-6f) / 4.0f)));
        view.joint_size = 9.0f * ImGui::GetIO().FontGlobalScale * target_->scale();  // in the scene's pixels
        // A crowd shows one skeleton, the instance's under the cursor (or else the selected
        // one's): all of them would hide the crowd.
        const int shown = !crowd                         ? 0
                          : state_.hovered_joint >= 0   ? state_.hovered_instance
                          : state_.selected_joint >= 0  ? state_.selected_instance
                                                         : -1;
        if (shown >= 0) {
            skeleton.joints = joint_positions(crowd ? crowd->placed_globals(shown) : d.globals());
            skeleton.parents = scene.character().skeleton.parents;
            skeleton.selected = shown == state_.selected_instance ? state_.selected_joint : -1;
            skeleton.hovered = shown == state_.hovered_instance ? state_.hovered_joint : -1;
        }
    }

    // A frame read back (headless, recorded, a screenshot) is the view alone: drawn whole.
    if (!read_back && !options_.hide_ui && state_.panel.draw_list) {
        const ImVec2 display = ImGui::GetIO().DisplaySize;
        view.covered = panel_cover(state_.panel, glm::vec2(display.x, display.y),
                                   glm::ivec2(target_->scene_width(), target_->scene_height()));
    }
    const auto scene_start = std::chrono::steady_clock::now();
    target_->bind_scene();
    renderer_->draw(view, skeleton, glm::ivec2(target_->scene_width(), target_->scene_height()));
    state_.timing.scene_ms = milliseconds_since(scene_start);
    target_->resolve();
    if (state_.exports.frames.recording()) {  // the view alone, before the panels are drawn on it
        try {
            state_.exports.frames.write(target_->read_rgba(), target_->width(), target_->height());
        } catch (const std::exception& e) {
            state_.error_message = e.what();
            stop_frame_recording(state_);  // the frames written so far still reach the user (the browser's zip)
        }
    }
    const auto ui_start = std::chrono::steady_clock::now();
    ImGui::Render();
    if (!options_.hide_ui) {
        const PanelLayout& panel = state_.panel;
        draw_ui(*ui_renderer_, target_->frame_framebuffer(),
                {panel.draw_list, {panel.x, panel.y, panel.x + panel.width, panel.y + panel.height}});
        state_.timing.panel_triangles_drawn = ui_renderer_->last_triangles_drawn();
    }
    state_.timing.ui_ms += milliseconds_since(ui_start);
    if (!pending_screenshot_.empty()) {
        try {
            save_screenshot(pending_screenshot_);
            platform::offer_download(pending_screenshot_, platform::AfterDownload::Remove);  // the browser's
        } catch (const std::exception& e) {
            state_.error_message = e.what();
        }
        pending_screenshot_.clear();
    }
    const auto present_start = std::chrono::steady_clock::now();
    if (!options_.headless) {
        target_->present(fb_width, fb_height);
        glfwSwapBuffers(window_);
    }
    state_.timing.present_ms = milliseconds_since(present_start);
}

std::vector<std::uint8_t> ViewerApp::read_frame(int& width, int& height) const {
    if (!target_) throw std::runtime_error("no frame drawn yet");
    width = target_->width();
    height = target_->height();
    return target_->read_rgba();
}

void ViewerApp::save_screenshot(const std::string& path) const {
    int width = 0, height = 0;
    const std::vector<std::uint8_t> pixels = read_frame(width, height);
    if (!stbi_write_png(path.c_str(), width, height, 4, pixels.data(), width * 4))
        throw std::runtime_error("cannot write " + path);
}

}  // namespace dynskin::app
