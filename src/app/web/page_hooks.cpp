#include "app/web/page_hooks.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <exception>
#include <filesystem>
#include <string>
#include <vector>

#include <emscripten/emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>

#include "app/files/settings_link.h"
#include "app/panels/panels.h"
#include "app/panels/warning_groups.h"
#include "app/viewer_app.h"
#include "app/web/widget_rects.h"
#include "characters/character_source.h"
#include "dynskin/deformer.h"
#include "dynskin/measurement_clock.h"
#include "dynskin/pose_sampler.h"
#include "dynskin/rig_defaults.h"

namespace dynskin::app::web {
namespace {

ViewerApp* exposed = nullptr;

const Scene* scene() { return exposed && exposed->state().scene ? exposed->state().scene.get() : nullptr; }

float component(const glm::vec3& v, int axis) { return axis == 0 ? v.x : axis == 1 ? v.y : v.z; }

// CSS pixels per window pixel: the window counts the canvas's drawing-buffer pixels, device
// pixels on a HiDPI screen (platform.cpp); the page and its tests click in CSS pixels.
double css_per_pixel() {
    double css_width = 0.0, css_height = 0.0;
    emscripten_get_element_css_size("#canvas", &css_width, &css_height);
    const float display = ImGui::GetIO().DisplaySize.x;
    return display > 0.0f && css_width > 0.0 ? css_width / display : 1.0;
}

// The last dynskin_trace's vertex, LBS then final position, and the character's size L.
glm::vec3 traced[2];
float traced_size = 0.0f;
std::string trace_error;

}  // namespace

void expose_to_page(ViewerApp& app) {
    exposed = &app;
    record_widget_rects();  // for dynskin_widget
}

}  // namespace dynskin::app::web

using namespace dynskin;
using namespace dynskin::app::web;

extern "C" {

// Frames drawn so far (ImGui counts them): the tests wait for the first ones.
EMSCRIPTEN_KEEPALIVE int dynskin_frame_count() { return ImGui::GetFrameCount(); }

// The current character's name ("" before one is loaded) and the error shown, if any.
EMSCRIPTEN_KEEPALIVE const char* dynskin_character() {
    static std::string name;
    name = scene() ? scene()->character().name : "";
    return name.c_str();
}
EMSCRIPTEN_KEEPALIVE const char* dynskin_error() { return exposed ? exposed->state().error_message.c_str() : ""; }
// As the message's OK button does.
EMSCRIPTEN_KEEPALIVE void dynskin_dismiss_error() {
    if (exposed) exposed->state().error_message.clear();
}

// Asks the viewer to open a bundled character or a file (as the Character panel does).
EMSCRIPTEN_KEEPALIVE void dynskin_load(const char* name_or_path) {
    if (exposed) exposed->state().load_request = std::string(name_or_path);
}

// The fraction of the requested character's download the panel shows, -1 when none is shown.
EMSCRIPTEN_KEEPALIVE double dynskin_download_fraction() {
    return exposed && exposed->state().download_fraction ? *exposed->state().download_fraction : -1.0;
}

EMSCRIPTEN_KEEPALIVE int dynskin_joint_count() {
    return scene() ? static_cast<int>(scene()->deformer.globals().size()) : 0;
}

// A joint's position in the world (axis 0..2) or in the page's CSS pixels (axis 3, 4: x, y;
// -1 when it is behind the camera).
EMSCRIPTEN_KEEPALIVE double dynskin_joint(int joint, int axis) {
    if (!scene() || joint < 0 || joint >= dynskin_joint_count()) return 0.0;
    const glm::vec3 world(scene()->deformer.globals()[static_cast<std::size_t>(joint)][3]);
    if (axis < 3) return component(world, axis);
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    glm::vec2 pixel;
    if (!exposed->state().camera.project(world, glm::vec2(display.x, display.y), pixel)) return -1.0;
    return (axis == 3 ? pixel.x : pixel.y) * css_per_pixel();
}

EMSCRIPTEN_KEEPALIVE int dynskin_vertex_count() {
    return scene() ? static_cast<int>(scene()->deformer.positions().size()) : 0;
}

// A vertex's current deformed position (the CPU path's), axis 0..2.
EMSCRIPTEN_KEEPALIVE double dynskin_vertex(int vertex, int axis) {
    if (!scene() || vertex < 0 || static_cast<std::size_t>(vertex) >= scene()->deformer.positions().size()) return 0.0;
    return component(scene()->deformer.positions()[static_cast<std::size_t>(vertex)], axis);
}

// What the last frame's deformation took on the CPU, in ms (the Performance panel's stages:
// joints and filter, skinning, bend and normals), and the whole frame's CPU time.
EMSCRIPTEN_KEEPALIVE double dynskin_deform_ms() {
    if (!scene()) return 0.0;
    const StageTimes& t = scene()->deformer.stage_times();
    return t.measure + t.skin + t.bend;
}
EMSCRIPTEN_KEEPALIVE double dynskin_frame_ms() { return exposed ? exposed->state().frame_ms : 0.0; }
// The last frame's own work (CPU, the present excluded) and its wait (frame_timing.h).
EMSCRIPTEN_KEEPALIVE double dynskin_work_ms() { return exposed ? exposed->state().timing.work_ms : 0.0; }
EMSCRIPTEN_KEEPALIVE double dynskin_wait_ms() { return exposed ? exposed->state().timing.wait_ms() : 0.0; }

// The view's quality (adaptive_quality.h): its level now (0 lowest .. 3 high), its name, and
// whether it adapts; dynskin_set_quality("auto" or a level) is the Performance panel's choice.
EMSCRIPTEN_KEEPALIVE int dynskin_quality_level() {
    return exposed ? static_cast<int>(exposed->state().quality.level()) : -1;
}
EMSCRIPTEN_KEEPALIVE const char* dynskin_quality_name() {
    return exposed ? app::quality_name(exposed->state().quality.level()) : "";
}
EMSCRIPTEN_KEEPALIVE int dynskin_quality_automatic() { return exposed && exposed->state().quality.automatic(); }
EMSCRIPTEN_KEEPALIVE int dynskin_software_renderer() { return exposed && exposed->state().quality.software_renderer(); }
EMSCRIPTEN_KEEPALIVE int dynskin_set_quality(const char* name) {
    if (!exposed) return 0;
    try {
        exposed->state().quality.pin(app::parse_quality(name));
        return 1;
    } catch (const std::exception&) {
        return 0;
    }
}

// The sum of the bend layer's painted weights (the paint tests watch it change and come back).
EMSCRIPTEN_KEEPALIVE double dynskin_bend_weight_sum() {
    double sum = 0.0;
    if (scene())
        for (float w : scene()->character().mesh.bend_weights) sum += w;
    return sum;
}

// What `dynskin-cli trace CHARACTER --vertex V --duration T` prints for its last tick, with
// ticks = T * 60: the first clip (held at its end), the file's settings, 1/60 s ticks, on the
// WebAssembly core, apart from the viewer. Returns 0, then dynskin_traced(k) gives LBS x, y,
// z (k = 0..2), the final x, y, z (k = 3..5) and the size L (k = 6); -1 with the message in
// dynskin_trace_error().
EMSCRIPTEN_KEEPALIVE int dynskin_trace(const char* character, int vertex, int ticks) {
    try {
        const io::LoadedCharacter loaded = characters::load_character(character);
        const Character& c = loaded.character;
        if (vertex < 0 || static_cast<std::size_t>(vertex) >= c.mesh.vertex_count())
            throw std::runtime_error("vertex out of range");
        const DynamicSettings settings = saved_or_unseen_rig_settings(loaded.settings, c);
        PoseSampler sampler = [&c](double, Pose& pose) { pose.local = c.skeleton.rest; };
        if (!c.clips.empty()) sampler = clip_sampler(c.skeleton, c.clips[0], false);
        Deformer deformer(c);
        for (Tick n = 0; n <= ticks; ++n) deformer.update(tick_time(n), sampler, settings);
        traced[0] = deformer.base_positions()[static_cast<std::size_t>(vertex)];
        traced[1] = deformer.positions()[static_cast<std::size_t>(vertex)];
        traced_size = deformer.size();
        trace_error.clear();
        return 0;
    } catch (const std::exception& e) {
        trace_error = e.what();
        return -1;
    }
}
EMSCRIPTEN_KEEPALIVE double dynskin_traced(int k) {
    if (k == 6) return traced_size;
    return k >= 0 && k < 6 ? component(traced[k / 3], k % 3) : 0.0;
}
EMSCRIPTEN_KEEPALIVE const char* dynskin_trace_error() { return trace_error.c_str(); }

// --- Links, HiDPI, touch (settings_link.h, panel_share.cpp, touch_input.h) ---

// A global parameter by its link key ("f", "tau", "A", "D", "c", "mode", ...; see
// settings_link.h): enums as their index, c infinite when dLBS is off; NaN for no such key.
EMSCRIPTEN_KEEPALIVE double dynskin_parameter(const char* key) {
    return exposed ? app::link_value(exposed->state().settings.parameters, key) : 0.0;
}

// The current clip's name ("none": the rest pose; "" before a character is loaded).
EMSCRIPTEN_KEEPALIVE const char* dynskin_clip() {
    static std::string name;
    name.clear();
    if (const auto* s = scene()) {
        const int clip = s->input.clip;
        name = clip < 0 ? "none" : s->character().clips[static_cast<std::size_t>(clip)].name;
    }
    return name.c_str();
}

// What "Copy link" would copy now, and what it copied last (its text field).
EMSCRIPTEN_KEEPALIVE const char* dynskin_link() {
    static std::string link;
    link = exposed ? app::share_link(exposed->state()) : "";
    return link.c_str();
}
EMSCRIPTEN_KEEPALIVE const char* dynskin_shared_link() { return exposed ? exposed->state().shared_link.c_str() : ""; }

// The UI scale (the device pixel ratio in the browser).
EMSCRIPTEN_KEEPALIVE double dynskin_ui_scale() { return ImGui::GetIO().FontGlobalScale; }

// The largest distance of a vertex from its base skinning (the dynamics' offset), in
// character sizes: 0 when nothing wobbles or lags.
EMSCRIPTEN_KEEPALIVE double dynskin_largest_offset() {
    const auto* s = scene();
    if (!s) return 0.0;
    const std::vector<glm::vec3>& p = s->deformer.positions();
    const std::vector<glm::vec3>& base = s->deformer.base_positions();
    float largest = 0.0f;
    for (std::size_t v = 0; v < p.size() && v < base.size(); ++v) {
        const float d = glm::distance(p[v], base[v]);
        largest = std::isnan(d) ? d : std::max(largest, d);  // a NaN shows
        if (std::isnan(largest)) break;
    }
    return largest / std::max(s->deformer.size(), 1e-12f);
}

// The size the panel's font is rasterised at, in pixels (13 times the UI scale: drawn one
// texel per pixel, sharp).
EMSCRIPTEN_KEEPALIVE double dynskin_font_pixels() {
    const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    return atlas && !atlas->Fonts.empty() ? atlas->Fonts[0]->FontSize : 0.0;
}

// The camera: k = 0 yaw, 1 pitch (radians), 2 distance, 3..5 the target.
EMSCRIPTEN_KEEPALIVE double dynskin_camera(int k) {
    if (!exposed) return 0.0;
    const app::OrbitCamera& c = exposed->state().camera;
    const double v[6] = {c.yaw, c.pitch, c.distance, c.target.x, c.target.y, c.target.z};
    return k >= 0 && k < 6 ? v[k] : 0.0;
}

// Files in the browser (tests/web/files_test.js).

// Where the widget labelled label (as the panels pass it to ImGui) was drawn in the last
// frame, in CSS pixels: k = 0..3 gives x, y, width, height; -1 when it was not drawn.
EMSCRIPTEN_KEEPALIVE double dynskin_widget(const char* label, int k) {
    WidgetRect r;
    if (!widget_rect(label, r)) return -1.0;
    return (k == 0 ? r.x : k == 1 ? r.y : k == 2 ? r.width : r.height) * css_per_pixel();
}

// The squash & stretch strength S, a parameter saved into glbs and presets.
EMSCRIPTEN_KEEPALIVE double dynskin_squash() { return exposed ? exposed->state().settings.parameters.squash : 0.0; }
EMSCRIPTEN_KEEPALIVE void dynskin_set_squash(double s) {
    if (exposed) exposed->state().settings.parameters.squash = static_cast<float>(s);
}

// --- The view (issue 31: panel_layout.h, follow_camera.h, warning_groups.h) ---

// The panel, in the last frame: k = 0 whether it shows (1 or 0), 1..4 its x, y, width and
// height in CSS pixels, 5 how far its content could scroll (0: it fits), in CSS pixels.
EMSCRIPTEN_KEEPALIVE double dynskin_panel(int k) {
    if (!exposed) return 0.0;
    const app::PanelLayout& p = exposed->state().panel;
    const double css = css_per_pixel();
    const double v[6] = {p.shown ? 1.0 : 0.0, p.x * css, p.y * css, p.width * css, p.height * css, p.scroll_max_y * css};
    return k >= 0 && k < 6 ? v[k] : 0.0;
}

// The panel's triangles drawn again in the last frame (0 when it did not change: the
// renderer keeps it, gl/ui_renderer.h).
EMSCRIPTEN_KEEPALIVE double dynskin_panel_triangles_drawn() {
    return exposed ? static_cast<double>(exposed->state().timing.panel_triangles_drawn) : 0.0;
}

// The Display panel's switches: "skeleton", "follow", "mesh", "grid" (1 on, 0 off, -1 no
// such switch).
EMSCRIPTEN_KEEPALIVE int dynskin_display(const char* name) {
    if (!exposed) return -1;
    const app::DisplayOptions& d = exposed->state().display;
    const std::string n = name;
    return n == "skeleton" ? d.skeleton : n == "follow" ? d.follow : n == "mesh" ? d.mesh : n == "grid" ? d.grid : -1;
}

// Turns "mesh" or "grid" on (1) or off (0), as their checkboxes do: what a frame costs without
// them (bench/web_vs_threejs.js --parts). Returns 0, or -1 for another name.
EMSCRIPTEN_KEEPALIVE int dynskin_set_display(const char* name, int on) {
    if (!exposed) return -1;
    app::DisplayOptions& d = exposed->state().display;
    const std::string n = name;
    bool* option = n == "mesh" ? &d.mesh : n == "grid" ? &d.grid : nullptr;
    if (!option) return -1;
    *option = on != 0;
    return 0;
}

// The character's box as posed now, projected: k = 0..3 its left, top, right and bottom in
// CSS pixels (the page's), -1e9 when a corner is behind the camera; k = 4, 5: where the
// camera's target (the view's centre) is drawn.
EMSCRIPTEN_KEEPALIVE double dynskin_character_box(int k) {
    if (!scene() || k < 0 || k > 5) return -1e9;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    if (k >= 4) {
        glm::vec2 pixel;
        if (!exposed->state().camera.project(exposed->state().camera.target, glm::vec2(display.x, display.y), pixel))
            return -1e9;
        return (k == 4 ? pixel.x : pixel.y) * css_per_pixel();
    }
    glm::vec3 lo, hi;
    app::posed_bounds(*scene(), lo, hi);
    glm::vec2 low(1e30f), high(-1e30f);
    for (int corner = 0; corner < 8; ++corner) {
        const glm::vec3 p(corner & 1 ? hi.x : lo.x, corner & 2 ? hi.y : lo.y, corner & 4 ? hi.z : lo.z);
        glm::vec2 pixel;
        if (!exposed->state().camera.project(p, glm::vec2(display.x, display.y), pixel)) return -1e9;
        low = glm::min(low, pixel), high = glm::max(high, pixel);
    }
    const double v[4] = {low.x, low.y, high.x, high.y};
    return v[k] * css_per_pixel();
}

// The loader's warnings as the Character panel groups them: their number, the groups' number,
// and a group's line ("N\u00d7 summary", or the message alone).
EMSCRIPTEN_KEEPALIVE int dynskin_warning_count() { return scene() ? static_cast<int>(scene()->loaded.warnings.size()) : 0; }
EMSCRIPTEN_KEEPALIVE int dynskin_warning_group_count() {
    return scene() ? static_cast<int>(app::group_warnings(scene()->loaded.warnings).size()) : 0;
}
EMSCRIPTEN_KEEPALIVE const char* dynskin_warning_group(int g) {
    static std::string line;
    line.clear();
    if (!scene()) return "";
    const std::vector<app::WarningGroup> groups = app::group_warnings(scene()->loaded.warnings);
    if (g < 0 || g >= static_cast<int>(groups.size())) return "";
    const app::WarningGroup& group = groups[static_cast<std::size_t>(g)];
    if (group.messages.size() > 1) line = std::to_string(group.messages.size()) + "\xC3\x97 ";
    line += group.summary;
    return line.c_str();
}

// Whether the page's memory file system holds path (what was downloaded should be gone).
EMSCRIPTEN_KEEPALIVE int dynskin_path_exists(const char* path) {
    std::error_code error;
    return std::filesystem::exists(path, error) ? 1 : 0;
}

// The file the open character comes from (in the page's memory), or a bundled name.
EMSCRIPTEN_KEEPALIVE const char* dynskin_source() { return scene() ? scene()->source.c_str() : ""; }

// The Export panel's last outcome ("Baked 121 frames: downloaded as ...").
EMSCRIPTEN_KEEPALIVE const char* dynskin_export_status() {
    return exposed ? exposed->state().exports.status.c_str() : "";
}

}  // extern "C"
