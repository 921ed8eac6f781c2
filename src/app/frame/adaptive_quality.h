#pragma once
// How many pixels the view costs: the level of quality the scene is drawn at (multisampling
// and render resolution), chosen by the user or adapted to the frame rate (issue 31). On
// software WebGL (SwiftShader, llvmpipe) the pixels are most of a frame: 4x MSAA and its
// resolve copy, then the resolution, are the first things to give up when frames are slow,
// and taken back when there is room.
//
// Auto: starts at High (Medium on a software renderer); steps down one level when the last
// second ran below kSlowFps, up one when frames ran at kFastFps or more for a while (2 s,
// doubled each time a step up had to be undone: no back and forth). A step up is on trial for
// kRetreatSeconds: undone if frames fall below kKeepFps meanwhile (a level that costs a
// quarter of the frame rate is not worth it). On a software renderer Auto goes no higher than
// Medium: at the display's 60 fps there is no telling how much room is left, and 4x MSAA took
// the fox on SwiftShader from 55 to 40 fps (High can still be pinned).

#include <optional>
#include <string>

namespace dynskin::app {

enum class QualityLevel { Lowest = 0, Low = 1, Medium = 2, High = 3 };

// What a level draws: MSAA samples (1: none) and the scene's resolution as a fraction of the
// window's (the panels are always drawn at the window's).
struct RenderQuality {
    int samples = 4;
    float scale = 1.0f;
};
RenderQuality render_quality(QualityLevel level);

// "high", "medium", "low", "lowest"; and "auto" for the setting.
const char* quality_name(QualityLevel level);
// A setting's name: a level, or nullopt for "auto". Throws std::invalid_argument naming the
// choices for anything else.
std::optional<QualityLevel> parse_quality(const std::string& name);

class AdaptiveQuality {
public:
    static constexpr double kSlowFps = 30.0;
    static constexpr double kFastFps = 55.0;
    static constexpr double kKeepFps = 45.0;
    static constexpr double kRetreatSeconds = 5.0;

    // Auto from the start level for this renderer, or a level pinned.
    void start(bool software_renderer, std::optional<QualityLevel> pinned = std::nullopt);
    // Pins a level, or (nullopt) lets it adapt again from where it is.
    void pin(std::optional<QualityLevel> level);

    // One frame's interval as the platform paced it (seconds since the last frame began),
    // which includes the wait for the GPU: the level may change for the next frame.
    void observe(double frame_seconds);

    QualityLevel level() const { return level_; }
    bool automatic() const { return automatic_; }
    bool software_renderer() const { return software_; }
    // Seconds of fast frames needed before the next step up.
    double raise_after() const { return raise_after_; }
    // The highest level Auto goes to: High, Medium on a software renderer.
    QualityLevel highest_automatic() const { return software_ ? QualityLevel::Medium : QualityLevel::High; }

private:
    void change_to(QualityLevel level);

    QualityLevel level_ = QualityLevel::High;
    bool automatic_ = true;
    bool software_ = false;
    double time_ = 0.0;               // seconds observed since start
    double short_seconds_ = 0.0;      // the current one-second window
    int short_frames_ = 0;
    double fast_seconds_ = 0.0;       // fast frames in a row, in whole windows
    double raise_after_ = 2.0;
    double last_raise_ = -1e9;        // when the level last went up
};

}  // namespace dynskin::app
